// The URL tab of add-content: a typed web address becomes a bookmark. Only http(s) pages can be
// saved (a javascript: or data: address is refused with a message); `example.com` means https.
// Signed in to a server with a misc service, the page is read there (POST /page-content, ADR 065)
// for its real title, and its article kept when Saved documents is on; otherwise (offline, signed
// out, an unreadable page) the title is made from the address until the extension visits the page. An address already saved (by the spec's page
// URL matching) opens the existing bookmark instead of a second copy.
import {
  ObjectStore,
  createBookmark,
  savePageContent,
  toSiteOrigin,
  type LocalStore,
} from '@inkmark/shared'
import { oneAtATime } from '../lib/one-at-a-time'
import type { FetchedPage } from '../misc/page-content-client'
import { recordProductEvent } from '../settings/usage-counts'

/** The message shown for an address that is not a web page. */
export const INVALID_PAGE_URL_MESSAGE =
  'Type the address of a web page, starting with http:// or https:// (for example https://example.com/article).'

/** A checked address, or why it was refused. */
export type PageUrlCheck = { ok: true; url: string } | { ok: false; message: string }

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i

/** Checks a typed page address: http(s) with a host; a bare `host/path` is read as https. */
export function checkPageUrl(input: string): PageUrlCheck {
  const typed = input.trim()
  const candidate = HAS_SCHEME.test(typed) ? typed : `https://${typed}`
  try {
    const parsed = new URL(candidate)
    const hasHost =
      parsed.hostname !== '' && (parsed.hostname.includes('.') || parsed.hostname === 'localhost')
    if (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      hasHost &&
      !/\s/.test(typed)
    ) {
      return { ok: true, url: parsed.href }
    }
  } catch {
    // Not a URL at all: the message below.
  }
  return { ok: false, message: INVALID_PAGE_URL_MESSAGE }
}

/** A readable title from an address: host and path, without `www.` and a trailing slash. */
export function titleFromUrl(url: string): string {
  const parsed = new URL(url)
  const path = decodeURIComponentSafely(parsed.pathname).replace(/\/+$/, '')
  return `${parsed.hostname.replace(/^www\./, '')}${path}`
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The saved bookmark's id, and whether it was there already. */
export interface SavedPage {
  bookmarkId: string
  existing: boolean
}

/**
 * Saves the page at `url` (checked with `checkPageUrl`) as a bookmark, or finds it saved; with
 * `fetched` (the misc server's reading of it), under its real title, and its article as the page
 * content when the person keeps page contents (Saved documents).
 */
export function savePageUrl(
  store: LocalStore,
  url: string,
  fetched?: FetchedPage,
): Promise<SavedPage> {
  // Two saves of one address at once would each find nothing and each create a bookmark.
  return oneAtATime(`save-page:${url}`, () => savePageUrlNow(store, url, fetched))
}

async function savePageUrlNow(
  store: LocalStore,
  url: string,
  fetched?: FetchedPage,
): Promise<SavedPage> {
  const existing = store.getBookmarkForUrl(url)
  if (existing) {
    return { bookmarkId: existing._id, existing: true }
  }
  const bookmark = createBookmark(
    {
      _id: store.createId(),
      _objectStore: ObjectStore.BOOKMARKS,
      url,
      title: fetched?.title ?? titleFromUrl(url),
      ...(fetched?.description === undefined ? {} : { description: fetched.description }),
      origin: toSiteOrigin(url) ?? undefined,
    },
    store.now(),
  )
  const { rejected } = await store.createOrUpdateEntities([bookmark])
  const refusal = rejected[0]
  if (refusal) {
    throw new Error(refusal.message)
  }
  recordProductEvent('page_saved')
  if (fetched !== undefined && store.getChromeSettings().autoDownloadPageContent === true) {
    // The bookmark is saved either way; a content over the storage quota is only left out.
    const content = await savePageContent(store, fetched.article, { appType: 'webapp' })
    if (!content.ok) {
      console.info('Inkmark: the page content was not saved:', content.message)
    }
  }
  return { bookmarkId: bookmark._id, existing: false }
}
