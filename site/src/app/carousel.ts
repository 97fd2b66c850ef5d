// The footer's review carousel (spec section 4): reviews under 100 characters, in reversed order,
// advancing every 4 s; Next wraps to the first, Previous to the last.
import type { ReviewItem } from './site-content'

export const CAROUSEL_INTERVAL_MS = 4000
export const CAROUSEL_MAX_CHARACTERS = 100

/** The reviews the carousel shows, in the order it shows them. */
export function carouselReviews(reviews: readonly ReviewItem[]): ReviewItem[] {
  return reviews.filter((review) => review.text.length < CAROUSEL_MAX_CHARACTERS).reverse()
}

/** The index after `index` among `count` items (wraps to the first). */
export function nextIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count
}

/** The index before `index` among `count` items (wraps to the last). */
export function previousIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index - 1 + count) % count
}
