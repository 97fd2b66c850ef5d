import { sortMarks } from '@inkmark/shared'
import { appBookmarkUrl } from '../../pages/app-url'
import { callStore } from '../../pages/store-client'
import { useLibraryQuery } from '../../pages/use-library'
import { MarkItem } from './MarkItem'
import { QueryView } from './QueryView'

async function loadPageMarks(pageUrl: string) {
  const bookmark = pageUrl ? await callStore('getBookmarkForUrl', pageUrl) : undefined
  const marks = bookmark ? await callStore('getMarksForBookmark', bookmark._id) : []
  return { bookmark, marks: sortMarks(marks) }
}

/** The spec's mark-view: the highlights of the page the sidebar is open on. */
export function PageMarksView({
  pageUrl,
  unplaced,
}: {
  pageUrl: string
  unplaced: ReadonlySet<string>
}) {
  const state = useLibraryQuery(() => loadPageMarks(pageUrl), pageUrl)
  return (
    <QueryView state={state}>
      {({ bookmark, marks }) =>
        marks.length === 0 ? (
          <p className="empty">No highlights on this page yet. Select text to highlight it.</p>
        ) : (
          <>
            <ul className="list" aria-label="Highlights on this page">
              {marks.map((mark) => (
                <MarkItem key={mark._id} mark={mark} unplaced={unplaced.has(mark._id)} />
              ))}
            </ul>
            {bookmark ? (
              <a
                className="footer-link"
                href={appBookmarkUrl(bookmark._id)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open this page in Inkmark
              </a>
            ) : null}
          </>
        )
      }
    </QueryView>
  )
}
