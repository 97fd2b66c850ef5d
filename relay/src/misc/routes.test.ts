import { describe, expect, it } from 'vitest'
import {
  PAGE_CONTENT_PER_ACCOUNT_PER_MINUTE,
  PAGE_CONTENT_PER_ADDRESS_PER_MINUTE,
} from './fetcher/routes'
import { buildMiscForTest } from './misc-testing'
import { pdfContentDisposition, printDocument } from './pdf/print-document'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('misc route limits', () => {
  it('answers 429 past the per-account limit, and counts each account apart', async () => {
    const kit = await buildMiscForTest()
    const [first, second] = [await kit.signUp(), await kit.signUp()]
    const call = (token: string) =>
      kit.misc.inject({
        method: 'POST',
        url: '/page-content',
        headers: bearer(token),
        payload: { url: 'ftp://example.com/' },
      })
    for (let index = 0; index < PAGE_CONTENT_PER_ACCOUNT_PER_MINUTE; index += 1) {
      expect((await call(first)).statusCode).toBe(400)
    }
    const limited = await call(first)
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED')
    expect((await call(second)).statusCode).toBe(400)
    // 33 requests through the whole stack: more than the default 5 s on a busy machine.
  }, 30_000)

  it('answers 429 past the per-address limit, whatever the account', async () => {
    const kit = await buildMiscForTest()
    const tokens = [await kit.signUp(), await kit.signUp(), await kit.signUp()]
    const call = (token: string) =>
      kit.misc.inject({
        method: 'POST',
        url: '/page-content',
        headers: bearer(token),
        payload: { url: 'ftp://example.com/' },
      })
    for (let index = 0; index < PAGE_CONTENT_PER_ADDRESS_PER_MINUTE; index += 1) {
      expect((await call(tokens[index % tokens.length]!)).statusCode).toBe(400)
    }
    const limited = await call(tokens[0]!)
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED')
  }, 60_000)

  it('counts calls per address before login: refused tokens are limited too', async () => {
    const kit = await buildMiscForTest()
    const call = () =>
      kit.misc.inject({
        method: 'POST',
        url: '/page-content',
        headers: bearer('not-a-token'),
        payload: { url: 'https://example.com/' },
      })
    for (let index = 0; index < PAGE_CONTENT_PER_ADDRESS_PER_MINUTE; index += 1) {
      expect((await call()).statusCode).toBe(401)
    }
    const limited = await call()
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
  }, 60_000)

  it('refuses HTML over the size limit with 413 before printing', async () => {
    const kit = await buildMiscForTest({
      misc: {
        pdf: {
          chromiumPath: '/nonexistent/chromium',
          maxHtmlBytes: 1024,
          timeoutMs: 5_000,
          concurrency: 1,
          queueLimit: 1,
        },
      },
    })
    const token = await kit.signUp()
    const response = await kit.misc.inject({
      method: 'POST',
      url: '/html-to-pdf',
      headers: bearer(token),
      payload: { html: `<p>${'é'.repeat(600)}</p>` },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json<{ code: string }>().code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('the print document', () => {
  it('escapes the title and drops everything active', () => {
    const document = printDocument(
      '<p onclick="x()">Text</p><script>alert(1)</script><iframe src="https://a.example"></iframe><meta http-equiv="refresh" content="0;url=https://a.example"><a href="javascript:alert(1)">link</a><link rel="stylesheet" href="https://a.example/s.css"><img src="data:image/png;base64,iVBORw0KGgo=">',
      '<b>Title</b> & "more"',
    )
    expect(document).toContain('&lt;b&gt;Title&lt;/b&gt; &amp; &quot;more&quot;')
    const article = document.slice(document.indexOf('<article>'))
    expect(article).not.toMatch(/<script|onclick|<iframe|<meta|javascript:|<link/i)
    expect(article).toContain('<p>Text</p>')
    expect(article).toContain('src="data:image/png;base64,')
    expect(document).toContain("default-src 'none'")
  })

  it('names the file after the title, safely', () => {
    expect(pdfContentDisposition('On margins')).toBe(
      `attachment; filename="On margins.pdf"; filename*=UTF-8''On%20margins.pdf`,
    )
    expect(pdfContentDisposition('../../etc/"passwd"\r\nX-Evil: 1')).toBe(
      `attachment; filename="etc passwd X-Evil 1.pdf"; filename*=UTF-8''etc%20passwd%20X-Evil%201.pdf`,
    )
    expect(pdfContentDisposition('Café – 100%; ok')).toContain('filename="Caf_ _ 100__ ok.pdf"')
    expect(pdfContentDisposition('   ')).toContain('filename="Inkmark page.pdf"')
  })
})
