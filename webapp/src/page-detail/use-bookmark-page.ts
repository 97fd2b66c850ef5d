// What every page about one bookmark does with it (the page detail and the user-content page):
// read it from the library, save a change (star, tags) with the store's refusal shown, delete it
// (the store applies the spec's cascades), and go back to the library when it disappears while
// shown, deleted here or by sync.
import { Message, ObjectStore, type Bookmark } from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'

/** The bookmark (undefined when there is none), its last error, and what changes it. */
export interface BookmarkPage {
  bookmark: Bookmark | undefined
  /** The last save's or delete's refusal, '' when none. */
  error: string
  setError: (message: string) => void
  save: (changes: Partial<Bookmark>) => void
  remove: () => void
}

/** Bookmark `bookmarkId` as a page shows and edits it. */
export function useBookmarkPage(bookmarkId: string): BookmarkPage {
  const store = useLocalStore()
  const navigate = useNavigate()
  const bookmark = useLibraryQuery((library) => library.getBookmark(bookmarkId), [bookmarkId])
  const [error, setError] = useState('')
  const wasShown = useRef(false)

  useEffect(() => {
    if (bookmark) {
      wasShown.current = true
    } else if (wasShown.current) {
      void navigate({ to: '/' })
    }
  }, [bookmark, navigate])

  return {
    bookmark,
    error,
    setError,
    save(changes) {
      if (!bookmark) {
        return
      }
      setError('')
      store
        .createOrUpdateEntities([{ ...bookmark, ...changes, _objectStore: ObjectStore.BOOKMARKS }])
        .then(({ rejected }) => setError(rejected[0]?.message ?? ''))
        .catch(() => setError(Message.GENERIC_ERROR))
    },
    remove() {
      store
        .markEntitiesAsDeleted([{ _id: bookmarkId, _objectStore: ObjectStore.BOOKMARKS }])
        .catch(() => setError(Message.GENERIC_ERROR))
    },
  }
}
