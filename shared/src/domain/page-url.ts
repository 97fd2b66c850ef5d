// When two URLs are "the same page". A bookmark and its highlights are found again by the page URL,
// but the browser rarely shows the same string twice: http or https, www or not, a trailing slash,
// a fragment, tracking parameters. The spec lists which differences to ignore and which parameters
// identify a page; this module turns those rules into one canonical key per URL so that matching is
// symmetric and transitive by construction, and the key doubles as an index for lookups.
// One deviation (docs/adr/069-identifying-query-parameters.md): every query parameter of a web URL
// identifies the page unless it is a known tracking parameter, so a forum's `item?id=1` and
// `item?id=2` stay two pages. The spec's narrower rule is kept as `normalizePageUrlBySpec`, only to
// find highlights the old rule filed under another page's bookmark.

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

/**
 * Query parameters that only tag a visit (referrer and campaign tags, ad-click, e-mail and share
 * ids) or only change how a page shows, and never name a page on any site; they are dropped from
 * the key of a web URL (names compared in lower case). Sources, and the names deliberately left
 * out (`source`, `cid`, `s`, `t`, `campaign`...), are in ADR 069.
 */
export const TRACKING_QUERY_PARAMS = [
  // the referrer tag of countless links (`?ref=hn`); the spec's identifying `ref_` is another name
  'ref',
  // Webtrends, Branch, Curalate campaign and click ids
  'wt.mc_id',
  'wt.mc_ev',
  '_branch_match_id',
  'crl8_id',
  // Google Analytics cross-domain linker and Google Ads / Search Ads 360 / Display click ids
  '_ga',
  '_gl',
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'srsltid',
  // Meta, Instagram, Microsoft Ads, Yandex, X, TikTok, LinkedIn, Pinterest, Snapchat click ids
  'fbclid',
  'igshid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'epik',
  'sccid',
  // e-mail campaign ids: Mailchimp, HubSpot, Marketo, Omeda, Vero, Drip, Klaviyo, Adobe
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  '__hssc',
  '__hstc',
  '__hsfp',
  'hsctatracking',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'vero_conv',
  '__s',
  '_kx',
  's_cid',
  // Yandex's and Openstat's visit tags
  '_openstat',
  'rb_clickid',
  // presentation: the search words a forum (vBulletin, phpBB) highlights in the thread it opens
  'highlight',
  'hilit',
] as const

/**
 * Tracking parameters of one site (and its subdomains) whose names mean something elsewhere:
 * X/Twitter's share tags, the New York Times' share, ad and article-counter tags, Substack's e-mail
 * and referral tags, The Atlantic's one-page view, Medium's feed tag.
 */
export const SITE_TRACKING_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  'twitter.com': ['s', 't', 'ref_src', 'ref_url'],
  'x.com': ['s', 't', 'ref_src', 'ref_url'],
  'nytimes.com': [
    '_r',
    'hp',
    'smid',
    'smtyp',
    'adxnnl',
    'adxnnlx',
    'ad-keywords',
    'partner',
    'emc',
  ],
  'substack.com': ['r', 'publication_id', 'post_id', 'isfreemail', 'triedredirect'],
  'theatlantic.com': ['single_page'],
  'medium.com': ['source'],
}

/** Prefixes of tracking parameter names: Google Analytics' campaign tags (`utm_source`...). */
export const TRACKING_QUERY_PARAM_PREFIXES = ['utm_'] as const

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

const QueryRule = {
  /** Every parameter but the tracking ones identifies a web page (ADR 069). */
  NON_TRACKING: 'NON_TRACKING',
  /** Only the spec's `IDENTIFYING_QUERY_PARAMS` identify a page. */
  SPEC: 'SPEC',
} as const
type QueryRule = (typeof QueryRule)[keyof typeof QueryRule]

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
 * `//host[:port]/path?params` (no scheme, no leading www, no trailing slash, no fragment, every
 * parameter but the tracking ones, sorted by name so their order does not matter); local files
 * keep `file:` + the decoded file name; PDF viewer URLs give the key of the PDF; opaque URLs keep
 * `scheme:path?spec-identifying-params`; URLs that only match exactly, and text that is not a URL,
 * are returned as given.
 */
export function normalizePageUrl(url: string): string {
  return getPageUrlKey(url, QueryRule.NON_TRACKING).key
}

/**
 * The key of the spec's own rule, where only `IDENTIFYING_QUERY_PARAMS` count (in their list's
 * order): the rule Inkmark used before ADR 069. Only for finding highlights that rule filed under
 * the bookmark of another page; never to file new ones.
 */
export function normalizePageUrlBySpec(url: string): string {
  return getPageUrlKey(url, QueryRule.SPEC).key
}

/**
 * Whether a highlight made at `markUrl` belongs to another page than `pageUrl` although the spec's
 * rule took them for one page (so the old rule put it in this page's bookmark): e.g. a reply on
 * `item?id=2` kept in the bookmark of `item?id=1`. Such highlights are not shown on `pageUrl`.
 */
export function isMarkOfMergedPage(markUrl: string, pageUrl: string): boolean {
  return (
    !pageUrlsMatch(markUrl, pageUrl) &&
    normalizePageUrlBySpec(markUrl) === normalizePageUrlBySpec(pageUrl)
  )
}

/** The highlights of a page's bookmark that belong on the page at `pageUrl` (ADR 069). */
export function marksShownOnPage<T extends { url: string }>(
  marks: readonly T[],
  pageUrl: string,
): T[] {
  return marks.filter((mark) => !isMarkOfMergedPage(mark.url, pageUrl))
}

/**
 * The address a new highlight made at `pageUrl` records: its bookmark's, unless that bookmark names
 * another page (one the spec's rule filed this page's highlights under, ADR 069), where the
 * highlight keeps its own page so that it shows there and only there.
 */
export function markUrlFor(bookmarkUrl: string, pageUrl: string): string {
  return pageUrlsMatch(bookmarkUrl, pageUrl) ? bookmarkUrl : pageUrl
}

/**
 * Whether a query parameter only tracks a visit or changes the presentation
 * (`TRACKING_QUERY_PARAMS`, `utm_*`, and on `host` the site's own `SITE_TRACKING_QUERY_PARAMS`).
 */
export function isTrackingQueryParam(name: string, host = ''): boolean {
  const lower = name.toLowerCase()
  return (
    includes(TRACKING_QUERY_PARAMS, lower) ||
    TRACKING_QUERY_PARAM_PREFIXES.some((prefix) => lower.startsWith(prefix)) ||
    getSiteTrackingParams(host).includes(lower)
  )
}

// The site's list applies to the site and every subdomain (`parenting.nytimes.com`).
function getSiteTrackingParams(host: string): readonly string[] {
  const site = Object.keys(SITE_TRACKING_QUERY_PARAMS).find(
    (domain) => host === domain || host.endsWith(`.${domain}`),
  )
  return site === undefined ? [] : (SITE_TRACKING_QUERY_PARAMS[site] ?? [])
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

function getPageUrlKey(url: string, rule: QueryRule = QueryRule.NON_TRACKING): PageUrlKey {
  const target = getPdfFileUrl(url) ?? url
  const parts = requiresExactPageMatch(target) ? null : parseUrl(target)
  if (parts === null) {
    return { kind: PageUrlKind.EXACT, key: target }
  }
  if (parts.protocol === 'file') {
    return { kind: PageUrlKind.FILE, key: `file:${getFileName(parts.pathname)}` }
  }
  const path = parts.pathname.replace(/\/+$/, '')
  if (!parts.hasAuthority) {
    const identifying = getSpecIdentifyingQuery(parts)
    return { kind: PageUrlKind.OPAQUE, key: `${parts.protocol}:${path}${identifying}` }
  }
  const identifying =
    rule === QueryRule.SPEC ? getSpecIdentifyingQuery(parts) : getNonTrackingQuery(parts)
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

function getSpecIdentifyingQuery(parts: UrlParts): string {
  const pairs = IDENTIFYING_QUERY_PARAMS.flatMap((name) =>
    getQueryParams(parts, name).map((value) => `${name}=${encodeURIComponent(value)}`),
  )
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`
}

// Every parameter but the tracking ones, sorted by name (a stable sort: the values of a repeated
// name keep their order, which can matter to the page).
function getNonTrackingQuery(parts: UrlParts): string {
  const pairs = parts.search
    .filter(([name]) => !isTrackingQueryParam(name, parts.host))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`
}

function includes(list: readonly string[], value: string): boolean {
  return list.includes(value)
}
