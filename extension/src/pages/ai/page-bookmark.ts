// The bookmark an AI summary or chat of a page is kept on. A page Inkmark does not know yet is
// saved (starred) first: the summary lives on the bookmark (aiSummary) and the chat refers to it,
// and the spec removes an unstarred bookmark without highlights.
import { ObjectStore, createBookmark, toSiteOrigin, type Bookmark } from '@inkmark/shared'
import { callStore } from '../store-client'

/** The page's bookmark, creating it (starred) when the page has none. */
export async function bookmarkForPage(url: string, title: string): Promise<Bookmark> {
  const existing = await callStore('getBookmarkForUrl', url)
  if (existing) {
    return existing
  }
  const bookmark = createBookmark(
    {
      _id: crypto.randomUUID(),
      url,
      origin: toSiteOrigin(url) ?? undefined,
      title: title.trim() || url,
      isStarred: true,
    },
    Date.now(),
  )
  const result = await callStore('createOrUpdateEntities', [
    { ...bookmark, _objectStore: ObjectStore.BOOKMARKS },
  ])
  const [rejected] = result.rejected
  if (rejected) {
    throw new Error(rejected.message)
  }
  return bookmark
}
