// The reader page: a bar with the settings button, the settings panel, and the article handed
// over by Alt+R (or the spec's message when there is none to show).
import { ToastQueue, ToastRegion } from '@inkmark/design'
import { DEFAULT_READER_SETTINGS } from '@inkmark/shared'
import { useCallback, useEffect, useRef, useState } from 'react'
import { AI_CSS } from '../ai/ai-styles'
import { AiUnavailableNotice } from '../ai/AiNotices'
import { SummaryPanel } from '../ai/SummaryPanel'
import { isAiUnusable, useAiProvider } from '../../pages/ai/use-ai-provider'
import { ArticleView } from './ArticleView'
import { READER_CSS } from './reader-styles'
import { ReaderSettingsPanel } from '@inkmark/shared/reader-ui'
import { useHandedOffArticle } from './use-handed-off-article'
import { useReaderSettings } from './use-reader-settings'

const SETTINGS_PANEL_ID = 'reader-settings'
const AI_PANEL_ID = 'reader-ai'

interface ReaderPageProps {
  /** The hand-off key from the page's address. */
  handoffKey: string | null
}

/** The design tokens' theme for each reader colour mode (sepia reads on light, contrast on dark). */
const TOKEN_THEME: Record<string, 'light' | 'dark' | undefined> = {
  light: 'light',
  dark: 'dark',
  sepia: 'light',
  contrast: 'dark',
}

/** The whole reader page. */
export function ReaderPage({ handoffKey }: ReaderPageProps) {
  const state = useHandedOffArticle(handoffKey)
  const [stored, changeSettings] = useReaderSettings()
  const settings = stored ?? DEFAULT_READER_SETTINGS
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [notice, setNotice] = useState('')
  const [aiOpen, setAiOpen] = useState(false)
  const [toasts] = useState(() => new ToastQueue())
  const readiness = useAiProvider()
  const toggle = useRef<HTMLButtonElement>(null)
  const article = state.status === 'ready' ? state.article : undefined
  // The reader's own extracted article is what a summary reads (ADR 050).
  const loadArticleText = useCallback(
    () =>
      article
        ? Promise.resolve({ title: article.title, url: article.url, text: article.textContent })
        : Promise.reject(new Error('The article is not loaded.')),
    [article],
  )

  useEffect(() => {
    const root = document.documentElement
    root.dataset.colorMode = settings.colorMode
    // The design tokens' theme under the reader's mode: auto leaves it to the system.
    const theme = TOKEN_THEME[settings.colorMode]
    if (theme) {
      root.dataset.theme = theme
    } else {
      delete root.dataset.theme
    }
  }, [settings.colorMode])

  useEffect(() => {
    document.title =
      state.status === 'ready'
        ? state.article.title
        : state.status === 'failed'
          ? state.message
          : 'Reader'
  }, [state])

  const closeSettings = () => {
    setSettingsOpen(false)
    toggle.current?.focus()
  }

  return (
    <>
      <style>{READER_CSS}</style>
      <style>{AI_CSS}</style>
      <header className="reader-bar">
        <span className="reader-brand">Inkmark reader</span>
        {article ? (
          <button
            type="button"
            className="reader-button"
            aria-expanded={aiOpen}
            aria-controls={AI_PANEL_ID}
            onClick={() => setAiOpen((open) => !open)}
          >
            AI summary
          </button>
        ) : null}
        <button
          ref={toggle}
          type="button"
          className="reader-button"
          aria-expanded={settingsOpen}
          aria-controls={SETTINGS_PANEL_ID}
          onClick={() => setSettingsOpen((open) => !open)}
        >
          Reader settings
        </button>
      </header>
      <ReaderSettingsPanel
        id={SETTINGS_PANEL_ID}
        buttonClassName="reader-button"
        hidden={!settingsOpen}
        settings={settings}
        onChange={changeSettings}
        onClose={closeSettings}
      />
      {article ? (
        <div id={AI_PANEL_ID} className="reader-ai" hidden={!aiOpen}>
          {isAiUnusable(readiness) ? (
            <AiUnavailableNotice off={readiness.kind === 'off'} />
          ) : (
            <SummaryPanel
              readiness={readiness}
              pageUrl={article.url}
              loadPage={loadArticleText}
              toasts={toasts}
            />
          )}
        </div>
      ) : null}
      <p className="reader-notice" role="alert" hidden={notice === ''}>
        {notice}{' '}
        <button type="button" className="reader-button" onClick={() => setNotice('')}>
          Dismiss
        </button>
      </p>
      <main className="reader-main">
        {state.status === 'loading' && <p role="status">Loading the article…</p>}
        {state.status === 'ready' && (
          <ArticleView article={state.article} settings={settings} onMessage={setNotice} />
        )}
        {state.status === 'failed' && (
          <div className="reader-failure">
            <h1>{state.message}</h1>
            {state.url && (
              <p>
                <a href={state.url} rel="noopener noreferrer">
                  Back to the page
                </a>
              </p>
            )}
          </div>
        )}
      </main>
      <ToastRegion queue={toasts} />
    </>
  )
}
