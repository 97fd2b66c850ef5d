// The popup's layout (ADR 039): a header with the way to the web app, the learning reminder when
// it is due, then the Black Friday banner in its week, the active page (its highlights, Save page, the sidebar and the reader), sharing it (ADR 062), the account
// and its live sync state, and the keyboard shortcuts.
import { Plan, SETTINGS_SECTION_IDS, countLabel } from '@inkmark/shared'
import { useState } from 'react'
import { OFFER_PAGE_CONTENT } from '../../guest/channels'
import { INKMARK_APP_URL } from '../../pages/app-url'
import { savePage } from '../../pages/current-page'
import { useSyncStatus } from '../../pages/session-client'
import { OPEN_READER_CHANNEL, OPEN_SIDEBAR_CHANNEL } from '../../pages/sidebar-protocol'
import { useLibraryQuery } from '../../pages/use-library'
import { BlackFridayBanner } from './BlackFridayBanner'
import { LearningTeaserPanel, teaserVisibility, useLearningTeaser } from './LearningTeaserPanel'
import { SharePanel } from '../sharing/SharePanel'
import { loadPopupPage, type PopupPage } from './page-highlights'
import { ShortcutsPanel } from './ShortcutsPanel'
import { SyncPanel } from './SyncPanel'

const BROWSER_PAGE_TEXT =
  "Inkmark can't highlight on this page. Open a web page or a PDF to highlight it."

/** Opens the options page at its blacklist section (the list of sites, ADR 077). */
function openBlacklistSettings(): void {
  void chrome.tabs.create({
    url: chrome.runtime.getURL(`options.html#${SETTINGS_SECTION_IDS.blacklist}`),
  })
  window.close()
}

function openLibrary(): void {
  void chrome.tabs.create({ url: INKMARK_APP_URL })
  window.close()
}

/** The popup's content for the active tab. */
export function PopupPanel() {
  // Reloads after the popup's own writes, and whenever the background announces a change.
  const [writes, setWrites] = useState(0)
  const state = useLibraryQuery(loadPopupPage, `popup-page:${writes}`)
  const teaser = useLearningTeaser()
  // The account's status, with the plan read again when due (it decides the Black Friday banner).
  const [syncState, setSyncStatus] = useSyncStatus({ refreshPlan: true })
  const status = syncState.kind === 'ready' ? syncState.status : undefined
  const plan = status?.plan ?? (status?.signedIn ? Plan.FREE : Plan.OFFLINE)
  return (
    <main className="ink-popup" data-learning-teaser={teaserVisibility(teaser.state)}>
      <header className="ink-popup-header">
        <h1 className="ink-popup-brand">
          <svg className="ink-popup-logo" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <rect width="20" height="20" rx="4" fill="var(--ink-color-accent)" />
            <path d="M5 14.5h10" stroke="var(--ink-color-accent-text)" strokeWidth="2.5" />
            <path d="M7 11.5 12.5 6l2 2L9 13.5H7z" fill="var(--ink-color-accent-text)" />
          </svg>
          Inkmark
        </h1>
        <button type="button" className="ink-popup-button" onClick={openLibrary}>
          Open library
        </button>
      </header>
      <LearningTeaserPanel
        state={teaser.state}
        onClosed={() => {
          teaser.closed()
          // The close button goes with the teaser: the keyboard continues at the next section.
          document.getElementById('page-heading')?.focus()
        }}
      />
      {/* After the learning reminder: the reminder keeps its place in the keyboard order. */}
      {status ? (
        <BlackFridayBanner
          plan={plan}
          onClosed={() => document.getElementById('page-heading')?.focus()}
        />
      ) : null}
      <section className="ink-popup-section" aria-labelledby="page-heading">
        <h2 id="page-heading" tabIndex={-1}>
          This page
        </h2>
        {state.status === 'loading' ? <p className="ink-popup-muted">Loading…</p> : null}
        {state.status === 'error' ? (
          <p className="ink-popup-error" role="alert">
            {state.error}
          </p>
        ) : null}
        {state.status === 'ready' ? (
          <PageActions page={state.value} onSaved={() => setWrites((count) => count + 1)} />
        ) : null}
      </section>
      {state.status === 'ready' && state.value.kind === 'page' ? (
        <section className="ink-popup-section" aria-labelledby="share-heading">
          <h2 id="share-heading">Share this page</h2>
          {state.value.bookmark ? (
            <SharePanel
              key={state.value.bookmark._id}
              bookmarkId={state.value.bookmark._id}
              signInHref="#sync-heading"
            />
          ) : (
            <p className="ink-popup-muted">Highlight or save this page to share it.</p>
          )}
        </section>
      ) : null}
      <SyncPanel state={syncState} setStatus={setSyncStatus} />
      <ShortcutsPanel />
    </main>
  )
}

function PageActions({ page, onSaved }: { page: PopupPage; onSaved: () => void }) {
  const [status, setStatus] = useState('')
  const [saving, setSaving] = useState(false)
  if (page.kind === 'off') {
    return page.reason === 'blacklisted' ? (
      <p className="ink-popup-text">
        Highlighting is off on this site. You can change the list of sites{' '}
        <a
          href={`options.html#${SETTINGS_SECTION_IDS.blacklist}`}
          onClick={(event) => {
            event.preventDefault()
            openBlacklistSettings()
          }}
        >
          in the settings
        </a>
        .
      </p>
    ) : (
      <p className="ink-popup-text">{BROWSER_PAGE_TEXT}</p>
    )
  }
  const saved = page.bookmark?.isStarred === true
  const save = () => {
    setSaving(true)
    savePage(page).then(
      () => {
        setStatus('Saved to your library.')
        onSaved()
        // The page then offers its content to be saved, when the person asked for that (ADR 017).
        chrome.tabs.sendMessage(page.tabId, { channel: OFFER_PAGE_CONTENT }).catch(() => {
          // A page loaded before the extension has no content script; the page is saved.
        })
      },
      (error: unknown) => {
        setSaving(false)
        setStatus(error instanceof Error ? error.message : 'Something went wrong. Try again later.')
      },
    )
  }
  /** Asks the page's content script for something; a page loaded before the extension has none. */
  const askPage = (channel: string) => {
    chrome.tabs.sendMessage(page.tabId, { channel }).then(
      () => window.close(),
      () => setStatus('Reload the page to use Inkmark on it.'),
    )
  }
  const more = page.count - page.highlights.length
  return (
    <>
      <p className="ink-popup-page-title">{page.title.trim() || page.url}</p>
      <p className="ink-popup-muted" data-testid="highlight-count">
        {page.count === 0
          ? 'No highlights on this page yet. Select text to highlight it.'
          : `${countLabel(page.count, 'highlight')} on this page`}
      </p>
      {page.highlights.length > 0 ? (
        <ul className="ink-popup-highlights" aria-label="Highlights on this page">
          {page.highlights.map((highlight) => (
            <li key={highlight.id}>
              <button
                type="button"
                className="ink-popup-highlight"
                onClick={() => askPage(OPEN_SIDEBAR_CHANNEL)}
              >
                <span
                  className="ink-popup-swatch"
                  style={{ background: highlight.color }}
                  aria-hidden="true"
                />
                <span className="ink-popup-highlight-text">{highlight.text}</span>
                {highlight.hasNote ? <span className="visually-hidden">(has a note)</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {more > 0 ? (
        <p className="ink-popup-muted">{countLabel(more, 'more highlight')} in the sidebar</p>
      ) : null}
      <div className="ink-popup-row">
        <button
          type="button"
          className="ink-popup-button"
          data-variant={saved ? 'done' : 'primary'}
          data-grow=""
          onClick={save}
          disabled={saved || saving}
          aria-describedby="popup-status"
        >
          {saved ? 'Saved' : 'Save page'}
        </button>
      </div>
      <div className="ink-popup-row" style={{ marginTop: 'var(--ink-space-2)' }}>
        <button
          type="button"
          className="ink-popup-button"
          data-grow=""
          onClick={() => askPage(OPEN_SIDEBAR_CHANNEL)}
        >
          Open sidebar
        </button>
        <button
          type="button"
          className="ink-popup-button"
          data-grow=""
          onClick={() => askPage(OPEN_READER_CHANNEL)}
        >
          Open in reader
        </button>
      </div>
      <p id="popup-status" role="status" className="ink-popup-status">
        {status}
      </p>
    </>
  )
}
