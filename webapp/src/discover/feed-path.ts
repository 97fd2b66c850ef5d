// The discover feed's order is chosen by the path's ending, as the spec says: /discover is the
// newest pages, /discover/most-liked the most liked.
import type { FeedType } from './public-api'

/** The feeds in the order the switch shows them. */
export const FEEDS: readonly {
  type: FeedType
  label: string
  path: '/discover' | '/discover/most-liked'
}[] = [
  { type: 'newest', label: 'Newest', path: '/discover' },
  { type: 'most-liked', label: 'Most liked', path: '/discover/most-liked' },
]
