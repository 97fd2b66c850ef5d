// The security headers' values: what the web app's and the site's policies allow and refuse, the
// meta copy without header-only directives, and the files a static host reads, read back the way
// the test servers read them.
import { describe, expect, it } from 'vitest'
import { PDF_VIEWER_STYLES } from '../pdf/pdf-styles'
import { READER_UI_CSS } from '../reader-ui/reader-ui-styles'
import { REACT_ARIA_PRESSABLE_STYLE } from './library-styles'
import {
  AI_ENDPOINT_CONNECT_SOURCES,
  cspHash,
  cspMetaTag,
  headersForPath,
  parseHeadersFile,
  securityHeaders,
  serializePolicy,
  sitePolicy,
  toHeadersFile,
  toNginxSnippet,
  webappPolicy,
  webappStyleHashes,
  type CspDirectives,
} from './security-headers'

/** The policy text parsed back into directives, as a browser reads it. */
function parsePolicy(text: string): Map<string, string[]> {
  return new Map(
    text
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...sources]) => [name!, sources]),
  )
}

const RELAY = 'https://relay.inkmark.example:8443/'

describe('the web app policy', () => {
  const policy = webappPolicy({ relayUrl: RELAY, styleHashes: ["'sha256-abc='"] })
  const parsed = parsePolicy(securityHeaders(policy)['Content-Security-Policy'] ?? '')

  it('runs only its own scripts: no inline script, no eval, no plugins', () => {
    expect(parsed.get('script-src')).toEqual(["'self'"])
    expect(parsed.get('default-src')).toEqual(["'self'"])
    expect(parsed.get('object-src')).toEqual(["'none'"])
    for (const sources of parsed.values()) {
      expect(sources).not.toContain("'unsafe-eval'")
      expect(sources).not.toContain('*')
    }
    expect(parsed.get('style-src')).not.toContain("'unsafe-inline'")
  })

  it("connects to its origin, the relay (and its WebSocket) and the person's AI endpoint", () => {
    expect(parsed.get('connect-src')).toEqual([
      "'self'",
      'https://relay.inkmark.example:8443',
      'wss://relay.inkmark.example:8443',
      // ADR 048: an endpoint over https anywhere, over plain http only on this computer.
      'https:',
      'http://localhost:*',
      'http://127.0.0.1:*',
    ])
    expect(parsed.get('connect-src')).not.toContain('http:')
    expect(parsed.get('connect-src')).not.toContain('ws:')
  })

  it('connects to the misc server of the build, when it names one (ADR 065)', () => {
    const withMisc = webappPolicy({
      relayUrl: RELAY,
      miscUrl: 'http://misc.e2e-placeholder.invalid:1/',
    })
    const sources = parsePolicy(securityHeaders(withMisc)['Content-Security-Policy'] ?? '').get(
      'connect-src',
    )
    expect(sources).toContain('http://misc.e2e-placeholder.invalid:1')
    expect(
      webappPolicy({ relayUrl: RELAY, miscUrl: 'javascript:alert(1)' })['connect-src'],
    ).toEqual(policy['connect-src'])
  })

  it("allows pdf.js's worker, covers from anywhere over https, and the PDF viewer's styles", () => {
    expect(parsed.get('worker-src')).toEqual(["'self'"])
    expect(parsed.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https:', 'data:']))
    expect(parsed.get('style-src')).toEqual(["'self'", "'sha256-abc='"])
  })

  it('cannot be framed, keeps its forms, and lets the reader base a parsed page at its address', () => {
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"])
    expect(parsed.get('base-uri')).toEqual(["'self'", 'https:', 'http:'])
    expect(parsed.get('form-action')).toEqual(["'self'"])
  })

  it('hashes exactly the style sheets the PDF viewer, the reader and react-aria insert', async () => {
    const expected = [
      await cspHash(PDF_VIEWER_STYLES),
      await cspHash(READER_UI_CSS),
      await cspHash(REACT_ARIA_PRESSABLE_STYLE),
    ]
    expect(await webappStyleHashes()).toEqual(expected)
    // A known vector: the CSP hash of an empty text.
    expect(await cspHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
  })

  it('takes a nonce only in development', () => {
    const dev = webappPolicy({ relayUrl: RELAY, devNonce: 'n0nce' })
    expect(dev['script-src']).toEqual(["'self'", "'nonce-n0nce'"])
    expect(policy['script-src']).toEqual(["'self'"])
  })

  it('names no relay when the address is not http(s)', () => {
    const odd = webappPolicy({ relayUrl: 'javascript:alert(1)' })
    expect(odd['connect-src']).toEqual(["'self'", ...AI_ENDPOINT_CONNECT_SOURCES])
  })
})

describe('the site policy', () => {
  it('is its own files only, unframeable', () => {
    const parsed = parsePolicy(serializePolicy(sitePolicy()))
    expect(parsed.get('script-src')).toEqual(["'self'"])
    expect(parsed.get('style-src')).toEqual(["'self'"])
    expect(parsed.get('connect-src')).toEqual(["'self'"])
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"])
  })

  it('connects to the relay and the misc server and submits forms to the web app only', () => {
    const policy = sitePolicy({
      relayUrl: 'https://relay.example/api',
      miscUrl: 'https://misc.example',
      appUrl: 'https://app.example/',
    })
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://relay.example',
      'https://misc.example',
    ])
    expect(policy['form-action']).toEqual(["'self'", 'https://app.example'])
    expect(policy['script-src']).toEqual(["'self'"])
  })

  it('names nothing for addresses that are not http(s)', () => {
    const policy = sitePolicy({ relayUrl: 'javascript:alert(1)', appUrl: 'data:text/html,x' })
    expect(policy['connect-src']).toEqual(["'self'"])
    expect(policy['form-action']).toEqual(["'self'"])
  })
})

describe('the headers and the files that carry them', () => {
  const policy: CspDirectives = sitePolicy()
  const headers = securityHeaders(policy)

  it('sends nosniff, a referrer policy and the old framing header too', () => {
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['X-Frame-Options']).toBe('DENY')
  })

  it('leaves frame-ancestors out of the meta copy, where browsers ignore it', () => {
    const meta = cspMetaTag(policy)
    expect(meta).toMatch(/^<meta http-equiv="Content-Security-Policy" content="[^"]+" \/>$/)
    expect(meta).not.toContain('frame-ancestors')
    expect(meta).toContain("script-src 'self'")
  })

  it('writes a _headers file that reads back to the same headers on every path', () => {
    const rules = parseHeadersFile(toHeadersFile(headers))
    expect(headersForPath(rules, '/')).toEqual(headers)
    expect(headersForPath(rules, '/page/abc')).toEqual(headers)
    expect(headersForPath(rules, '/assets/index-1.js')).toEqual(headers)
  })

  it('writes an nginx snippet with every header, always', () => {
    const snippet = toNginxSnippet(headers)
    expect(snippet.split('\n').filter((line) => line !== '')).toHaveLength(
      Object.keys(headers).length,
    )
    expect(snippet).toContain(
      `add_header Content-Security-Policy "${headers['Content-Security-Policy']}" always;`,
    )
  })
})
