import { Message, countLabel } from '@inkmark/shared'
import { useState, type CSSProperties } from 'react'
import { OFFER_PAGE_CONTENT } from '../../guest/channels'
import { INKMARK_APP_URL } from '../../pages/app-url'
import { loadCurrentPage, savePage, type CurrentPage } from '../../pages/current-page'
import { OPEN_READER_CHANNEL, OPEN_SIDEBAR_CHANNEL } from '../../pages/sidebar-protocol'
import { useLibraryQuery } from '../../pages/use-library'
import { ShortcutsPanel } from './ShortcutsPanel'
import { SyncPanel } from './SyncPanel'

const styles = {
  main: { width: 300, padding: 16, font: '14px/1.45 system-ui, sans-serif', color: '#1f2328' },
  heading: { fontSize: 18, margin: '0 0 8px' },
  text: { margin: '8px 0' },
  actions: { display: 'grid', gap: 8, marginTop: 12 },
  primary: {
    font: 'inherit',
    padding: '6px 12px',
    borderRadius: 6,
    border: '1px solid #1f883d',
    background: '#1f883d',
    color: '#fff',
    cursor: 'pointer',
  },
  secondary: {
    font: 'inherit',
    padding: '6px 12px',
    borderRadius: 6,
    border: '1px solid #d0d7de',
    background: '#f6f8fa',
    color: '#1f2328',
    cursor: 'pointer',
  },
  status: { margin: '8px 0 0', color: '#424a53', minHeight: '1.45em' },
} satisfies Record<string, CSSProperties>

const OFF_TEXT = {
  'browser-page': "Inkmark can't highlight on this page. Open a web page or a PDF to highlight it.",
  blacklisted:
    'Highlighting is off on this site. You can change the list of sites in the settings.',
} as const

function openApp(): void {
  void chrome.tabs.create({ url: INKMARK_APP_URL })
  window.close()
}

/** The popup's content for the active tab: its highlight count and what can be done there. */
export function PopupPanel() {
  // The toolbar popup is in no tab, so it does not hear of library changes: it reloads itself
  // after its own writes.
  const [writes, setWrites] = useState(0)
  const state = useLibraryQuery(loadCurrentPage, `current-page:${writes}`)
  return (
    <main style={styles.main}>
      <h1 style={styles.heading}>Inkmark</h1>
      {state.status === 'loading' ? <p style={styles.text}>Loading…</p> : null}
      {state.status === 'error' ? (
        <p style={styles.text} role="alert">
          {state.error}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <PageActions page={state.value} onSaved={() => setWrites((count) => count + 1)} />
      ) : null}
      <SyncPanel />
      <ShortcutsPanel />
    </main>
  )
}

function PageActions({ page, onSaved }: { page: CurrentPage; onSaved: () => void }) {
  const [status, setStatus] = useState('')
  const [saving, setSaving] = useState(false)
  if (page.kind === 'off') {
    return (
      <>
        <p style={styles.text}>{OFF_TEXT[page.reason]}</p>
        <div style={styles.actions}>
          <button type="button" style={styles.secondary} onClick={openApp}>
            Open library
          </button>
        </div>
      </>
    )
  }
  const saved = page.bookmark?.isStarred === true
  const save = () => {
    setSaving(true)
    savePage(page).then(
      () => {
        setStatus(Message.BOOKMARK_SAVED)
        onSaved()
        // The page then offers its content to be saved, when the person asked for that (ADR 017).
        chrome.tabs.sendMessage(page.tabId, { channel: OFFER_PAGE_CONTENT }).catch(() => {
          // A page loaded before the extension has no content script; the bookmark is saved.
        })
      },
      (error: unknown) => {
        setSaving(false)
        setStatus(error instanceof Error ? error.message : Message.GENERIC_ERROR)
      },
    )
    // The page's state is loaded again (starred), which keeps the button disabled.
  }
  /** Asks the page's content script for something; a page loaded before the extension has none. */
  const askPage = (channel: string) => {
    chrome.tabs.sendMessage(page.tabId, { channel }).then(
      () => window.close(),
      () => setStatus('Reload the page to use Inkmark on it.'),
    )
  }
  return (
    <>
      <p style={styles.text} data-testid="highlight-count">
        {page.count === 0
          ? 'No highlights on this page yet. Select text to highlight it.'
          : `${countLabel(page.count, 'highlight')} on this page`}
      </p>
      <div style={styles.actions}>
        <button
          type="button"
          style={styles.primary}
          onClick={save}
          disabled={saved || saving}
          aria-describedby="popup-status"
        >
          {saved ? 'Saved' : 'Save page'}
        </button>
        <button
          type="button"
          style={styles.secondary}
          onClick={() => askPage(OPEN_SIDEBAR_CHANNEL)}
        >
          Open sidebar
        </button>
        <button type="button" style={styles.secondary} onClick={() => askPage(OPEN_READER_CHANNEL)}>
          Open in reader
        </button>
        <button type="button" style={styles.secondary} onClick={openApp}>
          Open library
        </button>
      </div>
      <p id="popup-status" role="status" style={styles.status}>
        {status}
      </p>
    </>
  )
}
