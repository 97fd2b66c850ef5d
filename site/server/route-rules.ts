// The site server's route rules: addresses that are not pages of the site but lead elsewhere.
// A public page (/explore/{id}, /discover/page/{id}) lives on the relay; an unsubscribe link goes
// to the web app (its query kept); /redirect/product-hunt goes to the operator's Product Hunt page
// when one is set. Anything else is a file of the site.
import { publicPageUrl } from '@inkmark/shared'

export interface RouteRuleOptions {
  relayUrl: string
  appUrl: string
  /** The operator's Product Hunt page (site/content/links.json), or null. */
  productHuntUrl: string | null
}

/** Where a request redirects (302), or undefined when the site serves it. */
export function redirectFor(
  pathname: string,
  search: string,
  options: RouteRuleOptions,
): string | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1)
  const decoded = (segment: string | undefined): string | undefined => {
    if (segment === undefined || segment === '') {
      return undefined
    }
    try {
      return decodeURIComponent(segment)
    } catch {
      return undefined
    }
  }
  if (segments.length === 2 && segments[0] === 'explore') {
    const id = decoded(segments[1])
    return id === undefined ? undefined : publicPageUrl(options.relayUrl, id)
  }
  if (segments.length === 3 && segments[0] === 'discover' && segments[1] === 'page') {
    const id = decoded(segments[2])
    return id === undefined ? undefined : publicPageUrl(options.relayUrl, id)
  }
  if (segments.length === 2 && segments[0] === 'unsubscribe') {
    const userId = decoded(segments[1])
    return userId === undefined
      ? undefined
      : `${options.appUrl.replace(/\/+$/, '')}/unsubscribe/${encodeURIComponent(userId)}${search}`
  }
  if (
    pathname.replace(/\/+$/, '') === '/redirect/product-hunt' &&
    options.productHuntUrl !== null
  ) {
    return options.productHuntUrl
  }
  return undefined
}
