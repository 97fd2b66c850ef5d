// Where Inkmark does not highlight. Painting highlights into a web mail, a document editor, a
// payment form or a chat breaks those apps and risks leaking private text into the library, so the
// spec keeps a default wildcard list of such sites plus the user's own list; Inkmark's own app and
// reader are never blocked. Patterns are matched by hand (no `URL`, no regular expressions built
// from user text) with a linear-time glob so that a hostile pattern cannot stall the page.

import { getPdfFileUrl } from './page-url'
import type { UrlParts } from './url-parts'
import { getDefaultPort, getHostWithPort, parseUrl, stripLeadingWww } from './url-parts'

/** Categories of the default blacklist, as named by the spec. */
export const BlacklistCategory = {
  SEARCH: 'SEARCH',
  DOCS: 'DOCS',
  MAIL: 'MAIL',
  CALENDAR: 'CALENDAR',
  PAYMENT: 'PAYMENT',
  CHAT: 'CHAT',
  ADULT: 'ADULT',
} as const
export type BlacklistCategory = (typeof BlacklistCategory)[keyof typeof BlacklistCategory]

/** The default blacklist by category, as wildcard patterns `scheme://host/path` (`*` = any text). */
export const DEFAULT_BLACKLIST_BY_CATEGORY: Readonly<Record<BlacklistCategory, readonly string[]>> =
  {
    SEARCH: [
      '*://*.google.com/search*',
      '*://*.google.*/search*',
      '*://*.bing.com/search*',
      '*://*.duckduckgo.com/*',
      '*://*.search.yahoo.com/*',
      '*://*.baidu.com/s?*',
      '*://*.yandex.*/search*',
      '*://*.ecosia.org/search*',
      '*://*.startpage.com/*',
      '*://search.brave.com/*',
    ],
    DOCS: [
      '*://docs.google.com/*',
      '*://drive.google.com/*',
      '*://*.office.com/*',
      '*://*.officeapps.live.com/*',
      '*://*.sharepoint.com/*',
      '*://onedrive.live.com/*',
      '*://*.notion.so/*',
      '*://*.overleaf.com/project/*',
      '*://*.figma.com/file/*',
      '*://*.figma.com/design/*',
    ],
    MAIL: [
      '*://mail.google.com/*',
      '*://outlook.live.com/*',
      '*://outlook.office.com/*',
      '*://outlook.office365.com/*',
      '*://*.mail.yahoo.com/*',
      '*://mail.aol.com/*',
      '*://mail.proton.me/*',
      '*://app.fastmail.com/*',
      '*://mail.zoho.com/*',
      '*://*.icloud.com/mail*',
    ],
    CALENDAR: [
      '*://calendar.google.com/*',
      '*://calendar.yahoo.com/*',
      '*://calendar.proton.me/*',
      '*://*.icloud.com/calendar*',
    ],
    PAYMENT: [
      '*://*.paypal.com/*',
      '*://checkout.stripe.com/*',
      '*://buy.stripe.com/*',
      '*://dashboard.stripe.com/*',
      '*://pay.google.com/*',
      '*://payments.google.com/*',
      '*://*.klarna.com/*',
      '*://*.wise.com/*',
      '*://*.revolut.com/*',
      '*://*.n26.com/*',
      '*://*.coinbase.com/*',
      '*://*.chase.com/*',
      '*://*.bankofamerica.com/*',
      '*://*.wellsfargo.com/*',
      '*://*.citi.com/*',
      '*://*.capitalone.com/*',
      '*://*.americanexpress.com/*',
      '*://*.hsbc.*/*',
      '*://*.barclays.co.uk/*',
    ],
    CHAT: [
      '*://app.slack.com/*',
      '*://web.whatsapp.com/*',
      '*://*.discord.com/channels/*',
      '*://*.discord.com/app*',
      '*://*.messenger.com/*',
      '*://*.facebook.com/messages/*',
      '*://teams.microsoft.com/*',
      '*://teams.live.com/*',
      '*://web.telegram.org/*',
      '*://web.skype.com/*',
      '*://chat.google.com/*',
      '*://meet.google.com/*',
      '*://app.zoom.us/*',
    ],
    ADULT: [
      '*://*.pornhub.com/*',
      '*://*.xvideos.com/*',
      '*://*.xnxx.com/*',
      '*://*.xhamster.com/*',
      '*://*.redtube.com/*',
      '*://*.youporn.com/*',
      '*://*.tube8.com/*',
      '*://*.spankbang.com/*',
      '*://*.eporner.com/*',
      '*://*.brazzers.com/*',
      '*://*.onlyfans.com/*',
      '*://*.chaturbate.com/*',
      '*://*.stripchat.com/*',
      '*://*.livejasmin.com/*',
    ],
  }

/** Every default blacklist pattern: search, docs, mail, calendar, payment, chat and adult sites. */
export const DEFAULT_BLACKLIST: readonly string[] = Object.values(
  DEFAULT_BLACKLIST_BY_CATEGORY,
).flat()

/** Hosts of Inkmark's own web app and reader, never blacklisted (a host without port: any port). */
export const INKMARK_APP_HOSTS: readonly string[] = [
  'app.inkmark.app',
  'reader.inkmark.app',
  'localhost:5173',
]

/** Schemes whose pages can be highlighted at all; any other URL counts as blacklisted. */
export const HIGHLIGHTABLE_PROTOCOLS: readonly string[] = ['http', 'https', 'file']

/** The match-pattern spelling of "every URL" (as in browser extension manifests). */
export const ALL_URLS_PATTERN = '<all_urls>'

/** Options of `isBlacklisted`. */
export interface BlacklistOptions {
  /** Hosts (optionally `host:port`) that are never blacklisted; replaces `INKMARK_APP_HOSTS`. */
  exemptHosts?: readonly string[]
}

const PATTERN_SHAPE = /^([^:/?#]+):\/\/([^/]*)(\/.*)?$/
const SCHEME_PREFIX = /^[a-z][a-z0-9+.-]*:\/\//i

/**
 * Whether highlighting is off for `url`: it is not a URL, its scheme is not highlightable, or it
 * matches the default blacklist or an entry of `userList`. PDF viewer URLs are judged by the PDF
 * they show; URLs on `options.exemptHosts` (default `INKMARK_APP_HOSTS`) never are blacklisted.
 */
export function isBlacklisted(
  url: string,
  userList: readonly string[],
  options: BlacklistOptions = {},
): boolean {
  const parts = parseUrl(url)
  if (parts === null) {
    return true
  }
  if (isExemptHost(parts, options.exemptHosts ?? INKMARK_APP_HOSTS)) {
    return false
  }
  const target = getPdfFileUrl(url) ?? url
  const targetParts = parseUrl(target) ?? parts
  if (!HIGHLIGHTABLE_PROTOCOLS.includes(targetParts.protocol)) {
    return true
  }
  return [...DEFAULT_BLACKLIST, ...userList].some((entry) => matchesBlacklistEntry(target, entry))
}

/**
 * Whether `url` matches one blacklist entry. Accepted forms: a wildcard pattern
 * (`*://*.example.com/*`, `https://example.com/private/*`, or without scheme `example.com/a*`),
 * `<all_urls>`, a plain host (`example.com`, `www.example.com`, `localhost:8080`: the host and its
 * subdomains) or a plain URL prefix (`example.com/docs`, `https://example.com/docs?id=1`: that host
 * and its subdomains, any scheme, under that path). Matching ignores case; blank entries never match.
 */
export function matchesBlacklistEntry(url: string, entry: string): boolean {
  const trimmed = entry.trim()
  if (trimmed === '') {
    return false
  }
  if (trimmed.toLowerCase() === ALL_URLS_PATTERN) {
    return matchesWildcardPattern(url, trimmed)
  }
  if (trimmed.includes('*')) {
    return matchesWildcardPattern(url, trimmed.includes('://') ? trimmed : `*://${trimmed}`)
  }
  const parts = parseUrl(url)
  return parts !== null && matchesPlainEntry(parts, trimmed.toLowerCase())
}

/**
 * Whether `url` matches a wildcard pattern `scheme://host[:port][/path]`: `*` in the scheme means
 * any scheme, a host `*.example.com` means example.com or any subdomain, any other `*` stands for
 * any text, a missing path means any path; the path part is matched against path and query,
 * ignoring case. `<all_urls>` matches every URL. Malformed patterns match nothing.
 */
export function matchesWildcardPattern(url: string, pattern: string): boolean {
  const parts = parseUrl(url)
  if (parts === null) {
    return false
  }
  const trimmed = pattern.trim().toLowerCase()
  if (trimmed === ALL_URLS_PATTERN) {
    return true
  }
  const shape = PATTERN_SHAPE.exec(trimmed)
  if (shape === null) {
    return false
  }
  const [, scheme = '', hostPattern = '', pathPattern = '/*'] = shape
  return (
    globMatch(parts.protocol, scheme) &&
    matchesHostPattern(parts, hostPattern) &&
    globMatch(getPathAndQuery(parts).toLowerCase(), pathPattern)
  )
}

function isExemptHost(parts: UrlParts, exemptHosts: readonly string[]): boolean {
  const hostWithPort = getHostWithPort(parts)
  return exemptHosts.some((exempt) => {
    const wanted = exempt.trim().toLowerCase()
    return wanted !== '' && (wanted === parts.host || wanted === hostWithPort)
  })
}

function matchesHostPattern(parts: UrlParts, hostPattern: string): boolean {
  const { host, port } = splitHostPattern(hostPattern)
  if (port !== null && port !== '*' && port !== getEffectivePort(parts)) {
    return false
  }
  if (host.startsWith('*.')) {
    const base = host.slice(2)
    return globMatch(parts.host, base) || globMatch(parts.host, host)
  }
  return globMatch(parts.host, host)
}

function matchesPlainEntry(parts: UrlParts, entry: string): boolean {
  const withoutScheme = entry.replace(SCHEME_PREFIX, '')
  const hostEnd = firstIndexOf(withoutScheme, ['/', '?', '#'])
  const hostPattern = withoutScheme.slice(0, hostEnd)
  const { host, port } = splitHostPattern(hostPattern)
  const base = stripLeadingWww(host)
  const hostMatches = parts.host === base || (base !== '' && parts.host.endsWith(`.${base}`))
  if (!hostMatches || (port !== null && port !== getEffectivePort(parts))) {
    return false
  }
  const rest = withoutScheme.slice(hostEnd)
  const prefix = rest.slice(0, firstIndexOf(rest, ['#'])).replace(/\/+$/, '')
  const path = getPathAndQuery(parts).toLowerCase()
  if (!path.startsWith(prefix)) {
    return false
  }
  // The prefix must end at a boundary: `/docs` covers `/docs/a` and `/docs?x`, not `/docsearch`.
  const next = path.charAt(prefix.length)
  return next === '' || '/?&#'.includes(next)
}

function splitHostPattern(hostPattern: string): { host: string; port: string | null } {
  const hostPart = hostPattern.slice(hostPattern.lastIndexOf('@') + 1)
  const colon = hostPart.startsWith('[')
    ? hostPart.indexOf(':', hostPart.indexOf(']'))
    : hostPart.indexOf(':')
  if (colon === -1) {
    return { host: hostPart, port: null }
  }
  return { host: hostPart.slice(0, colon), port: hostPart.slice(colon + 1) }
}

function getEffectivePort(parts: UrlParts): string {
  return parts.port === '' ? getDefaultPort(parts.protocol) : parts.port
}

function getPathAndQuery(parts: UrlParts): string {
  return parts.query === '' ? parts.pathname : `${parts.pathname}?${parts.query}`
}

function firstIndexOf(text: string, chars: readonly string[]): number {
  const indexes = chars.map((char) => text.indexOf(char)).filter((index) => index !== -1)
  return indexes.length === 0 ? text.length : Math.min(...indexes)
}

// Glob with `*` only, in O(text x pattern) worst case and no backtracking blow-up: on a mismatch it
// retries from the last `*`, letting it swallow one more character.
function globMatch(text: string, pattern: string): boolean {
  let t = 0
  let p = 0
  let starP = -1
  let starT = 0
  while (t < text.length) {
    const patternChar = pattern.charAt(p)
    if (patternChar === '*') {
      starP = p
      starT = t
      p++
    } else if (p < pattern.length && patternChar === text.charAt(t)) {
      p++
      t++
    } else if (starP !== -1) {
      p = starP + 1
      starT++
      t = starT
    } else {
      return false
    }
  }
  while (pattern.charAt(p) === '*') {
    p++
  }
  return p === pattern.length
}
