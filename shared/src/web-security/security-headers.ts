// The security headers of the web app and the site: a Content Security Policy that lets a page run
// only its own scripts (no inline script, no eval), talk only to its own origin and the relay, and
// never be framed, plus nosniff, a referrer policy and the rest. One definition serves every place
// that serves the apps: Vite's dev and preview servers, the test servers, and the files a static
// host reads (`_headers` for Netlify and Cloudflare Pages, an nginx snippet), and the
// `<meta http-equiv>` copy for hosts that cannot set headers (ADR 032). Pure strings in and out.

import { PDF_VIEWER_STYLES } from '../pdf/pdf-styles'
import { REACT_ARIA_PRESSABLE_STYLE } from './library-styles'
import { READER_UI_CSS } from '../reader-ui/reader-ui-styles'

/** A CSP as directive name to its sources, in the order written. */
export type CspDirectives = Record<string, readonly string[]>

/** What the web app's policy must let through beyond its own origin. */
export interface WebappPolicyOptions {
  /** The relay this build talks to (VITE_RELAY_URL); its ws:/wss: twin is allowed too. */
  relayUrl: string
  /** The misc server this build calls (VITE_MISC_URL; docs/adr/065), if any. */
  miscUrl?: string
  /** `'sha256-…'` sources of the style elements the app inserts itself (the PDF viewer's). */
  styleHashes?: readonly string[]
  /** Development only: the nonce Vite puts on its inline preamble and style elements. */
  devNonce?: string
}

/**
 * Where a person's own AI endpoint may be (docs/adr/048-ai-in-the-web-app.md): any https: address
 * (a hosted OpenAI-compatible service, or a local server behind TLS), and plain http: only on this
 * computer's loopback, any port (Ollama, llama.cpp server, LM Studio, vLLM). Plain http to another
 * host (a LAN server at http://192.168.x.y) stays refused: an https: page could not fetch it anyway
 * (mixed content), and allowing all of http: would let an injected request leave unencrypted. The
 * IPv6 loopback cannot be named (CSP's host grammar has no IPv6 literal: Chrome ignores
 * `http://[::1]:*` with a console error); `localhost` reaches it.
 */
export const AI_ENDPOINT_CONNECT_SOURCES = [
  'https:',
  'http://localhost:*',
  'http://127.0.0.1:*',
] as const

/** Directives that a `<meta http-equiv>` policy ignores (and browsers warn about). */
const HEADER_ONLY_DIRECTIVES = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox']

/** The ws: or wss: twin of an http: or https: origin (live rooms run over WebSocket). */
export function toWebSocketOrigin(origin: string): string {
  return origin.replace(/^http(s?):/i, 'ws$1:')
}

/** The origin of a URL (scheme, host and port), or undefined when it is not http(s). */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/** Directives both apps share: own origin only, no plugins, no base or form hijack, no framing. */
function baseDirectives(): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
}

/**
 * The web app's policy. Scripts: its own files only (pdf.js runs with eval off). Styles: its own
 * sheets, the PDF viewer's and the reader's style elements by hash, and style attributes (saved pages keep theirs,
 * React and pdf.js set styles through the CSSOM, which CSP does not govern). Images and media: any
 * https: address (covers, saved pages), data: and blob:. Connections: its origin, the relay, the
 * misc server, and the person's own AI endpoint (AI_ENDPOINT_CONNECT_SOURCES: any https:, loopback
 * http:).
 * Workers: its own files (pdf.js's worker). Nothing may frame it.
 */
export function webappPolicy(options: WebappPolicyOptions): CspDirectives {
  const base = baseDirectives()
  const relay = originOf(options.relayUrl)
  const misc = options.miscUrl === undefined ? undefined : originOf(options.miscUrl)
  const nonce = options.devNonce === undefined ? [] : [`'nonce-${options.devNonce}'`]
  return {
    ...base,
    'script-src': [...base['script-src']!, ...nonce],
    'style-src': [...base['style-src']!, ...(options.styleHashes ?? []), ...nonce],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': [...base['img-src']!, 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': [
      ...base['connect-src']!,
      ...(relay === undefined ? [] : [relay, toWebSocketOrigin(relay)]),
      ...(misc === undefined || misc === relay ? [] : [misc]),
      ...AI_ENDPOINT_CONNECT_SOURCES,
    ],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // The reader parses a saved page into a document of its own and points its <base> at the
    // page's address, so that its relative links and images resolve there; a parsed document
    // takes this policy. Scripts stay 'self' whatever the base, so a base cannot bring one in.
    'base-uri': ["'self'", 'https:', 'http:'],
  }
}

/** The environments of Paddle Billing's checkout (docs/adr/055-pricing-checkout-cancellation-ui.md). */
export type PaddleCheckoutEnvironment = 'sandbox' | 'production'

/** Where Paddle.js comes from (its CDN, as Paddle requires) and where its checkout frame lives. */
export const PADDLE_CHECKOUT_ORIGINS: Readonly<
  Record<PaddleCheckoutEnvironment, { script: string; frame: string }>
> = {
  sandbox: { script: 'https://cdn.paddle.com', frame: 'https://sandbox-buy.paddle.com' },
  production: { script: 'https://cdn.paddle.com', frame: 'https://buy.paddle.com' },
}

/**
 * The web app's policy with Paddle's checkout let in: its script (and the styles it loads) from
 * the CDN, and its overlay frame. Only builds that take payments through Paddle add this
 * (VITE_PADDLE_ENVIRONMENT); every other build keeps scripts to its own files and frames none.
 */
export function withPaddleCheckout(
  policy: CspDirectives,
  environment: PaddleCheckoutEnvironment,
): CspDirectives {
  const origins = PADDLE_CHECKOUT_ORIGINS[environment]
  const withScript = withSources(policy, 'script-src', [origins.script])
  const withStyle = withSources(withScript, 'style-src', [origins.script])
  // Without a frame-src of its own, frames followed default-src ('self'): keep that.
  const ownFrames = policy['frame-src'] === undefined ? (policy['default-src'] ?? []) : []
  return withSources(withStyle, 'frame-src', [...ownFrames, origins.frame])
}

/** What the site's policy must let through beyond its own origin. */
export interface SitePolicyOptions {
  /** The relay (public pages' data); fetched by the site's pages. */
  relayUrl?: string
  /** The misc server (the free tools' calls, docs/adr/065). */
  miscUrl?: string
  /** The web app: the free tools' forms submit to it (`<form action="{app}/reader">`). */
  appUrl?: string
  /** Development only: the nonce Vite puts on its inline preamble and style elements. */
  devNonce?: string
}

/**
 * The site's policy (docs/adr/071): its own scripts and styles only; connections to its origin,
 * the relay and the misc server; forms to itself and the web app; never framed.
 */
export function sitePolicy(options: SitePolicyOptions = {}): CspDirectives {
  const base = baseDirectives()
  const nonce = options.devNonce === undefined ? [] : [`'nonce-${options.devNonce}'`]
  const origins = (...urls: (string | undefined)[]) => [
    ...new Set(
      urls.flatMap((url) => {
        const origin = url === undefined ? undefined : originOf(url)
        return origin === undefined ? [] : [origin]
      }),
    ),
  ]
  return {
    ...base,
    'script-src': [...base['script-src']!, ...nonce],
    'style-src': [...base['style-src']!, ...nonce],
    'connect-src': [...base['connect-src']!, ...origins(options.relayUrl, options.miscUrl)],
    'form-action': [...base['form-action']!, ...origins(options.appUrl)],
  }
}

/** Adds sources to a directive (for the dev server's hot reload connection, say). */
export function withSources(
  policy: CspDirectives,
  directive: string,
  sources: readonly string[],
): CspDirectives {
  return { ...policy, [directive]: [...(policy[directive] ?? []), ...sources] }
}

/** The policy as a header value; `forMeta` leaves out what a `<meta>` policy cannot hold. */
export function serializePolicy(policy: CspDirectives, { forMeta = false } = {}): string {
  return Object.entries(policy)
    .filter(([name]) => !forMeta || !HEADER_ONLY_DIRECTIVES.includes(name))
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ')
}

/** Every security header of a page served with `policy`. */
export function securityHeaders(policy: CspDirectives): Record<string, string> {
  return {
    'Content-Security-Policy': serializePolicy(policy),
    // Older browsers without frame-ancestors.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // Addresses of the library's pages (ids, search terms) stay inside the app.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  }
}

/** The `<meta http-equiv="Content-Security-Policy">` element for hosts that set no headers. */
export function cspMetaTag(policy: CspDirectives): string {
  const content = serializePolicy(policy, { forMeta: true }).replace(/"/g, '&quot;')
  return `<meta http-equiv="Content-Security-Policy" content="${content}" />`
}

/** A `_headers` file (Netlify, Cloudflare Pages): these headers on every path. */
export function toHeadersFile(headers: Record<string, string>): string {
  return ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ''].join(
    '\n',
  )
}

/** An nginx snippet to `include` in the app's `server` or `location` block. */
export function toNginxSnippet(headers: Record<string, string>): string {
  return `${Object.entries(headers)
    .map(([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}" always;`)
    .join('\n')}\n`
}

/** One rule of a `_headers` file: a path pattern and its headers. */
export interface HeadersRule {
  path: string
  headers: Record<string, string>
}

/** Reads a `_headers` file (what a static host does with it), for servers that apply it. */
export function parseHeadersFile(text: string): HeadersRule[] {
  const rules: HeadersRule[] = []
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) {
      continue
    }
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} })
      continue
    }
    const separator = line.indexOf(':')
    const rule = rules.at(-1)
    if (rule !== undefined && separator > 0) {
      rule.headers[line.slice(0, separator).trim()] = line.slice(separator + 1).trim()
    }
  }
  return rules
}

/** The headers of the rules whose path matches `path` (`*` matches any rest). */
export function headersForPath(
  rules: readonly HeadersRule[],
  path: string,
): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const rule of rules) {
    const pattern = new RegExp(
      `^${rule.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
    )
    if (pattern.test(path)) {
      Object.assign(headers, rule.headers)
    }
  }
  return headers
}

/** The CSP source of an inline style or script's exact text: `'sha256-…'`. */
export async function cspHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  let binary = ''
  for (const byte of new Uint8Array(digest)) {
    binary += String.fromCharCode(byte)
  }
  return `'sha256-${btoa(binary)}'`
}

/**
 * The hashes of the style elements the web app inserts: the PDF viewer's, the reader's, and
 * react-aria's (library-styles.ts).
 */
export async function webappStyleHashes(): Promise<string[]> {
  return Promise.all([PDF_VIEWER_STYLES, READER_UI_CSS, REACT_ARIA_PRESSABLE_STYLE].map(cspHash))
}
