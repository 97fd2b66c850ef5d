// The misc server's settings (docs/adr/065-misc-server.md), read from the environment with the
// relay's own (config.ts) and kept on it as `config.misc`, so the misc routes reach them through
// `app.services.config.misc`. The third-party addresses default to the real services; a stand-in
// (a test's local server) is never the default. `fetcher.allowLoopback` is for tests only.

/** The misc server's port when MISC_PORT names none. */
export const DEFAULT_MISC_PORT = 8788
export const DEFAULT_NOTION_API_URL = 'https://api.notion.com'
export const DEFAULT_CAPACITIES_API_URL = 'https://api.capacities.io'
/** Where the free YouTube transcript tool reads watch pages and timed text (docs/adr/074). */
export const DEFAULT_YOUTUBE_ORIGIN = 'https://www.youtube.com'
/** The public site the fetcher's user agent points at (where it says what the fetcher is). */
export const DEFAULT_SITE_URL = 'https://inkmark.app'
/** Largest page the fetcher reads (bytes, streamed; more is refused with 413). */
export const DEFAULT_FETCH_MAX_BYTES = 5 * 1024 * 1024
/** Longest a fetch may take, redirects included. */
export const DEFAULT_FETCH_TIMEOUT_MS = 15_000
/** Most redirects a fetch follows. */
export const DEFAULT_FETCH_MAX_REDIRECTS = 5
/** Largest HTML /html-to-pdf prints. */
export const DEFAULT_PDF_MAX_HTML_BYTES = 2 * 1024 * 1024
/** Longest one PDF may take to print (its wait in the queue not counted). */
export const DEFAULT_PDF_TIMEOUT_MS = 30_000
/** PDFs printed at once; the others wait in a queue. */
export const DEFAULT_PDF_CONCURRENCY = 2
/** Most PDFs waiting for their turn; beyond this the server answers 503 at once. */
export const DEFAULT_PDF_QUEUE_LIMIT = 20
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium'

export interface MiscConfig {
  /** Where the misc server listens (MISC_HOST, else HOST; MISC_PORT). */
  host: string
  port: number
  notion: {
    /** INKMARK_NOTION_API_URL: the Notion API's origin (tests: their local stand-in). */
    apiBaseUrl: string
    /** NOTION_CLIENT_ID / NOTION_CLIENT_SECRET: the public integration's OAuth client. */
    clientId?: string
    clientSecret?: string
  }
  capacities: {
    /** INKMARK_CAPACITIES_API_URL: the Capacities API's origin. */
    apiBaseUrl: string
  }
  /**
   * INKMARK_YOUTUBE_ORIGIN: the origin /tools/youtube-transcript fetches `/watch?v=` pages from,
   * and the only origin a caption track's timed text may come from (tests: their local stand-in,
   * which also needs `fetcher.allowLoopback`).
   */
  youtubeOrigin: string
  fetcher: {
    /**
     * INKMARK_FETCHER_ALLOW_LOOPBACK=1: lets /page-content fetch from loopback addresses (127/8,
     * ::1), for tests that serve a site on this machine. Never on by default; the misc server
     * warns when it is. Every other private range stays refused.
     */
    allowLoopback: boolean
    userAgent: string
    maxBytes: number
    timeoutMs: number
    maxRedirects: number
  }
  pdf: {
    /** INKMARK_CHROMIUM_PATH: the Chromium that prints PDFs. */
    chromiumPath: string
    maxHtmlBytes: number
    timeoutMs: number
    concurrency: number
    queueLimit: number
  }
}

function readFlag(name: string, text: string | undefined): boolean {
  const value = text?.trim().toLowerCase() ?? ''
  if (value === '' || value === '0' || value === 'false') {
    return false
  }
  if (value === '1' || value === 'true') {
    return true
  }
  throw new Error(`${name} must be 1 or 0, got '${text}'`)
}

function readPositiveInteger(name: string, text: string | undefined, fallback: number): number {
  const value = text?.trim() ? Number(text.trim()) : fallback
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got '${text}'`)
  }
  return value
}

function readPort(text: string | undefined): number {
  const port = text?.trim() ? Number(text.trim()) : DEFAULT_MISC_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`MISC_PORT must be an integer between 0 and 65535, got '${text}'`)
  }
  return port
}

/** An http(s) origin from the environment (no trailing slash), or `fallback`. */
function readOrigin(name: string, text: string | undefined, fallback: string): string {
  const value = text?.trim() ?? ''
  if (value === '') {
    return fallback
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an http(s) address, got '${text}'`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an http(s) address, got '${text}'`)
  }
  return value.replace(/\/+$/, '')
}

function optional(text: string | undefined): string | undefined {
  const value = text?.trim() ?? ''
  return value === '' ? undefined : value
}

/** The fetcher's user agent: says what it is and where to read about it. */
export function fetcherUserAgent(siteUrl: string): string {
  return `InkmarkFetcher/1.0 (+${siteUrl.replace(/\/+$/, '')}/fetcher)`
}

/** The misc server's settings with every default (tests start from this). */
export function defaultMiscConfig(overrides: Partial<MiscConfig> = {}): MiscConfig {
  return {
    host: '127.0.0.1',
    port: DEFAULT_MISC_PORT,
    notion: { apiBaseUrl: DEFAULT_NOTION_API_URL },
    capacities: { apiBaseUrl: DEFAULT_CAPACITIES_API_URL },
    youtubeOrigin: DEFAULT_YOUTUBE_ORIGIN,
    fetcher: {
      allowLoopback: false,
      userAgent: fetcherUserAgent(DEFAULT_SITE_URL),
      maxBytes: DEFAULT_FETCH_MAX_BYTES,
      timeoutMs: DEFAULT_FETCH_TIMEOUT_MS,
      maxRedirects: DEFAULT_FETCH_MAX_REDIRECTS,
    },
    pdf: {
      chromiumPath: DEFAULT_CHROMIUM_PATH,
      maxHtmlBytes: DEFAULT_PDF_MAX_HTML_BYTES,
      timeoutMs: DEFAULT_PDF_TIMEOUT_MS,
      concurrency: DEFAULT_PDF_CONCURRENCY,
      queueLimit: DEFAULT_PDF_QUEUE_LIMIT,
    },
    ...overrides,
  }
}

/** Reads the misc server's settings from `env`. Throws on invalid values. */
export function readMiscConfig(env: Record<string, string | undefined>): MiscConfig {
  const clientId = optional(env.NOTION_CLIENT_ID)
  const clientSecret = optional(env.NOTION_CLIENT_SECRET)
  return {
    host: env.MISC_HOST?.trim() || env.HOST?.trim() || '127.0.0.1',
    port: readPort(env.MISC_PORT),
    notion: {
      apiBaseUrl: readOrigin(
        'INKMARK_NOTION_API_URL',
        env.INKMARK_NOTION_API_URL,
        DEFAULT_NOTION_API_URL,
      ),
      ...(clientId === undefined ? {} : { clientId }),
      ...(clientSecret === undefined ? {} : { clientSecret }),
    },
    capacities: {
      apiBaseUrl: readOrigin(
        'INKMARK_CAPACITIES_API_URL',
        env.INKMARK_CAPACITIES_API_URL,
        DEFAULT_CAPACITIES_API_URL,
      ),
    },
    youtubeOrigin: new URL(
      readOrigin('INKMARK_YOUTUBE_ORIGIN', env.INKMARK_YOUTUBE_ORIGIN, DEFAULT_YOUTUBE_ORIGIN),
    ).origin,
    fetcher: {
      allowLoopback: readFlag('INKMARK_FETCHER_ALLOW_LOOPBACK', env.INKMARK_FETCHER_ALLOW_LOOPBACK),
      userAgent: fetcherUserAgent(
        readOrigin('INKMARK_SITE_URL', env.INKMARK_SITE_URL, DEFAULT_SITE_URL),
      ),
      maxBytes: readPositiveInteger(
        'INKMARK_FETCHER_MAX_BYTES',
        env.INKMARK_FETCHER_MAX_BYTES,
        DEFAULT_FETCH_MAX_BYTES,
      ),
      timeoutMs: readPositiveInteger(
        'INKMARK_FETCHER_TIMEOUT_MS',
        env.INKMARK_FETCHER_TIMEOUT_MS,
        DEFAULT_FETCH_TIMEOUT_MS,
      ),
      maxRedirects: DEFAULT_FETCH_MAX_REDIRECTS,
    },
    pdf: {
      chromiumPath: env.INKMARK_CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH,
      maxHtmlBytes: DEFAULT_PDF_MAX_HTML_BYTES,
      timeoutMs: readPositiveInteger(
        'INKMARK_PDF_TIMEOUT_MS',
        env.INKMARK_PDF_TIMEOUT_MS,
        DEFAULT_PDF_TIMEOUT_MS,
      ),
      concurrency: readPositiveInteger(
        'INKMARK_PDF_CONCURRENCY',
        env.INKMARK_PDF_CONCURRENCY,
        DEFAULT_PDF_CONCURRENCY,
      ),
      queueLimit: DEFAULT_PDF_QUEUE_LIMIT,
    },
  }
}
