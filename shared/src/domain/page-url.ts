// When two URLs are "the same page". A bookmark and its highlights are found again by the page URL,
// but the browser rarely shows the same string twice: http or https, www or not, a trailing slash,
// a fragment, tracking parameters. The spec lists which differences to ignore and which parameters
// identify a page; this module turns those rules into one canonical key per URL so that matching is
// symmetric and transitive by construction, and the key doubles as an index for lookups.

import type { UrlParts } from './url-parts'
import {
  getQueryParam,
  getQueryParams,
  parseUrl,
  percentDecode,
  stripLeadingWww,
} from './url-parts'

/** Query parameters that identify a page; all others are ignored when matching (case-sensitive). */
export const IDENTIFYING_QUERY_PARAMS = [
  'guid',
  'bookguid',
  'openid.claimed_id',
  'ref_',
  'page',
  'jk',
  'vjk',
  'file',
  'uri',
  'pageId',
  'pageid',
  'url',
  'term',
] as const

/** URLs containing one of these match another URL only when the two strings are equal. */
export const EXACT_MATCH_PATH_MARKERS = ['/watch', '/search'] as const

/** Hash routes of single-page apps that match another URL only when the two strings are equal. */
export const EXACT_MATCH_HASH_ROUTES = ['#/epubreader?bookguid=', '#/notes/', '#/lessons/'] as const

/** Schemes of browser-extension pages: any of them with a `file` parameter is a PDF viewer. */
export const EXTENSION_PROTOCOLS = [
  'chrome-extension',
  'moz-extension',
  'safari-web-extension',
  'extension',
] as const

/** Last path segments of viewer pages on the web (the web app's `/viewer`, pdf.js `viewer.html`). */
export const PDF_VIEWER_PAGE_NAMES = ['viewer', 'viewer.html'] as const

/** Name of the query parameter that carries the viewed PDF's address. */
export const PDF_FILE_PARAM = 'file'

/** Schemes a viewed PDF may have for its viewer URL to be read as that PDF. */
export const PDF_SOURCE_PROTOCOLS = ['http', 'https', 'file'] as const

const PageUrlKind = {
  EXACT: 'EXACT',
  FILE: 'FILE',
  WEB: 'WEB',
  OPAQUE: 'OPAQUE',
} as const
type PageUrlKind = (typeof PageUrlKind)[keyof typeof PageUrlKind]

interface PageUrlKey {
  kind: PageUrlKind
  key: string
}

/** Whether two page URLs denote the same page under the spec's matching rules (symmetric). */
export function pageUrlsMatch(a: string, b: string): boolean {
  if (a === b) {
    return true
  }
  const keyA = getPageUrlKey(a)
  const keyB = getPageUrlKey(b)
  // EXACT keys compare too: two viewer URLs of one exact-only PDF address share their key.
  return keyA.kind === keyB.kind && keyA.key === keyB.key
}

/**
 * The lookup key of a page URL: equal for URLs that `pageUrlsMatch`. Web URLs keep
 * `//host[:port]/path?identifying-params` (no scheme, no leading www, no trailing slash, no fragment,
 * identifying parameters in the order of `IDENTIFYING_QUERY_PARAMS`); local files keep
 * `file:` + the decoded file name; PDF viewer URLs give the key of the PDF; opaque URLs keep
 * `scheme:path?identifying-params`; URLs that only match exactly, and text that is not a URL, are
 * returned as given.
 */
export function normalizePageUrl(url: string): string {
  return getPageUrlKey(url).key
}

/** The decoded address of the PDF shown by a viewer URL, or `null` when `url` is not a viewer. */
export function getPdfFileUrl(url: string): string | null {
  const parts = parseUrl(url)
  if (parts === null || !isPdfViewerPage(parts)) {
    return null
  }
  const file = getQueryParam(parts, PDF_FILE_PARAM)
  const fileParts = file === null ? null : parseUrl(file)
  if (file === null || fileParts === null || !includes(PDF_SOURCE_PROTOCOLS, fileParts.protocol)) {
    return null
  }
  return file
}

/** Whether a URL only ever matches an identical string (`/watch`, `/search`, exact hash routes). */
export function requiresExactPageMatch(url: string): boolean {
  return [...EXACT_MATCH_PATH_MARKERS, ...EXACT_MATCH_HASH_ROUTES].some((marker) =>
    url.includes(marker),
  )
}

function getPageUrlKey(url: string): PageUrlKey {
  const target = getPdfFileUrl(url) ?? url
  const parts = requiresExactPageMatch(target) ? null : parseUrl(target)
  if (parts === null) {
    return { kind: PageUrlKind.EXACT, key: target }
  }
  if (parts.protocol === 'file') {
    return { kind: PageUrlKind.FILE, key: `file:${getFileName(parts.pathname)}` }
  }
  const path = parts.pathname.replace(/\/+$/, '')
  const identifying = getIdentifyingQuery(parts)
  if (!parts.hasAuthority) {
    return { kind: PageUrlKind.OPAQUE, key: `${parts.protocol}:${path}${identifying}` }
  }
  const port = parts.port === '' ? '' : `:${parts.port}`
  return {
    kind: PageUrlKind.WEB,
    key: `//${stripLeadingWww(parts.host)}${port}${path}${identifying}`,
  }
}

function isPdfViewerPage(parts: UrlParts): boolean {
  const lastSegment = parts.pathname.slice(parts.pathname.lastIndexOf('/') + 1)
  return (
    includes(EXTENSION_PROTOCOLS, parts.protocol) || includes(PDF_VIEWER_PAGE_NAMES, lastSegment)
  )
}

// The file name is the last non-empty path segment, decoded; a bare root keeps the whole path.
function getFileName(pathname: string): string {
  const segments = pathname.split('/').filter((segment) => segment !== '')
  const last = segments[segments.length - 1]
  return last === undefined ? pathname : percentDecode(last)
}

function getIdentifyingQuery(parts: UrlParts): string {
  const pairs = IDENTIFYING_QUERY_PARAMS.flatMap((name) =>
    getQueryParams(parts, name).map((value) => `${name}=${encodeURIComponent(value)}`),
  )
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`
}

function includes(list: readonly string[], value: string): boolean {
  return list.includes(value)
}
