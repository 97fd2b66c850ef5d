import { byMostRecent } from '../../pages/library-text'
import { callStore } from '../../pages/store-client'
import { useLibraryQuery } from '../../pages/use-library'
import { BookmarkList } from './BookmarkItem'
import { QueryView } from './QueryView'

async function loadHistory() {
  return byMostRecent(await callStore('getBookmarksWithCount'))
}

/** The spec's history-view: every saved page, most recent first. */
export function HistoryView() {
  const state = useLibraryQuery(loadHistory, 'history')
  return (
    <QueryView state={state}>
      {(bookmarks) => (
        <BookmarkList
          bookmarks={bookmarks}
          label="Pages, most recent first"
          empty="No pages yet. Pages you highlight or save (Alt+B) are listed here."
        />
      )}
    </QueryView>
  )
}
