// The URL tab of add-content: a typed web address becomes a bookmark. Only http(s) pages can be
// saved (a javascript: or data: address is refused with a message); `example.com` means https.
// The web app cannot read another site's page, so the title is made from the address until the
// extension visits the page and learns the real one. An address already saved (by the spec's page
// URL matching) opens the existing bookmark instead of a second copy.
import { ObjectStore, createBookmark, toSiteOrigin, type LocalStore } from '@inkmark/shared'
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

/** Saves the page at `url` (checked with `checkPageUrl`) as a bookmark, or finds it saved. */
export async function savePageUrl(store: LocalStore, url: string): Promise<SavedPage> {
  const existing = store.getBookmarkForUrl(url)
  if (existing) {
    return { bookmarkId: existing._id, existing: true }
  }
  const bookmark = createBookmark(
    {
      _id: store.createId(),
      _objectStore: ObjectStore.BOOKMARKS,
      url,
      title: titleFromUrl(url),
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
  return { bookmarkId: bookmark._id, existing: false }
}
