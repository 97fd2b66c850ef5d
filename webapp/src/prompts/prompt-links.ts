// Where the prompts' buttons lead: the extension's store page for the browser in use (rating), the
// site's pricing page with the discount of the moment (upgrade deal) and the share links (spread
// the word). The site's address comes from the build (VITE_SITE_URL) like the relay's.
import { BLACK_FRIDAY, DISCOUNT_CODES, isBlackFridayPeriod } from '@inkmark/shared'

/** The product site when the build names none. */
export const DEFAULT_SITE_URL = 'https://inkmark.app'

/** The site's origin without a trailing slash; blank or non-http(s) values give the default. */
export function toSiteUrl(configured: string | undefined): string {
  const value = configured?.trim() ?? ''
  if (!/^https?:\/\//i.test(value)) {
    return DEFAULT_SITE_URL
  }
  return value.replace(/\/+$/, '')
}

/** The product site of this build. */
export const SITE_URL = toSiteUrl(import.meta.env.VITE_SITE_URL as string | undefined)

/** The extension's listing in each browser's store (a search, so it needs no listing id). */
export const STORE_PAGES = {
  chrome: 'https://chromewebstore.google.com/search/Inkmark',
  edge: 'https://microsoftedge.microsoft.com/addons/search/Inkmark',
  firefox: 'https://addons.mozilla.org/firefox/search/?q=Inkmark',
} as const

/** The store page to rate the extension in, for the browser of `userAgent` (Chrome otherwise). */
export function ratingStoreUrl(userAgent: string): string {
  if (/Firefox\//.test(userAgent)) {
    return STORE_PAGES.firefox
  }
  if (/Edg\//.test(userAgent)) {
    return STORE_PAGES.edge
  }
  return STORE_PAGES.chrome
}

/** The deal the upgrade prompt offers at a given moment. */
export interface UpgradeDeal {
  code: string
  percentOff: number
  pricingUrl: string
}

/**
 * The deal offered at `now`: Black Friday's during its days, otherwise SPECIAL20 (20% off a yearly
 * plan, as the relay's price list grants it: relay/src/pricing/catalog.ts).
 */
export function upgradeDeal(now: number, siteUrl: string = SITE_URL): UpgradeDeal {
  const deal = isBlackFridayPeriod(now)
    ? { code: BLACK_FRIDAY.code, percentOff: BLACK_FRIDAY.percentOff }
    : { code: DISCOUNT_CODES.SPECIAL20, percentOff: 20 }
  return { ...deal, pricingUrl: `${siteUrl}/pricing?discountCode=${deal.code}` }
}

/** A place to share the product. */
export interface ShareLink {
  label: string
  href: string
}

/** The share links for the site: X, Facebook, LinkedIn, Reddit and email. */
export function shareLinks(siteUrl: string = SITE_URL): ShareLink[] {
  const url = encodeURIComponent(siteUrl)
  const text = encodeURIComponent('Inkmark: highlight the web and keep what you learn.')
  return [
    { label: 'Share on X', href: `https://x.com/intent/post?text=${text}&url=${url}` },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    {
      label: 'Share on LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    },
    { label: 'Share on Reddit', href: `https://www.reddit.com/submit?url=${url}&title=${text}` },
    { label: 'Share by email', href: `mailto:?subject=${text}&body=${url}` },
  ]
}
