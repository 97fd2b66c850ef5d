// The popup's shortcuts: the keys the browser has for Inkmark's commands (the person may have
// changed them), and a button to change them in the browser's own settings (pages/shortcuts.ts).
import { useEffect, useRef, useState, type CSSProperties } from 'react'
import {
  browserShortcutSettingsApi,
  hasPageFallbacks,
  listShortcuts,
  openShortcutSettings,
  type ShortcutRow,
} from '../../pages/shortcuts'

const styles = {
  section: { borderTop: '1px solid #d0d7de', marginTop: 12, paddingTop: 8 },
  heading: { fontSize: 14, margin: '0 0 6px' },
  list: { display: 'grid', gridTemplateColumns: '1fr auto', gap: '2px 8px', margin: '0 0 8px' },
  key: { fontFamily: 'ui-monospace, monospace', margin: 0, textAlign: 'right' },
  unset: { color: '#6e7781', margin: 0, textAlign: 'right' },
  button: {
    font: 'inherit',
    padding: '4px 10px',
    borderRadius: 6,
    border: '1px solid #d0d7de',
    background: '#f6f8fa',
    color: '#1f2328',
    cursor: 'pointer',
  },
  notice: { margin: '6px 0 0', overflowWrap: 'anywhere' },
} satisfies Record<string, CSSProperties>

/** The shortcut list and the way to change the keys. */
export function ShortcutsPanel() {
  const [rows, setRows] = useState<ShortcutRow[] | undefined>()
  const [notice, setNotice] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    void listShortcuts(() => chrome.commands.getAll(), hasPageFallbacks()).then(setRows)
    return () => clearTimeout(timer.current)
  }, [])

  const change = () => {
    void openShortcutSettings(browserShortcutSettingsApi()).then((outcome) => {
      clearTimeout(timer.current)
      if (outcome.kind === 'notice') {
        setNotice(outcome.notice)
        timer.current = setTimeout(() => setNotice(''), outcome.durationMs)
      } else if (outcome.notice) {
        setNotice(outcome.notice)
      } else {
        window.close()
      }
    })
  }

  return (
    <section style={styles.section} aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading" style={styles.heading}>
        Keyboard shortcuts
      </h2>
      {rows && (
        <dl style={styles.list} data-testid="shortcuts">
          {rows.map((row) => (
            <div key={row.command} style={{ display: 'contents' }}>
              <dt>{row.label}</dt>
              {row.shortcut === '' ? (
                <dd style={styles.unset}>Not set</dd>
              ) : (
                <dd style={styles.key} title={row.inPagesOnly ? 'On web pages' : undefined}>
                  {row.shortcut}
                </dd>
              )}
            </div>
          ))}
        </dl>
      )}
      <button type="button" style={styles.button} onClick={change}>
        Change shortcuts
      </button>
      <p role="status" style={styles.notice}>
        {notice}
      </p>
    </section>
  )
}
