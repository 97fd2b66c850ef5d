// The operator content the layout shows (social links, reviews), the same on the server and in
// the browser so that hydration matches.
import { EMPTY_SITE_CONTENT, type SiteContent } from './site-content'

export function layoutContent(): SiteContent {
  return EMPTY_SITE_CONTENT
}
