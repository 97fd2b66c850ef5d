import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RelayError } from '../../errors'
import { defaultMiscConfig } from '../misc-config'
import { PageFetcher } from './fetch-page'
import { readPageContent } from './page-content'

const PARAGRAPH =
  'Marginalia are notes written in the margins of a book. Readers have always argued with their books this way, and the habit is older than printing itself. '

const ARTICLE_HTML = `<!doctype html><html><head><title>On margins</title></head><body>
<nav><a href="/">Home</a></nav>
<article><h1>On margins</h1>
${[1, 2, 3, 4, 5].map((n) => `<p>${n}. ${PARAGRAPH}</p>`).join('\n')}
<p><a href="javascript:alert(1)" onclick="steal()">a bad link</a><img src="x.png" onerror="steal()"></p>
<script>document.title = 'changed'</script>
</article></body></html>`

type Handler = (request: IncomingMessage, response: ServerResponse) => void

/** A loopback site whose paths the tests define; `hits` counts the requests of each path. */
function loopbackSite(routes: Record<string, Handler>) {
  const hits = new Map<string, number>()
  const userAgents: string[] = []
  const server = createServer((request, response) => {
    const path = request.url ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    userAgents.push(request.headers['user-agent'] ?? '')
    const handler = routes[path]
    if (handler) {
      handler(request, response)
    } else {
      response.writeHead(404).end()
    }
  })
  return {
    server,
    hits,
    userAgents,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  }
}

const html = (body: string) => (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body)
}
const redirect = (to: () => string) => (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(302, { location: to() }).end()
}

let site: ReturnType<typeof loopbackSite>
const settings = (overrides: Partial<ReturnType<typeof defaultMiscConfig>['fetcher']> = {}) => ({
  ...defaultMiscConfig().fetcher,
  allowLoopback: true,
  ...overrides,
})

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await promise
  } catch (error) {
    if (error instanceof RelayError) {
      return { status: error.status, code: error.code }
    }
    throw error
  }
  throw new Error('expected a refusal')
}

beforeAll(async () => {
  site = loopbackSite({
    '/article': html(ARTICLE_HTML),
    '/hop': redirect(() => `${site.url()}/article`),
    '/to-private': redirect(() => 'http://10.0.0.7/admin'),
    '/to-metadata': redirect(() => 'http://169.254.169.254/latest/meta-data/'),
    '/to-metadata-name': redirect(() => 'http://metadata.google.internal/computeMetadata/v1/'),
    '/to-mapped': redirect(
      () => `http://[::ffff:127.0.0.1]:${(site.server.address() as AddressInfo).port}/article`,
    ),
    '/to-file': redirect(() => 'file:///etc/passwd'),
    '/loop': redirect(() => `${site.url()}/loop`),
    '/huge': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      const chunk = 'x'.repeat(1024)
      for (let index = 0; index < 64; index += 1) {
        response.write(chunk)
      }
      response.end()
    },
    '/huge-declared': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 << 20) })
      response.write('<p>')
    },
    '/slow': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.write('<html><body><p>')
      // Never ends: the deadline must.
    },
    '/json': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    },
    '/xml': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' }).end('<transcript/>')
    },
    '/to-elsewhere': redirect(() => 'http://localhost:1/xml'),
    '/short': html('<html><head><title>Short</title></head><body><p>Hi.</p></body></html>'),
  })
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve))
})

afterAll(async () => {
  site.server.closeAllConnections()
  await new Promise((resolve) => site.server.close(resolve))
})

describe('the public fetcher', () => {
  it('reads an article, says who it is, and sanitizes the HTML', async () => {
    const fetcher = new PageFetcher(settings())
    const page = await fetcher.fetch(`${site.url()}/article`)
    const content = readPageContent(page)
    expect(content.title).toBe('On margins')
    expect(content.textContent).toContain('Marginalia are notes')
    expect(content.content).not.toMatch(/<script|onclick|onerror|javascript:/i)
    expect(site.userAgents.at(-1)).toBe('InkmarkFetcher/1.0 (+https://inkmark.app/fetcher)')
    await fetcher.close()
  })

  it('follows redirects and answers the final address', async () => {
    const fetcher = new PageFetcher(settings())
    const page = await fetcher.fetch(`${site.url()}/hop`)
    expect(page.url).toBe(`${site.url()}/article`)
    await fetcher.close()
  })

  it('refuses loopback unless the configuration allows it', async () => {
    const fetcher = new PageFetcher(settings({ allowLoopback: false }))
    expect(await refusal(fetcher.fetch(`${site.url()}/article`))).toEqual({
      status: 422,
      code: 'UNREACHABLE_ADDRESS',
    })
    expect(await refusal(fetcher.fetch('http://localhost:1/'))).toEqual({
      status: 422,
      code: 'UNREACHABLE_ADDRESS',
    })
    await fetcher.close()
  })

  it.each([['/to-private'], ['/to-metadata'], ['/to-metadata-name'], ['/to-mapped']])(
    'refuses a redirect to a private address (%s)',
    async (path) => {
      const fetcher = new PageFetcher(settings())
      expect(await refusal(fetcher.fetch(`${site.url()}${path}`))).toEqual({
        status: 422,
        code: 'UNREACHABLE_ADDRESS',
      })
      await fetcher.close()
    },
  )

  it('refuses a redirect to another scheme and stops after 5 redirects', async () => {
    const fetcher = new PageFetcher(settings())
    expect(await refusal(fetcher.fetch(`${site.url()}/to-file`))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
    })
    const before = site.hits.get('/loop') ?? 0
    expect(await refusal(fetcher.fetch(`${site.url()}/loop`))).toEqual({
      status: 422,
      code: 'NO_CONTENT',
    })
    expect((site.hits.get('/loop') ?? 0) - before).toBe(6)
    await fetcher.close()
  })

  it('connects to the address its own lookup checked', async () => {
    const port = (site.server.address() as AddressInfo).port
    const resolver = (host: string) =>
      Promise.resolve(host === 'site.test' ? [{ address: '127.0.0.1', family: 4 }] : [])
    const allowed = new PageFetcher(settings(), resolver)
    const page = await allowed.fetch(`http://site.test:${port}/article`)
    expect(page.body.toString()).toContain('On margins')
    await allowed.close()
    const refused = new PageFetcher(settings({ allowLoopback: false }), resolver)
    expect(await refusal(refused.fetch(`http://site.test:${port}/article`))).toEqual({
      status: 422,
      code: 'UNREACHABLE_ADDRESS',
    })
    await refused.close()
  })

  it('refuses a page over the size limit, streamed or declared', async () => {
    const fetcher = new PageFetcher(settings({ maxBytes: 16 * 1024 }))
    expect(await refusal(fetcher.fetch(`${site.url()}/huge`))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    })
    expect(await refusal(fetcher.fetch(`${site.url()}/huge-declared`))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    })
    await fetcher.close()
  })

  it('gives up on a page slower than the time limit', async () => {
    const fetcher = new PageFetcher(settings({ timeoutMs: 300 }))
    expect(await refusal(fetcher.fetch(`${site.url()}/slow`))).toEqual({
      status: 504,
      code: 'UNAVAILABLE',
    })
    await fetcher.close()
  })

  it('reads only HTML with something to read', async () => {
    const fetcher = new PageFetcher(settings())
    expect(await refusal(fetcher.fetch(`${site.url()}/json`))).toEqual({
      status: 422,
      code: 'NO_CONTENT',
    })
    expect(await refusal(fetcher.fetch(`${site.url()}/missing`))).toEqual({
      status: 422,
      code: 'NO_CONTENT',
    })
    const short = await fetcher.fetch(`${site.url()}/short`)
    expect(() => readPageContent(short)).toThrow('Could not load content')
    await fetcher.close()
  })
  it('reads another media type only when a fetch names it, and keeps to a named origin', async () => {
    const fetcher = new PageFetcher(settings())
    const xml = { mediaTypes: new Set(['text/xml']), accept: 'text/xml', origin: site.url() }
    expect(await refusal(fetcher.fetch(`${site.url()}/xml`))).toEqual({
      status: 422,
      code: 'NO_CONTENT',
    })
    expect((await fetcher.fetch(`${site.url()}/xml`, xml)).body.toString()).toBe('<transcript/>')
    expect(await refusal(fetcher.fetch(`${site.url()}/article`, xml))).toEqual({
      status: 422,
      code: 'NO_CONTENT',
    })
    // A redirect off the origin is not followed; an address off it is not fetched at all.
    const before = site.hits.get('/xml') ?? 0
    expect(await refusal(fetcher.fetch(`${site.url()}/to-elsewhere`, xml))).toEqual({
      status: 422,
      code: 'NO_CONTENT',
    })
    expect(await refusal(fetcher.fetch('http://localhost:1/xml', xml))).toEqual({
      status: 422,
      code: 'NO_CONTENT',
    })
    expect(site.hits.get('/xml') ?? 0).toBe(before)
    await fetcher.close()
  })
})
