// The AI summary panel in the reader, above the article: for the saved page's bookmark (a summary
// is kept on its bookmark, so a page read without one offers none). With `autoStart` (the free
// tools' `summarize=1`, docs/adr/075) the summary starts once the article shows; a page the reader
// fetched is then saved first, with its text (what the summary is made from), unless no AI can run
// here: then only the AI set-up guidance shows and nothing is saved.
import type { ReaderArticle } from '@inkmark/shared'
import { useCallback } from 'react'
import { AiSummaryPanel } from '../ai-summary/AiSummaryPanel'
import { SummaryBeforeSaving } from '../tools/SummaryBeforeSaving'
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
export function ReaderSummary({
  url,
  title,
  autoStart = false,
  fetchedArticle,
}: ReaderSummaryProps) {
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

/** A fetched page's summary place: saving the page (with its text) starts the panel above. */
function UnsavedPageSummary({ article }: { article: ReaderArticle }) {
  const store = useLocalStore()
  const keep = useCallback(
    () => keepFetchedPage(store, article).then((kept) => kept.contentRefusal),
    [store, article],
  )
  return (
    <div className="reader-summary">
      <SummaryBeforeSaving keep={keep} noun="page" />
    </div>
  )
}
