// The public fetcher: GETs a page for a user the way a hardened crawler must. Only http(s); every
// hop's host is resolved and checked (checked-lookup.ts) and the socket connects to the checked
// address; redirects are followed by hand, at most `maxRedirects`, each one checked again; the body
// is streamed and dropped past `maxBytes`; one deadline covers the whole fetch; the user agent
// says who is asking. Only HTML is read, unless a caller names other types for one fetch (the
// YouTube tool's timed text is XML). Failures are RelayErrors with the misc server's codes.
import { Agent, request } from 'undici'
import { ErrorCode, RelayError } from '../../errors'
import type { MiscConfig } from '../misc-config'
import {
  checkedLookup,
  checkedResolver,
  systemResolver,
  UnreachableAddressError,
  type Resolver,
} from './checked-lookup'

/** A fetched HTML page. */
export interface FetchedPage {
  /** The address after redirects. */
  url: string
  contentType: string
  body: Buffer
}

export type FetcherSettings = MiscConfig['fetcher']

/** What one fetch accepts, when not a page's HTML. */
export interface FetchOptions {
  /** The media types read (lower case, no parameters); anything else is 422 NO_CONTENT. */
  mediaTypes: ReadonlySet<string>
  /** The Accept header sent. */
  accept: string
  /** When set, every hop must be on this origin: a redirect elsewhere is not followed (422 NO_CONTENT). */
  origin?: string
}

/** The content types the fetcher reads. */
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml'])
const HTML_FETCH: FetchOptions = {
  mediaTypes: HTML_TYPES,
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
}
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** The spec's message for a page with nothing to read. */
export const NO_CONTENT_MESSAGE = 'Could not load content. Try a different page.'

function noContent(): RelayError {
  return new RelayError(422, ErrorCode.NO_CONTENT, NO_CONTENT_MESSAGE)
}

function unreachable(host: string): RelayError {
  return new RelayError(
    422,
    ErrorCode.UNREACHABLE_ADDRESS,
    `${host} is not on the public internet, so it cannot be fetched`,
  )
}

function tooLarge(maxBytes: number): RelayError {
  const megabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10
  return new RelayError(
    413,
    ErrorCode.PAYLOAD_TOO_LARGE,
    `The page is larger than ${megabytes} MB, so it was not read`,
  )
}

function tooSlow(timeoutMs: number): RelayError {
  return new RelayError(
    504,
    ErrorCode.UNAVAILABLE,
    `The page did not load within ${Math.round(timeoutMs / 1000)} s`,
  )
}

/** The address to fetch, if it is an http(s) URL without credentials; else 400. */
export function parseFetchUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new RelayError(400, ErrorCode.BAD_REQUEST, 'The address is not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RelayError(400, ErrorCode.BAD_REQUEST, 'Only http and https pages can be fetched')
  }
  if (url.username !== '' || url.password !== '') {
    throw new RelayError(
      400,
      ErrorCode.BAD_REQUEST,
      'An address with a user name or password cannot be fetched',
    )
  }
  url.hash = ''
  return url
}

/** Whether an error (or any of its causes) is one of ours or a refused address. */
function ownCause(error: unknown): RelayError | UnreachableAddressError | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof RelayError || current instanceof UnreachableAddressError) {
      return current
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** A fetcher bound to its settings; `resolver` stands in for DNS in unit tests. */
export class PageFetcher {
  private readonly agent: Agent
  private readonly resolveChecked

  constructor(
    private readonly settings: FetcherSettings,
    resolver: Resolver = systemResolver,
  ) {
    this.resolveChecked = checkedResolver(settings.allowLoopback, resolver)
    this.agent = new Agent({
      connect: { lookup: checkedLookup(this.resolveChecked), timeout: settings.timeoutMs },
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      // One request per connection: a kept-alive socket would skip the next hop's check.
      pipelining: 0,
    })
  }

  close(): Promise<void> {
    return this.agent.close()
  }

  /** Fetches `address` (redirects followed and checked), HTML unless `options` says; throws RelayErrors. */
  async fetch(address: string, options: FetchOptions = HTML_FETCH): Promise<FetchedPage> {
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), this.settings.timeoutMs)
    try {
      const url = parseFetchUrl(address)
      if (options.origin !== undefined && url.origin !== options.origin) {
        throw noContent()
      }
      return await this.follow(url, deadline.signal, options)
    } catch (error) {
      if (deadline.signal.aborted) {
        throw tooSlow(this.settings.timeoutMs)
      }
      const own = ownCause(error)
      if (own instanceof UnreachableAddressError) {
        throw unreachable(own.host)
      }
      if (own) {
        throw own
      }
      throw noContent()
    } finally {
      clearTimeout(timer)
    }
  }

  private async follow(
    first: URL,
    signal: AbortSignal,
    options: FetchOptions,
  ): Promise<FetchedPage> {
    let url = first
    for (let hop = 0; ; hop += 1) {
      // Checked before asking (a literal address never reaches the lookup), again at connect.
      await this.resolveChecked(url.hostname)
      const answer = await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal,
        headers: {
          'user-agent': this.settings.userAgent,
          accept: options.accept,
          'accept-encoding': 'identity',
        },
      })
      if (REDIRECT_STATUSES.has(answer.statusCode)) {
        await answer.body.dump()
        const location = answer.headers.location
        if (typeof location !== 'string' || hop >= this.settings.maxRedirects) {
          throw noContent()
        }
        url = parseFetchUrl(new URL(location, url).href)
        if (options.origin !== undefined && url.origin !== options.origin) {
          throw noContent()
        }
        continue
      }
      const contentType = String(answer.headers['content-type'] ?? '')
      const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? ''
      if (
        answer.statusCode < 200 ||
        answer.statusCode > 299 ||
        !options.mediaTypes.has(mediaType)
      ) {
        await answer.body.dump()
        throw noContent()
      }
      const declared = Number(answer.headers['content-length'])
      if (Number.isFinite(declared) && declared > this.settings.maxBytes) {
        answer.body.destroy()
        throw tooLarge(this.settings.maxBytes)
      }
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of answer.body) {
        size += (chunk as Buffer).length
        if (size > this.settings.maxBytes) {
          answer.body.destroy()
          throw tooLarge(this.settings.maxBytes)
        }
        chunks.push(chunk as Buffer)
      }
      return { url: url.href, contentType, body: Buffer.concat(chunks) }
    }
  }
}
