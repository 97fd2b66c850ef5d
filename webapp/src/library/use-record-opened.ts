// Records that a saved page was opened (its bookmark's openedAt, which the dashboard's "Recently
// opened" sorts by) when a screen showing it mounts: the page detail and the reader. The store
// writes it without an edit's stamps, so opening a page starts no sync (ADR 079).
import { useEffect } from 'react'
import { useLocalStore } from './LibraryProvider'

/** Records `bookmarkId` as opened now, once per mount and bookmark. */
export function useRecordOpened(bookmarkId: string | undefined): void {
  const store = useLocalStore()
  useEffect(() => {
    if (bookmarkId !== undefined) {
      void store.recordBookmarkOpened(bookmarkId, Date.now()).catch(() => undefined)
    }
  }, [store, bookmarkId])
}
