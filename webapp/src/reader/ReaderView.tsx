// The web app's reader (/reader?url=&pageContent=&summarize=): a bar with the settings button, the
// settings panel, the page's AI summary (ReaderSummary) and the article of the page with its
// highlights, or the failure in words. A saved page is read from this browser's library, so it
// works offline; a page not in the library is fetched through the misc server (the free tools,
// docs/adr/075) and saved only once the person highlights it or asks for its summary.
import { useEffect, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { SavePdfButton } from '../misc/SavePdfButton'
import { useLocalStore } from '../library/LibraryProvider'
import { toWebUrl } from '../lib/safe-url'
import { FetchedPageNotice } from './FetchedPageNotice'
import { ReaderArticle } from './ReaderArticle'
import { ReaderSummary } from './ReaderSummary'
import type { ReaderSearch } from './reader-search'
import { ReaderSettingsPanel } from '@inkmark/shared/reader-ui'
import { useReaderArticle } from './use-reader-article'
import { useReaderSettings } from './use-reader-settings'
import './reader.css'

const SETTINGS_PANEL_ID = 'reader-settings'

/** The reader for the page the route names. */
export function ReaderView({ search }: { search: ReaderSearch }) {
  const store = useLocalStore()
  const state = useReaderArticle(store, search)
  const [settings, changeSettings] = useReaderSettings()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    document.title =
      state.status === 'ready'
        ? `${state.article.title} · Reader · Inkmark`
        : state.status === 'failed'
          ? `${state.message} · Inkmark`
          : 'Reader · Inkmark'
  }, [state])

  const closeSettings = () => {
    setSettingsOpen(false)
    toggle.current?.focus()
  }
  const original = state.status === 'failed' ? toWebUrl(state.url) : undefined

  return (
    <div className="reader" data-color-mode={settings.colorMode}>
      <div className="reader-bar">
        <span className="reader-brand">Reader</span>
        {state.status === 'ready' && (
          <SavePdfButton
            url={state.article.url}
            title={state.article.title}
            article={state.article}
          />
        )}
        <button
          ref={toggle}
          type="button"
          className="button"
          aria-expanded={settingsOpen}
          aria-controls={SETTINGS_PANEL_ID}
          onClick={() => setSettingsOpen((open) => !open)}
        >
          Reader settings
        </button>
      </div>
      <ReaderSettingsPanel
        id={SETTINGS_PANEL_ID}
        buttonClassName="button"
        hidden={!settingsOpen}
        settings={settings}
        onChange={changeSettings}
        onClose={closeSettings}
      />
      <div className="reader-page">
        {state.status === 'loading' && <p role="status">Loading the article…</p>}
        {state.status === 'fetching' && (
          <div className="reader-fetching" role="status">
            <p>Fetching the page…</p>
            <progress aria-label="Fetching the page" />
            <p className="reader-fetching-url">{state.url}</p>
          </div>
        )}
        {state.status === 'ready' && (
          <>
            {state.fetched && <FetchedPageNotice url={state.article.url} />}
            <ReaderSummary
              url={state.article.url}
              title={state.article.title}
              offerUnsaved={search.summarize === true}
              {...(state.fetched ? { fetchedArticle: state.article } : {})}
            />
            <ReaderArticle article={state.article} settings={settings} fetched={state.fetched} />
          </>
        )}
        {state.status === 'failed' && (
          <div className="reader-failure">
            <h1>{state.message}</h1>
            <p>
              {state.advice ??
                'Pages are readable here once their content is saved (Settings, Saved documents).'}{' '}
              {original !== undefined && (
                <a href={original} target="_blank" rel="noopener noreferrer">
                  Open the original page
                </a>
              )}
            </p>
            <p>
              <Link to="/">Back to your library</Link>
            </p>
          </div>
        )}
      </div>
    </div>
  )
}
