// A small, pure, tolerant URL parser. The domain layer compiles against `lib: ["ES2022"]` only, so
// the WHATWG `URL` class is not available here, yet page matching, the blacklist, YouTube ids and
// PDF viewer links all need the parts of a URL. This follows what the WHATWG parser yields for the
// URLs a browser actually shows (lowercased scheme and host, default ports dropped, dot segments
// resolved, `\` read as `/` in web URLs), without IDNA, IPv4 number forms or a base URL: a string
// without a scheme is not a URL and gives `null`.

/** The parts of an absolute URL. */
export interface UrlParts {
  /** Lowercased scheme without the colon, e.g. `https`, `file`, `chrome-extension`, `mailto`. */
  protocol: string
  /** Lowercased host name without the port; `''` for opaque URLs and `file:///`. */
  host: string
  /** Port digits without leading zeros; `''` when absent or the scheme's default port. */
  port: string
  /** The path as written (not decoded); `/` when a web URL has none; no dot segments. */
  pathname: string
  /** Query parameters in order, percent-decoded, `+` read as a space. */
  search: Array<[string, string]>
  /** The raw query without the `?` (`''` when absent). */
  query: string
  /** The raw fragment without the `#` (`''` when absent). */
  hash: string
  /** True when the URL has an authority (`scheme://host...`), false for `mailto:x`, `about:blank`. */
  hasAuthority: boolean
}

/** Schemes the WHATWG standard calls special, with their default ports (`file` has none). */
export const SPECIAL_SCHEME_DEFAULT_PORTS: Readonly<Record<string, string>> = {
  http: '80',
  https: '443',
  ws: '80',
  wss: '443',
  ftp: '21',
  file: '',
}

/** The highest valid port number. */
export const MAX_PORT = 65535

const SCHEME_PATTERN = /^([a-zA-Z][a-zA-Z0-9+.-]*):/
// Control characters are the point of these two patterns: the URL standard is defined over them.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_HOST_PATTERN = /[\u0000-\u0020#/<>?@[\\\]^|\u007f]/
const DRIVE_LETTER_PATTERN = /^[a-zA-Z][:|]$/
// eslint-disable-next-line no-control-regex
const C0_CONTROL_OR_SPACE_AT_ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g
const REPLACEMENT_CHARACTER = '\ufffd'

/** Parses an absolute URL into its parts, or returns `null` when it has no scheme or is malformed. */
export function parseUrl(text: string): UrlParts | null {
  // The WHATWG parser trims C0 controls and spaces and drops every tab and newline.
  const input = text.replace(C0_CONTROL_OR_SPACE_AT_ENDS, '').replace(/[\t\n\r]/g, '')
  const schemeMatch = SCHEME_PATTERN.exec(input)
  if (schemeMatch === null) {
    return null
  }
  const protocol = (schemeMatch[1] ?? '').toLowerCase()
  const special = Object.hasOwn(SPECIAL_SCHEME_DEFAULT_PORTS, protocol)
  let rest = input.slice(schemeMatch[0].length)

  const hashIndex = rest.indexOf('#')
  const hash = hashIndex === -1 ? '' : rest.slice(hashIndex + 1)
  rest = hashIndex === -1 ? rest : rest.slice(0, hashIndex)
  const queryIndex = rest.indexOf('?')
  const query = queryIndex === -1 ? '' : rest.slice(queryIndex + 1)
  rest = queryIndex === -1 ? rest : rest.slice(0, queryIndex)
  if (special) {
    rest = rest.replace(/\\/g, '/')
  }

  let authority: string | null = null
  if (protocol === 'file') {
    if (rest.startsWith('//')) {
      const end = indexOrLength(rest.indexOf('/', 2), rest)
      authority = rest.slice(2, end)
      rest = rest.slice(end)
      if (DRIVE_LETTER_PATTERN.test(authority)) {
        rest = `/${authority}${rest}`
        authority = ''
      }
    } else {
      authority = ''
    }
  } else if (special) {
    // Web URLs tolerate any number of slashes after the scheme (`https:/x.com`, `https:x.com`).
    const withoutSlashes = rest.replace(/^\/*/, '')
    const end = indexOrLength(withoutSlashes.indexOf('/'), withoutSlashes)
    authority = withoutSlashes.slice(0, end)
    rest = withoutSlashes.slice(end)
  } else if (rest.startsWith('//')) {
    const end = indexOrLength(rest.indexOf('/', 2), rest)
    authority = rest.slice(2, end)
    rest = rest.slice(end)
  }

  const base = { protocol, search: parseQueryString(query), query, hash }
  if (authority === null) {
    return { ...base, host: '', port: '', pathname: rest, hasAuthority: false }
  }
  const hostAndPort = parseAuthority(authority, protocol)
  if (hostAndPort === null || (special && protocol !== 'file' && hostAndPort.host === '')) {
    return null
  }
  let pathname = removeDotSegments(rest)
  if (special && pathname === '') {
    pathname = '/'
  }
  return { ...base, ...hostAndPort, pathname, hasAuthority: true }
}

/** Percent-decodes text as UTF-8; malformed escapes stay as written, invalid UTF-8 becomes U+FFFD. */
export function percentDecode(text: string): string {
  if (!text.includes('%')) {
    return text
  }
  let out = ''
  let bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i)
    if (char === '%' && isHexDigit(text.charAt(i + 1)) && isHexDigit(text.charAt(i + 2))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
      continue
    }
    if (bytes.length > 0) {
      out += decodeUtf8Lenient(bytes)
      bytes = []
    }
    out += char
  }
  return out + decodeUtf8Lenient(bytes)
}

/** Parses an `application/x-www-form-urlencoded` query (leading `?` optional) into ordered pairs. */
export function parseQueryString(query: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  const body = query.startsWith('?') ? query.slice(1) : query
  for (const piece of body.split('&')) {
    if (piece === '') {
      continue
    }
    const equals = piece.indexOf('=')
    const name = equals === -1 ? piece : piece.slice(0, equals)
    const value = equals === -1 ? '' : piece.slice(equals + 1)
    pairs.push([decodeFormComponent(name), decodeFormComponent(value)])
  }
  return pairs
}

/** The first value of a query parameter (names are case-sensitive), or `null` when absent. */
export function getQueryParam(parts: UrlParts, name: string): string | null {
  const pair = parts.search.find(([key]) => key === name)
  return pair === undefined ? null : pair[1]
}

/** Every value of a query parameter in order (names are case-sensitive). */
export function getQueryParams(parts: UrlParts, name: string): string[] {
  return parts.search.filter(([key]) => key === name).map(([, value]) => value)
}

/** The host with its port when there is one, e.g. `localhost:5173`. */
export function getHostWithPort(parts: UrlParts): string {
  return parts.port === '' ? parts.host : `${parts.host}:${parts.port}`
}

/** The default port of a special scheme (`443` for https), or `''` for any other scheme. */
export function getDefaultPort(protocol: string): string {
  return Object.hasOwn(SPECIAL_SCHEME_DEFAULT_PORTS, protocol)
    ? (SPECIAL_SCHEME_DEFAULT_PORTS[protocol] ?? '')
    : ''
}

/** A host without one leading `www.` label, e.g. `www.example.com` -> `example.com`. */
export function stripLeadingWww(host: string): string {
  return host.startsWith('www.') ? host.slice('www.'.length) : host
}

function indexOrLength(index: number, text: string): number {
  return index === -1 ? text.length : index
}

function parseAuthority(
  authority: string,
  protocol: string,
): { host: string; port: string } | null {
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1)
  let host = hostAndPort
  let port = ''
  if (hostAndPort.startsWith('[')) {
    const close = hostAndPort.indexOf(']')
    if (close === -1) {
      return null
    }
    host = hostAndPort.slice(0, close + 1)
    const after = hostAndPort.slice(close + 1)
    if (after !== '' && !after.startsWith(':')) {
      return null
    }
    port = after.slice(1)
  } else {
    const colon = hostAndPort.indexOf(':')
    if (colon !== -1) {
      host = hostAndPort.slice(0, colon)
      port = hostAndPort.slice(colon + 1)
    }
    if (FORBIDDEN_HOST_PATTERN.test(host)) {
      return null
    }
  }
  if (port !== '') {
    if (!/^\d+$/.test(port) || Number(port) > MAX_PORT) {
      return null
    }
    port = String(Number(port))
    if (getDefaultPort(protocol) === port) {
      port = ''
    }
  }
  return { host: host.toLowerCase(), port }
}

function removeDotSegments(path: string): string {
  if (!path.startsWith('/')) {
    return path
  }
  const segments = path.slice(1).split('/')
  const out: string[] = []
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1
    if (segment === '.' || segment === '..') {
      if (segment === '..') {
        out.pop()
      }
      if (isLast) {
        out.push('')
      }
    } else {
      out.push(segment)
    }
  })
  return `/${out.join('/')}`
}

function decodeFormComponent(text: string): string {
  return percentDecode(text.replace(/\+/g, ' '))
}

function isHexDigit(char: string): boolean {
  return char !== '' && '0123456789abcdefABCDEF'.includes(char)
}

// UTF-8 decoding as the WHATWG Encoding standard does it: each maximal invalid subsequence becomes
// one U+FFFD and decoding resumes at the byte that broke the sequence.
function decodeUtf8Lenient(bytes: readonly number[]): string {
  let out = ''
  let i = 0
  while (i < bytes.length) {
    const first = bytes[i] ?? 0
    let needed: number
    let codePoint: number
    let lower = 0x80
    let upper = 0xbf
    if (first < 0x80) {
      out += String.fromCharCode(first)
      i++
      continue
    } else if (first >= 0xc2 && first <= 0xdf) {
      needed = 1
      codePoint = first & 0x1f
    } else if (first >= 0xe0 && first <= 0xef) {
      needed = 2
      codePoint = first & 0x0f
      lower = first === 0xe0 ? 0xa0 : lower
      upper = first === 0xed ? 0x9f : upper
    } else if (first >= 0xf0 && first <= 0xf4) {
      needed = 3
      codePoint = first & 0x07
      lower = first === 0xf0 ? 0x90 : lower
      upper = first === 0xf4 ? 0x8f : upper
    } else {
      out += REPLACEMENT_CHARACTER
      i++
      continue
    }
    let seen = 1
    while (seen <= needed) {
      const next = bytes[i + seen]
      if (next === undefined || next < lower || next > upper) {
        break
      }
      codePoint = (codePoint << 6) | (next & 0x3f)
      lower = 0x80
      upper = 0xbf
      seen++
    }
    if (seen <= needed) {
      out += REPLACEMENT_CHARACTER
      i += seen
      continue
    }
    out += String.fromCodePoint(codePoint)
    i += needed + 1
  }
  return out
}
