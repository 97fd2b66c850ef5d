// The operator content the layout shows (social links, the footer's reviews), from the content
// loaders (site/src/content), the same on the server and in the browser so that hydration matches.
// Only the two loaders the layout needs are imported: the rest stays out of the entry chunk.
import { socialLinks } from '../content/links'
import { loadReviews } from '../content/reviews'
import type { SiteContent } from './site-content'

export function layoutContent(): SiteContent {
  return {
    socialLinks: socialLinks().map(({ network, label, url }) => ({ network, label, url })),
    reviews: loadReviews().map((review) => ({
      text: review.reviewText,
      author: review.reviewer.name,
      isSample: review.isSample,
    })),
  }
}
