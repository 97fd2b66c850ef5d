import { decodeJwt, SignJWT } from 'jose'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { defaultMiscConfig } from '../misc-config'
import { buildMiscForTest } from '../misc-testing'
import { PAGE_CONTENT_TOOL_LIMITS, pageContentToolRoutesWith } from './page-content-tool'

const PARAGRAPH =
  'Marginalia are notes written in the margins of a book. Readers have always argued with their books this way, and the habit is older than printing itself. '
const ARTICLE = `<!doctype html><html><head><title>On margins</title></head><body><article><h1>On margins</h1>
${[1, 2, 3, 4, 5].map((n) => `<p>${n}. ${PARAGRAPH}</p>`).join('\n')}
<p><a href="javascript:alert(1)" onclick="steal()">a bad link</a></p><script>steal()</script></article></body></html>`

let hits = 0
const site = createServer((request, response) => {
  hits += 1
  if (request.url === '/huge') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(64 * 1024))
    return
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE)
})
const siteUrl = () => `http://127.0.0.1:${(site.address() as AddressInfo).port}`

beforeAll(() => new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve)))
afterAll(() => new Promise((resolve) => site.close(resolve)))
afterEach(() => {
  vi.useRealTimers()
})

const withLoopback = (overrides = {}) => ({
  fetcher: { ...defaultMiscConfig().fetcher, allowLoopback: true, ...overrides },
})

type Kit = Awaited<ReturnType<typeof buildMiscForTest>>
const call = (
  kit: Kit,
  url: string,
  headers: Record<string, string> = {},
  path = '/tools/page-content',
) => kit.misc.inject({ method: 'POST', url: path, payload: { url }, headers })

describe('POST /tools/page-content', { timeout: 30_000 }, () => {
  // Whole requests through jsdom, the fetcher and a local server: slow on a busy machine.
  it('answers what /page-content answers, without login', async () => {
    const kit = await buildMiscForTest({ misc: withLoopback() })
    const token = await kit.signUp()
    const free = await call(kit, `${siteUrl()}/article`)
    expect(free.statusCode).toBe(200)
    const signedIn = await call(
      kit,
      `${siteUrl()}/article`,
      { authorization: `Bearer ${token}` },
      '/page-content',
    )
    expect(free.json()).toEqual(signedIn.json())
    const article = free.json<{ title: string; content: string; url: string }>()
    expect(article.title).toBe('On margins')
    expect(article.url).toBe(`${siteUrl()}/article`)
    expect(article.content).not.toMatch(/<script|onclick|javascript:/i)
  })

  it('refuses loopback, private and metadata addresses when loopback is not allowed', async () => {
    const kit = await buildMiscForTest()
    const before = hits
    for (const url of [
      `${siteUrl()}/article`,
      'http://localhost/',
      'http://10.0.0.7/admin',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
    ]) {
      const response = await call(kit, url)
      expect(response.statusCode, url).toBe(422)
      expect(response.json<{ code: string }>().code).toBe('UNREACHABLE_ADDRESS')
    }
    expect(hits).toBe(before)
  })

  it('refuses a page over the size limit and bad bodies with a code', async () => {
    const kit = await buildMiscForTest({ misc: withLoopback({ maxBytes: 16 * 1024 }) })
    const huge = await call(kit, `${siteUrl()}/huge`)
    expect(huge.statusCode).toBe(413)
    expect(huge.json<{ code: string }>().code).toBe('PAYLOAD_TOO_LARGE')
    expect((await call(kit, 'ftp://example.com/')).json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Only http and https pages can be fetched',
    })
    const missing = await kit.misc.inject({
      method: 'POST',
      url: '/tools/page-content',
      payload: {},
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json<{ code: string }>().code).toBe('VALIDATION_FAILED')
  })

  it('answers 429 past 10 calls a minute from one address, before reading the body', async () => {
    const kit = await buildMiscForTest()
    const token = await kit.signUp()
    for (let index = 0; index < PAGE_CONTENT_TOOL_LIMITS.perAddressPerMinute; index += 1) {
      // Signed in or not, valid or not: every call from the address counts.
      const headers: Record<string, string> =
        index % 2 === 0 ? {} : { authorization: `Bearer ${token}` }
      expect((await call(kit, 'ftp://example.com/', headers)).statusCode).toBe(400)
    }
    const limited = await call(kit, 'ftp://example.com/', { authorization: 'Bearer not-a-token' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED')
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('holds an address to its day without a token, and an account to its minute with one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'))
    const limits = {
      name: 'test-tool',
      perAddressPerMinute: 6,
      perAddressPerDay: 3,
      perAccountPerMinute: 2,
    }
    const kit = await buildMiscForTest({ routes: [pageContentToolRoutesWith(limits)] })
    const [first, second] = [await kit.signUp(), await kit.signUp()]
    const anonymous = () => call(kit, 'ftp://example.com/')
    const signedIn = (token: string) =>
      call(kit, 'ftp://example.com/', { authorization: `Bearer ${token}` })
    const dailyMessage =
      "You have used today's 3 free uses of this tool. Sign in to Inkmark to keep going, or try again in 24 hours."

    for (let index = 0; index < 3; index += 1) {
      expect((await anonymous()).statusCode).toBe(400)
    }
    const daily = await anonymous()
    expect(daily.statusCode).toBe(429)
    expect(daily.json<{ message: string }>().message).toBe(dailyMessage)

    // A minute on (the address's minute count starts again), a token escapes the day; each
    // account has a minute's count of its own.
    vi.setSystemTime(new Date('2026-11-26T10:01:01Z'))
    expect((await signedIn(first)).statusCode).toBe(400)
    expect((await signedIn(first)).statusCode).toBe(400)
    const account = await signedIn(first)
    expect(account.statusCode).toBe(429)
    expect(account.json<{ message: string }>().message).toMatch(/^Too many requests/)
    expect((await signedIn(second)).statusCode).toBe(400)
    const stillDaily = await anonymous()
    expect(stillDaily.json<{ message: string }>().message).toBe(dailyMessage)

    // The next day the address may call again without a token.
    vi.setSystemTime(new Date('2026-11-27T10:00:01Z'))
    expect((await anonymous()).statusCode).toBe(400)
  })

  it('refuses tokens that are not valid here with 401', async () => {
    const kit = await buildMiscForTest()
    const token = await kit.signUp()
    const foreign = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-relay-secret-another-relay-secret'))
    const unsigned = `${token.split('.').slice(0, 2).join('.')}.`
    for (const bad of [foreign, unsigned, 'not-a-token']) {
      const response = await call(kit, 'https://example.com/', { authorization: `Bearer ${bad}` })
      expect(response.statusCode).toBe(401)
      expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED')
    }
  })
})
