// The one rule for a shared page's public address, used by the share dialog, /sharing and the
// discover screens' "Open public link": the public pages' host (VITE_PUBLIC_PAGES_URL, an http(s)
// address) when the build names one, else the relay, which serves the public pages itself (ADR 057,
// 060, 061).
import { publicPageUrl } from '@inkmark/shared'
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

/** The public link of the page shared as `shareId`. */
export function shareLinkOf(shareId: string): string {
  return publicPageUrl(PUBLIC_PAGES_BASE, shareId)
}
