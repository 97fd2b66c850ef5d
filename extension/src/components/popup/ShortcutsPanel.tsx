// The popup's shortcuts: the keys the browser has for Inkmark's commands (the person may have
// changed them), and a button to change them in the browser's own settings (pages/shortcuts.ts).
import { useEffect, useRef, useState } from 'react'
import {
  browserShortcutSettingsApi,
  hasPageFallbacks,
  listShortcuts,
  openShortcutSettings,
  type ShortcutRow,
} from '../../pages/shortcuts'

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
    <section className="ink-popup-section" aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading">Keyboard shortcuts</h2>
      {rows && (
        <dl className="ink-popup-shortcuts" data-testid="shortcuts">
          {rows.map((row) => (
            <div key={row.command} style={{ display: 'contents' }}>
              <dt>{row.label}</dt>
              {row.shortcut === '' ? (
                <dd className="ink-popup-unset">Not set</dd>
              ) : (
                <dd title={row.inPagesOnly ? 'On web pages' : undefined}>
                  <kbd className="ink-popup-key">{row.shortcut}</kbd>
                </dd>
              )}
            </div>
          ))}
        </dl>
      )}
      <div className="ink-popup-row">
        <button type="button" className="ink-popup-button" data-variant="link" onClick={change}>
          Change shortcuts
        </button>
      </div>
      <p role="status" className="ink-popup-status" style={{ overflowWrap: 'anywhere' }}>
        {notice}
      </p>
    </section>
  )
}
