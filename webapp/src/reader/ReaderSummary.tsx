// The AI summary panel in the reader, above the article: for the saved page's bookmark (a summary
// is kept on its bookmark, so a page read without one offers none). With `autoStart` (the free
// tools' `summarize=1`, docs/adr/075) the summary starts once the article shows; a page the reader
// fetched is then saved first, with its text (what the summary is made from), unless no AI can run
// here: then only the AI set-up guidance shows and nothing is saved.
import type { ReaderArticle } from '@inkmark/shared'
import { useEffect, useId, useRef } from 'react'
import { useAi } from '../ai/AiProviderContext'
import { AiUnavailableNotice } from '../ai/AiSettingsLink'
import { AiSummaryPanel } from '../ai-summary/AiSummaryPanel'
import { useToast } from '../components/Toasts'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { keepFetchedPage } from './save-fetched-page'

/** Props of ReaderSummary. */
export interface ReaderSummaryProps {
  url: string
  title: string
  /** Start the summary once it can run (`summarize=1`). */
  autoStart?: boolean
  /** The article the reader fetched, when the page is not in the library. */
  fetchedArticle?: ReaderArticle
}

/** The summary panel of the page at `url`, when it is in the library. */
export function ReaderSummary({ url, title, autoStart = false, fetchedArticle }: ReaderSummaryProps) {
  const bookmark = useLibraryQuery((library) => library.getBookmarkForUrl(url), [url])
  const bookmarkId = bookmark?._id
  const marks = useLibraryQuery(
    (library) => (bookmarkId === undefined ? [] : library.getMarksForBookmark(bookmarkId)),
    [bookmarkId],
  )
  if (bookmark === undefined) {
    return autoStart && fetchedArticle !== undefined ? (
      <UnsavedPageSummary article={fetchedArticle} />
    ) : null
  }
  return (
    <div className="reader-summary">
      <AiSummaryPanel
        bookmarkId={bookmark._id}
        url={bookmark.url}
        title={bookmark.title || title}
        saved={bookmark.aiSummary}
        marks={marks}
        autoStart={autoStart}
      />
    </div>
  )
}

/** Before a fetched page's summary: the set-up guidance, or the page saved so the panel can run. */
function UnsavedPageSummary({ article }: { article: ReaderArticle }) {
  const headingId = useId()
  const store = useLocalStore()
  const { showToast } = useToast()
  const { availability, unavailableMessage } = useAi()
  const started = useRef(false)
  const canRun = availability !== 'checking' && unavailableMessage === undefined

  useEffect(() => {
    if (!canRun || started.current) {
      return
    }
    started.current = true
    keepFetchedPage(store, article)
      .then((kept) => {
        if (kept.contentRefusal !== undefined) {
          showToast({ kind: 'warning', message: kept.contentRefusal })
        }
      })
      .catch((error: unknown) =>
        showToast({
          kind: 'error',
          message: error instanceof Error ? error.message : 'The page could not be saved.',
        }),
      )
  }, [canRun, store, article, showToast])

  return (
    <div className="reader-summary">
      <section className="ai-summary" aria-labelledby={headingId}>
        <h2 id={headingId}>AI summary</h2>
        {availability === 'checking' && <p role="status">Checking the AI settings…</p>}
        {availability !== 'checking' && unavailableMessage !== undefined && (
          <AiUnavailableNotice message={unavailableMessage} />
        )}
        {canRun && (
          <p role="status">
            Saving the page to your library: its summary is kept with it…
          </p>
        )}
      </section>
    </div>
  )
}
