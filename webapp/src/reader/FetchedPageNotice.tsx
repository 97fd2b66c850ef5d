// Above an article the reader fetched (docs/adr/075): while the page is not in the library, it says
// so and what a highlight does (it saves the page and its text first). Gone once the page is saved.
import { useLibraryQuery } from '../library/LibraryProvider'

/** The notice over a fetched page that is not (yet) in the library. */
export function FetchedPageNotice({ url }: { url: string }) {
  const saved = useLibraryQuery((library) => library.getBookmarkForUrl(url) !== undefined, [url])
  if (saved) {
    return (
      <p className="reader-fetched-notice" role="status">
        This page is in your library; its highlights are kept with it.
      </p>
    )
  }
  return (
    <p className="reader-fetched-notice" role="status">
      Fetched by Inkmark&apos;s server; not in your library. Highlighting it saves the page and its
      text to your library first (on this device), so its highlights are there when you come back.
    </p>
  )
}
