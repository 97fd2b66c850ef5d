// The site server (docs/adr/071): serves the prerendered site (site/dist) with the site's security
// headers, the right content types and caching, gzip when the browser takes it, HEAD, a page's
// directory as its index.html, 404.html (status 404) for any other path, a per-address rate limit
// (429 + Retry-After) and the route rules (route-rules.ts). Node's http only, no framework. Used by
// `npm start` (server/serve.ts) and the tests; production may put nginx in front or use
// docs/site-nginx.conf.example instead.
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { securityHeaders, sitePolicy } from '@inkmark/shared/web-security'
import { notFoundPageFor } from './not-found-page'
import { createRateLimiter, DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit'
import { redirectFor } from './route-rules'
import { cacheControlOf, contentTypeOf, fileInside, isCompressible } from './static-files'

export interface SiteServerOptions {
  /** The built site (site/dist). */
  distDir: string
  /** 0 picks a free port. */
  port: number
  host?: string
  relayUrl: string
  appUrl: string
  miscUrl?: string
  /** The operator's Product Hunt page for /redirect/product-hunt, or null (then a 404). */
  productHuntUrl?: string | null
  rateLimit?: RateLimitOptions
  /** The clock of the rate limit (tests). */
  now?: () => number
}

export interface RunningSiteServer {
  url: string
  port: number
  server: Server
  close: () => Promise<void>
}

/** Files at most this large are gzipped in memory (and kept, by path and mtime). */
const MAX_GZIP_BYTES = 4 * 1024 * 1024

function sendJson(
  response: ServerResponse,
  status: number,
  body: { code: string; message: string },
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  })
  response.end(text)
}

async function fileStat(file: string) {
  try {
    return await stat(file)
  } catch {
    return undefined
  }
}

/** Starts the site server; resolves once it listens. */
export async function startSiteServer(options: SiteServerOptions): Promise<RunningSiteServer> {
  const host = options.host ?? '127.0.0.1'
  const security = securityHeaders(
    sitePolicy({ relayUrl: options.relayUrl, miscUrl: options.miscUrl, appUrl: options.appUrl }),
  )
  const limiter = createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT)
  const now = options.now ?? Date.now
  const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>()
  const rules = {
    relayUrl: options.relayUrl,
    appUrl: options.appUrl,
    productHuntUrl: options.productHuntUrl ?? null,
  }

  /** Where a path's file is: itself, or its directory's index.html. */
  const locate = async (urlPath: string) => {
    const file = fileInside(options.distDir, urlPath)
    if (file === undefined) {
      return { refused: true as const }
    }
    const found = await fileStat(file)
    if (found?.isFile() === true) {
      return { file, size: found.size, mtimeMs: found.mtimeMs }
    }
    if (found?.isDirectory() === true) {
      const index = join(file, 'index.html')
      const indexStat = await fileStat(index)
      if (indexStat?.isFile() === true) {
        return { file: index, size: indexStat.size, mtimeMs: indexStat.mtimeMs }
      }
    }
    return undefined
  }

  const sendFile = async (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    urlPath: string,
    found: { file: string; size: number; mtimeMs: number },
  ) => {
    const contentType = contentTypeOf(found.file)
    const headers: Record<string, string | number> = {
      'Content-Type': contentType,
      'Cache-Control': status === 200 ? cacheControlOf(urlPath, contentType) : 'no-cache',
      'Last-Modified': new Date(found.mtimeMs).toUTCString(),
    }
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    if (isCompressible(contentType) && found.size <= MAX_GZIP_BYTES) {
      headers.Vary = 'Accept-Encoding'
      if (acceptsGzip) {
        let cached = gzipCache.get(found.file)
        if (cached?.mtimeMs !== found.mtimeMs) {
          cached = { mtimeMs: found.mtimeMs, body: gzipSync(await readFile(found.file)) }
          gzipCache.set(found.file, cached)
        }
        response.writeHead(status, {
          ...headers,
          'Content-Encoding': 'gzip',
          'Content-Length': cached.body.length,
        })
        response.end(request.method === 'HEAD' ? undefined : cached.body)
        return
      }
    }
    response.writeHead(status, { ...headers, 'Content-Length': found.size })
    if (request.method === 'HEAD') {
      response.end()
      return
    }
    createReadStream(found.file)
      .on('error', () => response.destroy())
      .pipe(response)
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of Object.entries(security)) {
      response.setHeader(name, value)
    }
    const address = request.socket.remoteAddress ?? 'unknown'
    const limit = limiter.hit(address, now())
    if (!limit.allowed) {
      sendJson(
        response,
        429,
        { code: 'rate_limited', message: 'Too many requests; try again in a moment.' },
        { 'Retry-After': String(limit.retryAfterSeconds) },
      )
      return
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendJson(
        response,
        405,
        { code: 'method_not_allowed', message: 'The site answers GET and HEAD only.' },
        { Allow: 'GET, HEAD' },
      )
      return
    }
    let url: URL
    let decodedPath: string
    try {
      url = new URL(request.url ?? '/', 'http://site.invalid')
      decodedPath = decodeURIComponent(url.pathname)
    } catch {
      sendJson(response, 400, { code: 'bad_path', message: 'The address is not a valid path.' })
      return
    }
    const redirect = redirectFor(url.pathname, url.search, rules)
    if (redirect !== undefined) {
      response.writeHead(302, {
        Location: redirect,
        'Cache-Control': 'no-store',
        'Content-Length': 0,
      })
      response.end()
      return
    }
    const found = await locate(decodedPath)
    if (found !== undefined && 'refused' in found) {
      sendJson(response, 400, {
        code: 'bad_path',
        message: 'The address is not a path of this site.',
      })
      return
    }
    if (found !== undefined) {
      await sendFile(request, response, 200, url.pathname, found)
      return
    }
    const notFound = await locate('/404.html')
    if (notFound !== undefined && !('refused' in notFound)) {
      const body = Buffer.from(notFoundPageFor(await readFile(notFound.file, 'utf8'), url.pathname))
      response.writeHead(404, {
        'Content-Type': contentTypeOf(notFound.file),
        'Cache-Control': 'no-cache',
        'Content-Length': body.length,
      })
      response.end(request.method === 'HEAD' ? undefined : body)
      return
    }
    sendJson(response, 404, { code: 'not_found', message: 'No such page.' })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('The site server failed on a request', error)
      if (!response.headersSent) {
        sendJson(response, 500, { code: 'internal', message: 'The site could not answer.' })
      } else {
        response.destroy()
      }
    })
  })
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${host}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections()
        server.close(() => resolveClose())
      }),
  }
}
