// The AI summary panel in the reader, above the article: for the saved page's bookmark (a summary
// is kept on its bookmark, so a page read without one offers none). With `offerUnsaved` (the free
// tools' `summarize=1`, docs/adr/075) a page the reader fetched offers "Save and summarize": on that
// click it is saved, with its text (what the summary is made from), and the summary starts. Never
// without the click (a link must not save pages or spend the person's AI); with no AI set up, only
// the guidance shows and nothing is saved.
import type { ReaderArticle } from '@inkmark/shared'
import { useCallback, useState } from 'react'
import { AiSummaryPanel } from '../ai-summary/AiSummaryPanel'
import { SummaryBeforeSaving } from '../tools/SummaryBeforeSaving'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { keepFetchedPage } from './save-fetched-page'

/** Props of ReaderSummary. */
export interface ReaderSummaryProps {
  url: string
  title: string
  /** Offer the summary of a page that is not saved yet (`summarize=1`). */
  offerUnsaved?: boolean
  /** The article the reader fetched, when the page is not in the library. */
  fetchedArticle?: ReaderArticle
}

/** The summary panel of the page at `url`, when it is in the library. */
export function ReaderSummary({
  url,
  title,
  offerUnsaved = false,
  fetchedArticle,
}: ReaderSummaryProps) {
  const [asked, setAsked] = useState(false)
  const bookmark = useLibraryQuery((library) => library.getBookmarkForUrl(url), [url])
  const bookmarkId = bookmark?._id
  const marks = useLibraryQuery(
    (library) => (bookmarkId === undefined ? [] : library.getMarksForBookmark(bookmarkId)),
    [bookmarkId],
  )
  if (bookmark === undefined) {
    return offerUnsaved && fetchedArticle !== undefined ? (
      <UnsavedPageSummary article={fetchedArticle} onAsk={() => setAsked(true)} />
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
        autoStart={asked}
      />
    </div>
  )
}

/** A fetched page's summary place: saving the page (with its text) starts the panel above. */
function UnsavedPageSummary({ article, onAsk }: { article: ReaderArticle; onAsk: () => void }) {
  const store = useLocalStore()
  const keep = useCallback(
    () => keepFetchedPage(store, article).then((kept) => kept.contentRefusal),
    [store, article],
  )
  return (
    <div className="reader-summary">
      <SummaryBeforeSaving keep={keep} noun="page" onAsk={onAsk} />
    </div>
  )
}
