// Which entities a deletion takes with it, per the spec: deleting a bookmark deletes its marks, its
// AI chat and its page content; deleting the last highlight of an unstarred bookmark deletes the
// bookmark. Pure over a read-only view of the library, so the cascade is planned before any write.
import { BookmarkType, type Bookmark } from '../domain/entities/bookmark'
import { ObjectStore } from '../domain/entities/object-store'
import { normalizePageUrl } from '../domain/page-url'
import type { StoredRecord } from './library-schema'

/** An entity named by kind and id. */
export interface EntityRef {
  _id: string
  _objectStore: ObjectStore
}

/** What the planner needs to read. */
export interface LibraryView {
  getLive(ref: EntityRef): StoredRecord | undefined
  liveMarksOfBookmark(bookmarkId: string): readonly StoredRecord[]
  liveChatsOfReference(referenceId: string): readonly StoredRecord[]
  livePageContentsOfUrlKey(urlKey: string): readonly StoredRecord[]
}

const refKey = (ref: EntityRef) => `${ref._objectStore}/${ref._id}`

/** Every live entity the deletion of `refs` removes, cascades included, each once. */
export function planDeletion(view: LibraryView, refs: readonly EntityRef[]): EntityRef[] {
  const planned = new Map<string, EntityRef>()
  const queue = [...refs]
  const pendingBookmarkChecks: string[] = []

  while (queue.length > 0 || pendingBookmarkChecks.length > 0) {
    const ref = queue.shift()
    if (ref === undefined) {
      // The round is done (whatever its last ref was, skipped ones included): only now that every
      // mark of it is planned can we tell which bookmark lost its last one.
      for (const bookmarkId of pendingBookmarkChecks.splice(0)) {
        const bookmarkRef = { _id: bookmarkId, _objectStore: ObjectStore.BOOKMARKS }
        const bookmark = view.getLive(bookmarkRef) as Bookmark | undefined
        const remaining = view
          .liveMarksOfBookmark(bookmarkId)
          .filter(
            (mark) => !planned.has(refKey({ _id: mark._id, _objectStore: ObjectStore.MARKS })),
          )
        // User-written content (type content-text) outlives its highlights (ADR 019).
        const keptAlone =
          bookmark?.isStarred === true || bookmark?.type === BookmarkType.CONTENT_TEXT
        if (bookmark && !keptAlone && remaining.length === 0) {
          queue.push(bookmarkRef)
        }
      }
      continue
    }
    const entity = view.getLive(ref)
    if (planned.has(refKey(ref)) || !entity) {
      continue
    }
    planned.set(refKey(ref), { _id: ref._id, _objectStore: ref._objectStore })
    if (ref._objectStore === ObjectStore.BOOKMARKS) {
      for (const mark of view.liveMarksOfBookmark(ref._id)) {
        queue.push({ _id: mark._id, _objectStore: ObjectStore.MARKS })
      }
      for (const chat of view.liveChatsOfReference(ref._id)) {
        queue.push({ _id: chat._id, _objectStore: ObjectStore.AI_CHATS })
      }
      const url = (entity as Bookmark).url
      for (const content of view.livePageContentsOfUrlKey(normalizePageUrl(url))) {
        queue.push({ _id: content._id, _objectStore: ObjectStore.PAGE_CONTENTS })
      }
    } else if (ref._objectStore === ObjectStore.MARKS) {
      for (const chat of view.liveChatsOfReference(ref._id)) {
        queue.push({ _id: chat._id, _objectStore: ObjectStore.AI_CHATS })
      }
      const bookmarkId = entity._bookmark
      if (typeof bookmarkId === 'string') {
        pendingBookmarkChecks.push(bookmarkId)
      }
    }
  }
  return [...planned.values()]
}
