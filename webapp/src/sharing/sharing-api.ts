// The relay's sharing calls the web app makes: whether a public page answers (the share dialog's
// confirmation after a sync: 200 once published, 404 once unshared) and the caller's published
// pages as the relay sees them (GET /sharing, for likes and the "live" state on /sharing). Share
// links are addressed at VITE_PUBLIC_PAGES_URL when the build names one, else at the relay (ADR
// 057, 060).
import { publicPageUrl, type PublicPageSummary, type SharedPermission } from '@inkmark/shared'
import { createRelayClient } from '../account/account-api'
import { RELAY_URL } from '../account/relay-url'
import { toWebUrl } from '../lib/safe-url'

/** Where public pages are served: VITE_PUBLIC_PAGES_URL (an http(s) address), else the relay. */
export function publicPagesBase(configured: string | undefined, relayUrl: string): string {
  return (toWebUrl(configured) ?? relayUrl).replace(/\/+$/, '')
}

const PUBLIC_PAGES_BASE = publicPagesBase(
  import.meta.env.VITE_PUBLIC_PAGES_URL as string | undefined,
  RELAY_URL,
)

/** The link to a shared page. */
export function shareLinkOf(shareId: string): string {
  return publicPageUrl(PUBLIC_PAGES_BASE, shareId)
}

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

/** One page of GET /sharing: what the relay publishes of the caller's pages. */
export type PublishedPage = PublicPageSummary & { permission: SharedPermission }

/** The caller's published pages as the relay sees them. */
export async function fetchPublishedPages(token: string): Promise<PublishedPage[]> {
  const answer = await createRelayClient(() => token).request<{ items: PublishedPage[] }>(
    'GET',
    '/sharing',
  )
  return answer.items
}
