// What the popup knows about the tab it was opened on: whether Inkmark highlights there (not on
// browser pages, not on blacklisted sites), the page's bookmark and how many highlights it has;
// and saving (starring) the page, creating its bookmark when it has none yet.
import {
  HIGHLIGHTABLE_PROTOCOLS,
  INKMARK_APP_HOSTS,
  ObjectStore,
  createBookmark,
  isBlacklisted,
  toSiteOrigin,
  type Bookmark,
} from '@inkmark/shared'
import { callStore } from './store-client'

/** Why highlighting is off on a page. */
export type HighlightingOff = 'browser-page' | 'blacklisted'

export type CurrentPage =
  | { kind: 'off'; reason: HighlightingOff }
  | { kind: 'page'; tabId: number; url: string; title: string; bookmark?: Bookmark; count: number }

/** Why Inkmark does not highlight on `url` (undefined when it does). */
export function highlightingOffReason(
  url: string | undefined,
  blacklistedUrls: readonly string[],
): HighlightingOff | undefined {
  const protocol = url ? /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() : undefined
  if (!url || !protocol || !HIGHLIGHTABLE_PROTOCOLS.includes(protocol)) {
    return 'browser-page'
  }
  return isBlacklisted(url, blacklistedUrls, { exemptHosts: INKMARK_APP_HOSTS })
    ? 'blacklisted'
    : undefined
}

/** The page in the window's active tab, as the popup shows it. */
export async function loadCurrentPage(): Promise<CurrentPage> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true })
  const settings = await callStore('getChromeSettings')
  const off = highlightingOffReason(tab?.url, settings.blacklistedUrls)
  if (off || !tab?.url || tab.id === undefined) {
    return { kind: 'off', reason: off ?? 'browser-page' }
  }
  const bookmark = await callStore('getBookmarkForUrl', tab.url)
  const marks = bookmark ? await callStore('getMarksForBookmark', bookmark._id) : []
  return {
    kind: 'page',
    tabId: tab.id,
    url: tab.url,
    title: tab.title ?? '',
    ...(bookmark ? { bookmark } : {}),
    count: marks.length,
  }
}

/** Stars the page's bookmark, creating it (starred) when the page has none. */
export async function savePage(page: { url: string; title: string; bookmark?: Bookmark }) {
  const bookmark = page.bookmark
    ? { ...page.bookmark, isStarred: true }
    : createBookmark(
        {
          _id: crypto.randomUUID(),
          url: page.url,
          origin: toSiteOrigin(page.url) ?? undefined,
          title: page.title.trim() || page.url,
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
}
