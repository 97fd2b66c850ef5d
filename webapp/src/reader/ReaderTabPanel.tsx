// The page detail's Reader tab: a link to the saved copy of the page in /reader (readable
// offline), or, when none is saved, how to get one.
import { pageUrlsMatch } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useLibraryQuery } from '../library/LibraryProvider'

/** The Reader tab of the page at `url`. */
export function ReaderTabPanel({ url }: { url: string }) {
  const saved = useLibraryQuery(
    (store) => store.getAllPageContents().find((content) => pageUrlsMatch(content.url, url)),
    [url],
  )
  if (saved === undefined) {
    return (
      <div className="notice-inline">
        <h2>No saved copy yet</h2>
        <p>
          Turn on saving page content in{' '}
          <Link to="/settings" search={{ view: 'documents' }}>
            Saved documents
          </Link>
          , then highlight or save this page with the extension: its article can then be read here,
          also offline.
        </p>
      </div>
    )
  }
  return (
    <div className="notice-inline">
      <h2>Saved copy</h2>
      <p>The article of this page is saved in this browser and can be read offline.</p>
      <p>
        <Link className="button" to="/reader" search={{ url: saved.url, pageContent: saved._id }}>
          Open in reader
        </Link>
      </p>
    </div>
  )
}
