// The AI summary panel in the reader, above the article: for the saved page's bookmark (a summary
// is kept on its bookmark, so a page read without one offers none).
import { useLibraryQuery } from '../library/LibraryProvider'
import { AiSummaryPanel } from '../ai-summary/AiSummaryPanel'

/** The summary panel of the page at `url`, when it is in the library. */
export function ReaderSummary({ url, title }: { url: string; title: string }) {
  const bookmark = useLibraryQuery((library) => library.getBookmarkForUrl(url), [url])
  const bookmarkId = bookmark?._id
  const marks = useLibraryQuery(
    (library) => (bookmarkId === undefined ? [] : library.getMarksForBookmark(bookmarkId)),
    [bookmarkId],
  )
  if (bookmark === undefined) {
    return null
  }
  return (
    <div className="reader-summary">
      <AiSummaryPanel
        bookmarkId={bookmark._id}
        url={bookmark.url}
        title={bookmark.title || title}
        saved={bookmark.aiSummary}
        marks={marks}
      />
    </div>
  )
}
