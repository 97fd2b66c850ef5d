// The web app's reader (/reader?url=&pageContent=): a bar with the settings button, the settings
// panel, the page's AI summary (ReaderSummary) and the saved article of the page with its highlights, or the spec's message when there
// is nothing readable. It reads only this browser's library, so it works offline.
import { useEffect, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { SavePdfButton } from '../misc/SavePdfButton'
import { useLocalStore } from '../library/LibraryProvider'
import { toWebUrl } from '../lib/safe-url'
import { loadSavedArticle, type SavedArticleState } from './load-saved-article'
import { ReaderArticle } from './ReaderArticle'
import { ReaderSummary } from './ReaderSummary'
import type { ReaderSearch } from './reader-search'
import { ReaderSettingsPanel } from '@inkmark/shared/reader-ui'
import { useReaderSettings } from './use-reader-settings'
import './reader.css'

const SETTINGS_PANEL_ID = 'reader-settings'

/** The reader for the page the route names. */
export function ReaderView({ search }: { search: ReaderSearch }) {
  const store = useLocalStore()
  const [state, setState] = useState<SavedArticleState>({ status: 'loading' })
  const [settings, changeSettings] = useReaderSettings()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const { url, pageContent } = search

  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    loadSavedArticle(store, { url, pageContent })
      .catch((error: unknown) => {
        console.error('Inkmark: the reader could not load the page', error)
        return {
          status: 'failed',
          message: 'Could not load content. Try a different page.',
        } as const
      })
      .then((next) => live && setState(next))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [store, url, pageContent])

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
        {state.status === 'ready' && (
          <>
            <ReaderSummary url={state.article.url} title={state.article.title} />
            <ReaderArticle article={state.article} settings={settings} />
          </>
        )}
        {state.status === 'failed' && (
          <div className="reader-failure">
            <h1>{state.message}</h1>
            <p>
              Pages are readable here once their content is saved (Settings, Saved documents).{' '}
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
