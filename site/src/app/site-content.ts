// The operator's content the layout shows on every page: the social links (top bar, menu, footer)
// and the short reviews of the footer's carousel. The content loaders (site/src/content/) fill it
// (app/content.ts); sample reviews are marked on the page.

/** A social profile of the product. */
export interface SocialLinkItem {
  /** 'twitter', 'linkedin', 'instagram', 'facebook', 'github', 'linktree', 'youtube'. */
  network: string
  label: string
  /** An http(s) address (checked by the loader and again here). */
  url: string
}

/** A review quoted in the footer. */
export interface ReviewItem {
  text: string
  author: string
  isSample: boolean
}

export interface SiteContent {
  socialLinks: readonly SocialLinkItem[]
  reviews: readonly ReviewItem[]
}

export const EMPTY_SITE_CONTENT: SiteContent = { socialLinks: [], reviews: [] }

/** Whether a content file's link may be rendered: http(s) only. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
