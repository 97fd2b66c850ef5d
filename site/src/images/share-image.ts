// Where a route's share image is (the 1200x630 PNG that link previews show) and its metadata.
// The build renders one per prerendered route into dist/og/{slug}.png from the route's title
// (site/scripts/images/build-share-images.ts, ADR 076); head rendering points og:image at it.

export const SHARE_IMAGE_WIDTH = 1200
export const SHARE_IMAGE_HEIGHT = 630
export const SHARE_IMAGE_TYPE = 'image/png'
export const SHARE_IMAGE_URL_PREFIX = '/og/'

/** A route path's file name part: '/' is 'home', '/tutorials/browser/chrome' is 'tutorials-browser-chrome'. */
export function shareImageSlug(path: string): string {
  const slug = path
    .split(/[?#]/)[0]!
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug === '' ? 'home' : slug
}

/** The site-relative URL of a route's share image. */
export function shareImageUrl(path: string): string {
  return `${SHARE_IMAGE_URL_PREFIX}${shareImageSlug(path)}.png`
}

export interface ShareImage {
  url: string
  width: number
  height: number
  type: string
  alt: string
}

/**
 * The share image of the route at `path` whose page title is `title`; `origin` (the site's, e.g.
 * siteConfig.siteOrigin) makes the URL absolute, as og:image wants it.
 */
export function shareImageFor(path: string, title: string, origin = ''): ShareImage {
  return {
    url: origin.replace(/\/+$/, '') + shareImageUrl(path),
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    type: SHARE_IMAGE_TYPE,
    alt: `${title}: the page's title on Inkmark's share card`,
  }
}
