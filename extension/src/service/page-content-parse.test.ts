// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import {
  PARSE_PAGE_CONTENT,
  parseRequestOf,
  parseResultOf,
  parseSavedArticle,
} from './page-content-parse'

const SENTENCES = [
  'Highlights find their place again on every visit, even when the page changed a little since.',
  'A reader keeps the article and leaves the navigation, the share buttons and the comments out.',
  'Saved pages can be read offline, in the extension and in the web app, from the same library.',
  'The storage quota of each plan counts the saved articles, not the raw pages they came from.',
]

/** A page with an article of `paragraphs` long paragraphs, a script and a navigation bar. */
function articlePage(paragraphs: number): string {
  const body = Array.from(
    { length: paragraphs },
    (_, index) => `<p>${SENTENCES.map((sentence) => `${index + 1}. ${sentence}`).join(' ')}</p>`,
  ).join('')
  return `<!doctype html><html><head><title>A long article</title>
    <script>window.ran = true</script></head><body><nav><a href="/">Home</a></nav>
    <article><h1>A long article</h1>${body}</article></body></html>`
}

describe('parseSavedArticle', () => {
  it('saves the article of a readable page, without its scripts and navigation', () => {
    const result = parseSavedArticle(articlePage(6), 'https://example.org/medium')
    expect(result.ok).toBe(true)
    if (!result.ok) {
      return
    }
    expect(result.saved.url).toBe('https://example.org/medium')
    expect(result.saved.title).toBe('A long article')
    expect(result.saved.html).toContain('inkmark-saved-article')
    expect(result.saved.html).toContain(
      '6. The storage quota of each plan counts the saved articles',
    )
    expect(result.saved.html).not.toMatch(/<script/i)
    expect(result.saved.html).not.toContain('<nav')
  })

  it('passes over a page that is not readable, and an unsafe address', () => {
    expect(
      parseSavedArticle('<html><body><p>Too short.</p></body></html>', 'https://example.org/x'),
    ).toEqual({
      ok: false,
      reason: 'not-readerable',
    })
    expect(parseSavedArticle(articlePage(6), 'javascript:alert(1)')).toEqual({
      ok: false,
      reason: 'unsafe-url',
    })
  })
})

describe('parseRequestOf', () => {
  const request = { channel: PARSE_PAGE_CONTENT, html: '<p>a</p>', url: 'https://example.org/' }

  it('accepts a request and keeps only its fields', () => {
    expect(parseRequestOf({ ...request, extra: true })).toEqual(request)
  })

  it('refuses other channels, empty or oversized HTML and missing addresses', () => {
    expect(parseRequestOf({ ...request, channel: 'inkmark:store' })).toBeUndefined()
    expect(parseRequestOf({ ...request, html: '' })).toBeUndefined()
    expect(parseRequestOf({ ...request, html: 'x'.repeat(8_000_001) })).toBeUndefined()
    expect(parseRequestOf({ ...request, url: undefined })).toBeUndefined()
    expect(parseRequestOf({ ...request, url: 'x'.repeat(9_000) })).toBeUndefined()
    expect(parseRequestOf(undefined)).toBeUndefined()
  })
})

describe('parseResultOf', () => {
  const saved = { url: 'https://example.org/', title: 'T', excerpt: null, html: '<html></html>' }

  it('accepts a saved article and a known failure', () => {
    expect(parseResultOf({ ok: true, saved: { ...saved, extra: 1 } })).toEqual({ ok: true, saved })
    expect(parseResultOf({ ok: false, reason: 'too-short' })).toEqual({
      ok: false,
      reason: 'too-short',
    })
  })

  it('refuses malformed answers', () => {
    expect(parseResultOf(undefined)).toBeUndefined()
    expect(parseResultOf({ ok: false, reason: 'other' })).toBeUndefined()
    expect(parseResultOf({ ok: true })).toBeUndefined()
    expect(parseResultOf({ ok: true, saved: { ...saved, html: '' } })).toBeUndefined()
    expect(parseResultOf({ ok: true, saved: { ...saved, excerpt: 3 } })).toBeUndefined()
    expect(parseResultOf({ ok: 'yes', saved })).toBeUndefined()
  })
})
