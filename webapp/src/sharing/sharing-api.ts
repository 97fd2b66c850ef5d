// The relay's sharing calls the web app makes: whether a public page answers (the share dialog's
// confirmation after a sync: 200 once published, 404 once unshared) and the caller's shared pages
// as the relay sees them (GET /sharing: likes, whether each is live or hidden by the operator, and
// whether the plan allows sharing now). Share links are in share-link.ts (ADR 057, 060).
import type { PublicPageSummary, SharedPermission } from '@inkmark/shared'
import { createRelayClient } from '../account/account-api'
import { RELAY_URL } from '../account/relay-url'

/** Whether the relay answers the public page `shareId` now: true (200), false (404). */
export async function isPublished(shareId: string): Promise<boolean> {
  // no-store: the relay lets public answers be cached, and a cached 200 would hide an unshare.
  const response = await fetch(`${RELAY_URL}/explore/bookmarks/${encodeURIComponent(shareId)}`, {
    cache: 'no-store',
  })
  if (response.status === 404) {
    return false
  }
  if (!response.ok) {
    throw new Error(`The relay answered ${response.status}`)
  }
  return true
}

/** One page of GET /sharing: what the relay knows of one of the caller's shared pages. */
export type PublishedPage = PublicPageSummary & {
  permission: SharedPermission
  /** Whether the relay serves its public page now. */
  live: boolean
  /** Whether the server's operator hid it (ADR 057's moderation). */
  hidden: boolean
}

/** GET /sharing as the web app reads it. */
export interface PublishedPages {
  pages: PublishedPage[]
  /** False when the plan does not include sharing now (the relay publishes none of them). */
  shareAllowed: boolean
}

/** The relay's GET /sharing answer, old (`{ items }`) or new (`{ items, shareAllowed }`). */
interface SharingAnswer {
  items?: unknown
  shareAllowed?: unknown
}

/**
 * Reads GET /sharing in both shapes: an older relay lists only the pages it publishes (so each is
 * live and not hidden) and no `shareAllowed`; a newer one lists them all with `live` and `hidden`.
 */
export function toPublishedPages(answer: SharingAnswer): PublishedPages {
  const items = Array.isArray(answer.items) ? (answer.items as Partial<PublishedPage>[]) : []
  return {
    pages: items
      .filter((item) => typeof item.shareId === 'string')
      .map((item) => {
        const hidden = item.hidden === true
        return {
          ...(item as PublishedPage),
          hidden,
          live: typeof item.live === 'boolean' ? item.live && !hidden : !hidden,
          likes: typeof item.likes === 'number' ? item.likes : 0,
        }
      }),
    shareAllowed: answer.shareAllowed !== false,
  }
}

/** The caller's shared pages as the relay sees them. */
export async function fetchPublishedPages(token: string): Promise<PublishedPages> {
  const answer = await createRelayClient(() => token).request<SharingAnswer>('GET', '/sharing')
  return toPublishedPages(answer)
}
