// The address of a page's public link: the public pages' host (VITE_PUBLIC_PAGES_URL) when the
// build names one, else the relay, which serves the public pages itself (ADR 057).
import { publicPageUrl } from '@inkmark/shared'
import { RELAY_URL } from '../account/relay-url'
import { toWebUrl } from '../lib/safe-url'

const PUBLIC_PAGES_BASE =
  toWebUrl(import.meta.env.VITE_PUBLIC_PAGES_URL as string | undefined) ?? RELAY_URL

/** The public link of the page shared as `shareId`. */
export function publicLinkOf(shareId: string): string {
  return publicPageUrl(PUBLIC_PAGES_BASE, shareId)
}
