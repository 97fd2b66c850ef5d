// Which picture a page's card shows: the page's own image, its meta image (og:image) or a book's
// cover. Page metadata is written by the page, so only http(s) addresses and inline raster images
// are let through to the <img> (never another scheme, and never SVG, which can carry script when
// opened on its own).

/** Where a page's pictures may be recorded. */
export interface PagePictures {
  image?: string
  coverImageUrl?: string
  meta?: { image?: string }
}

/** The page's cover picture URL, if it has one a card may load. */
export function pageCoverUrl(page: PagePictures): string | undefined {
  for (const candidate of [page.image, page.meta?.image, page.coverImageUrl]) {
    if (candidate && isLoadableImageUrl(candidate)) {
      return candidate
    }
  }
  return undefined
}

/** An http(s) URL, or a data: URL of a raster image. */
export function isLoadableImageUrl(url: string): boolean {
  if (/^data:image\/(png|jpe?g|gif|webp|avif);/i.test(url)) {
    return true
  }
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
