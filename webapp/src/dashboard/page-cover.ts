// Which picture a page's card shows: the page's own image, its meta image (og:image) or a book's
// cover. Page metadata is written by the page, so only what toImageSource lets through reaches
// the <img>: http(s) addresses and inline raster images (never another scheme, never SVG).
import { toImageSource } from '../lib/safe-url'

/** Where a page's pictures may be recorded. */
export interface PagePictures {
  image?: string
  coverImageUrl?: string
  meta?: { image?: string }
}

/** The page's cover picture URL, if it has one a card may load. */
export function pageCoverUrl(page: PagePictures): string | undefined {
  for (const candidate of [page.image, page.meta?.image, page.coverImageUrl]) {
    const source = toImageSource(candidate)
    if (source !== undefined) {
      return source
    }
  }
  return undefined
}
