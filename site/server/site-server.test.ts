import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteServer, type RunningSiteServer } from './site-server'

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A request as written (fetch would normalise '..' away before it left). */
function raw(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

let dist: string
let outside: string
let server: RunningSiteServer
const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))})\n`

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'site-server-'))
  dist = join(root, 'dist')
  outside = join(root, 'secret.txt')
  await writeFile(outside, 'outside dist')
  await mkdir(join(dist, 'faq'), { recursive: true })
  await mkdir(join(dist, 'assets'), { recursive: true })
  await mkdir(join(dist, 'builds'), { recursive: true })
  await mkdir(join(dist, '.vite'), { recursive: true })
  await writeFile(join(dist, 'index.html'), '<!doctype html><h1>Home</h1>')
  await writeFile(join(dist, 'faq/index.html'), '<!doctype html><h1>FAQ</h1>')
  await writeFile(
    join(dist, '404.html'),
    '<!doctype html><h1>Page Not Found</h1><p>Page Not Found: <!-- -->/404</p>',
  )
  await writeFile(join(dist, 'assets/index-AbCdEf12.js'), bigScript)
  await writeFile(join(dist, 'assets/index-AbCdEf12.css'), 'body{}')
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\n')
  await writeFile(join(dist, 'builds/latest.json'), '{"buildId":"b1","builtAt":"x"}')
  await writeFile(join(dist, '.vite/manifest.json'), '{}')
  server = await startSiteServer({
    distDir: dist,
    port: 0,
    relayUrl: 'http://relay.test:8787',
    appUrl: 'http://app.test:5173',
    miscUrl: 'http://misc.test:8788',
    productHuntUrl: 'https://www.producthunt.com/products/inkmark',
    rateLimit: { max: 1000, windowMs: 60_000 },
  })
})

afterAll(async () => {
  await server.close()
  await rm(join(dist, '..'), { recursive: true, force: true })
})

describe('the site server', () => {
  it('serves a page with the security headers, its type and no-cache', async () => {
    const response = await raw(server.url, '/')
    expect(response.status).toBe(200)
    expect(response.body.toString()).toContain('<h1>Home</h1>')
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self' http://relay.test:8787 http://misc.test:8788")
    expect(csp).toContain("form-action 'self' http://app.test:5173")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
  })

  it("serves a directory's index.html, with or without the slash", async () => {
    for (const path of ['/faq', '/faq/']) {
      const response = await raw(server.url, path)
      expect(response.status).toBe(200)
      expect(response.body.toString()).toContain('<h1>FAQ</h1>')
    }
  })

  it('caches hashed assets forever and build markers never', async () => {
    const script = await raw(server.url, '/assets/index-AbCdEf12.js')
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const css = await raw(server.url, '/assets/index-AbCdEf12.css')
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    const marker = await raw(server.url, '/builds/latest.json')
    expect(marker.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(marker.headers['cache-control']).toBe('no-cache')
    const robots = await raw(server.url, '/robots.txt')
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8')
  })

  it('gzips text when the browser accepts it, and not otherwise', async () => {
    const zipped = await raw(server.url, '/assets/index-AbCdEf12.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toBe('Accept-Encoding')
    expect(gunzipSync(zipped.body).toString()).toBe(bigScript)
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length)
    const plain = await raw(server.url, '/assets/index-AbCdEf12.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(bigScript)
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await raw(server.url, '/faq', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0)
    expect(response.body.length).toBe(0)
  })

  it('answers an unknown path with 404.html and status 404', async () => {
    const response = await raw(server.url, '/no/such/page')
    expect(response.status).toBe(404)
    expect(response.body.toString()).toContain('Page Not Found: <!-- -->/no/such/page</p>')
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['content-security-policy']).toBeDefined()
  })

  it('refuses paths that leave dist or reach hidden files', async () => {
    for (const path of [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/faq/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/.vite/manifest.json',
      '/index.html%00.js',
    ]) {
      const response = await raw(server.url, path)
      expect(response.body.toString(), path).not.toContain('outside dist')
      expect([400, 404], path).toContain(response.status)
      if (response.status === 400) {
        expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'bad_path' })
      }
    }
  })

  it('answers a malformed escape with 400 and a clear message', async () => {
    const response = await raw(server.url, '/%E0%A4%A')
    expect(response.status).toBe(400)
    expect(JSON.parse(response.body.toString())).toEqual({
      code: 'bad_path',
      message: 'The address is not a valid path.',
    })
  })

  it('answers only GET and HEAD', async () => {
    const response = await raw(server.url, '/', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.allow).toBe('GET, HEAD')
    expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'method_not_allowed' })
  })
})

describe('the route rules', () => {
  it("sends a public page's address to the relay", async () => {
    const explore = await raw(server.url, '/explore/abc123')
    expect(explore.status).toBe(302)
    expect(explore.headers.location).toBe('http://relay.test:8787/explore/abc123')
    const discover = await raw(server.url, '/discover/page/a%20b')
    expect(discover.status).toBe(302)
    expect(discover.headers.location).toBe('http://relay.test:8787/explore/a%20b')
  })

  it('sends an unsubscribe link to the web app with its query', async () => {
    const response = await raw(server.url, '/unsubscribe/user-1?token=t&list=news')
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe(
      'http://app.test:5173/unsubscribe/user-1?token=t&list=news',
    )
  })

  it("sends /redirect/product-hunt to the operator's page", async () => {
    const response = await raw(server.url, '/redirect/product-hunt')
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe('https://www.producthunt.com/products/inkmark')
  })

  it('leaves /explore and /discover themselves to the site', async () => {
    expect((await raw(server.url, '/explore')).status).toBe(404)
    expect((await raw(server.url, '/discover/page')).status).toBe(404)
  })
})

describe('the site server without a Product Hunt page and with a tight limit', () => {
  let limited: RunningSiteServer
  let clock = 1_000_000

  beforeAll(async () => {
    limited = await startSiteServer({
      distDir: dist,
      port: 0,
      relayUrl: 'http://relay.test:8787',
      appUrl: 'http://app.test:5173',
      productHuntUrl: null,
      rateLimit: { max: 3, windowMs: 10_000 },
      now: () => clock,
    })
  })

  afterAll(() => limited.close())

  it('shows the 404 page for /redirect/product-hunt', async () => {
    expect((await raw(limited.url, '/redirect/product-hunt')).status).toBe(404)
  })

  it('answers 429 with Retry-After past the limit, and again after the window', async () => {
    clock += 60_000 // a fresh window
    for (let index = 0; index < 3; index += 1) {
      expect((await raw(limited.url, '/')).status).toBe(200)
    }
    clock += 4_000
    const refused = await raw(limited.url, '/')
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBe('6')
    expect(JSON.parse(refused.body.toString())).toMatchObject({ code: 'rate_limited' })
    clock += 6_000
    expect((await raw(limited.url, '/')).status).toBe(200)
  })
})
