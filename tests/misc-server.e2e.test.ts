// The misc server as it runs: its own process on loopback, on a relay's accounts (a relay login
// token works there), with a loopback site of the test's own that serves an article, redirects to
// private addresses, answers hugely and slowly. The fetcher reaches loopback only because this
// test's configuration allows it (INKMARK_FETCHER_ALLOW_LOOPBACK=1); a second misc server with the
// default configuration refuses the same site. PDFs are read back with pdf.js, and the printed
// document is shown to have run no script and made no request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMisc, type MiscProcess } from './src/misc-process'
import { pdfText } from './src/pdf-text'
import { startRelay, type RelayProcess } from './src/relay-process'

const PARAGRAPH =
  'Readers have written in the margins of their books for as long as there have been books, arguing, agreeing and underlining what mattered to them. '
const ARTICLE = `<!doctype html><html><head><title>Notes in the margin</title></head><body>
<header><a href="/">Home</a></header>
<article><h1>Notes in the margin</h1>
${[1, 2, 3, 4, 5].map((n) => `<p>Paragraph ${n}. ${PARAGRAPH}</p>`).join('\n')}
<p><a href="javascript:alert(1)" onclick="steal()">tap here</a></p>
<script>document.body.innerHTML = 'replaced'</script>
</article></body></html>`

type Handler = (request: IncomingMessage, response: ServerResponse) => void

interface Site {
  url: string
  hits: Map<string, number>
  close(): Promise<void>
}

async function startSite(routes: (origin: () => string) => Record<string, Handler>): Promise<Site> {
  const hits = new Map<string, number>()
  let origin = ''
  const table = routes(() => origin)
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const handler = table[path]
    if (handler) {
      handler(request, response)
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: origin,
    hits,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

let relay: RelayProcess
let misc: MiscProcess
let strictMisc: MiscProcess
let site: Site

beforeAll(async () => {
  site = await startSite((origin) => ({
    '/article': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE)
    },
    '/redirect': (_request, response) => {
      response.writeHead(301, { location: '/article' }).end()
    },
    '/to-private': (_request, response) => {
      response.writeHead(302, { location: 'http://192.168.0.1/router' }).end()
    },
    '/to-metadata': (_request, response) => {
      response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
    },
    '/to-mapped-loopback': (_request, response) => {
      const port = new URL(origin()).port
      response.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${port}/article` }).end()
    },
    '/huge': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`
      const write = (left: number): void => {
        if (left === 0 || response.destroyed) {
          response.end()
          return
        }
        if (response.write(chunk)) {
          write(left - 1)
        } else {
          response.once('drain', () => write(left - 1))
        }
      }
      write(200)
    },
    '/slow': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.write('<html><body><p>Loading')
      // Never finishes: the misc server's deadline must.
    },
    '/pixel.png': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end()
    },
    '/style.css': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/css' }).end('p { color: red }')
    },
  }))
  relay = await startRelay()
  ;[misc, strictMisc] = await Promise.all([
    startMisc(relay, {
      INKMARK_FETCHER_ALLOW_LOOPBACK: '1',
      INKMARK_FETCHER_TIMEOUT_MS: '3000',
    }),
    startMisc(relay),
  ])
}, 300_000)

afterAll(async () => {
  await Promise.all([misc?.stop(), strictMisc?.stop()])
  await relay?.dispose()
  await site?.close()
})

async function signUp(email: string): Promise<string> {
  const response = await fetch(`${relay.url}/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

function post(server: MiscProcess, path: string, body: unknown, token?: string) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  })
}

async function errorOf(response: Response): Promise<{ status: number; code: string }> {
  const body = (await response.json()) as { code: string; message: string }
  expect(Object.keys(body).sort()).toEqual(['code', 'message'])
  return { status: response.status, code: body.code }
}

describe('the misc server process', () => {
  it('needs a login token of the relay for every call', async () => {
    for (const [path, body] of [
      ['/page-content', { url: `${site.url}/article` }],
      ['/html-to-pdf', { html: '<p>Hi</p>' }],
    ] as const) {
      expect(await errorOf(await post(misc, path, body))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
      })
      expect(await errorOf(await post(misc, path, body, 'forged.token.here'))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
      })
    }
  })

  it('fetches an article for a signed-in user, after a redirect, sanitized', async () => {
    const token = await signUp('reader@example.com')
    const response = await post(misc, '/page-content', { url: `${site.url}/redirect` }, token)
    expect(response.status).toBe(200)
    const page = (await response.json()) as {
      url: string
      title: string
      content: string
      textContent: string
    }
    expect(page.url).toBe(`${site.url}/article`)
    expect(page.title).toBe('Notes in the margin')
    expect(page.textContent).toContain('Paragraph 5. Readers have written in the margins')
    expect(page.content).not.toMatch(/<script|onclick|javascript:/i)
  })

  it('refuses private, metadata and mapped loopback addresses, even on a redirect', async () => {
    const token = await signUp('careful@example.com')
    for (const path of ['/to-private', '/to-metadata', '/to-mapped-loopback']) {
      expect(
        await errorOf(await post(misc, '/page-content', { url: `${site.url}${path}` }, token)),
      ).toEqual({ status: 422, code: 'UNREACHABLE_ADDRESS' })
    }
    const direct = [
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://[fd00:ec2::254]/',
      'http://10.0.0.1/',
    ]
    for (const url of direct) {
      expect(await errorOf(await post(misc, '/page-content', { url }, token))).toEqual({
        status: 422,
        code: 'UNREACHABLE_ADDRESS',
      })
    }
    expect(
      await errorOf(await post(misc, '/page-content', { url: 'file:///etc/passwd' }, token)),
    ).toEqual({ status: 400, code: 'BAD_REQUEST' })
  })

  it('refuses loopback when the configuration does not allow it (the default)', async () => {
    const token = await signUp('strict@example.com')
    const before = site.hits.get('/article') ?? 0
    for (const url of [
      `${site.url}/article`,
      `${site.url.replace('127.0.0.1', 'localhost')}/article`,
    ]) {
      expect(await errorOf(await post(strictMisc, '/page-content', { url }, token))).toEqual({
        status: 422,
        code: 'UNREACHABLE_ADDRESS',
      })
    }
    expect(site.hits.get('/article') ?? 0).toBe(before)
  })

  it('answers 413 for a huge page and 504 for a slow one', async () => {
    const token = await signUp('limits@example.com')
    expect(
      await errorOf(await post(misc, '/page-content', { url: `${site.url}/huge` }, token)),
    ).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE' })
    expect(
      await errorOf(await post(misc, '/page-content', { url: `${site.url}/slow` }, token)),
    ).toEqual({ status: 504, code: 'UNAVAILABLE' })
  })

  it('prints a PDF with no script run and no request made', async () => {
    const token = await signUp('printer@example.com')
    const html = [
      '<p id="words">Marginal notes survive the printer</p>',
      `<script>document.getElementById('words').textContent = 'SCRIPT RAN'</script>`,
      `<img src="${site.url}/pixel.png" alt="">`,
      `<link rel="stylesheet" href="${site.url}/style.css">`,
      `<div style="background-image: url('${site.url}/pixel.png')">Background</div>`,
      `<iframe src="${site.url}/frame"></iframe>`,
      `<p onclick="this.textContent='HANDLER RAN'">Still here</p>`,
    ].join('')
    const response = await post(misc, '/html-to-pdf', { html, title: 'Margins: a "study"' }, token)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toContain(
      'attachment; filename="Margins a study.pdf"',
    )
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()))
    expect(text).toContain('Margins: a "study"')
    expect(text).toContain('Marginal notes survive the printer')
    expect(text).toContain('Still here')
    expect(text).not.toContain('SCRIPT RAN')
    expect(site.hits.get('/pixel.png') ?? 0).toBe(0)
    expect(site.hits.get('/style.css') ?? 0).toBe(0)
    expect(site.hits.get('/frame') ?? 0).toBe(0)
  })

  it('refuses HTML over 2 MB with 413', async () => {
    const token = await signUp('big@example.com')
    const response = await post(
      misc,
      '/html-to-pdf',
      { html: `<p>${'a'.repeat(2 * 1024 * 1024 + 1)}</p>` },
      token,
    )
    expect(await errorOf(response)).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE' })
  })
})
