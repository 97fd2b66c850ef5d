// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { extractArticle, parsePageHtml } from './extract-article'
import { readSavedArticle, savedArticleHtml } from './saved-article'
import { normalizedText, readReadabilityPages } from './test-support'

const PAGE_URL = 'http://fakehost/test/page.html'
const readerable = readReadabilityPages().filter((page) => page.metadata.readerable)

describe('a saved article read again (offline reading)', () => {
  it.each(readerable.map((page) => [page.name, page] as const))(
    '%s: same title, byline and text as the first reading',
    (_name, page) => {
      const first = extractArticle(parsePageHtml(page.source), PAGE_URL)
      if (!first.ok) {
        throw new Error(first.reason)
      }
      const saved = savedArticleHtml(first.value)
      const again = readSavedArticle(saved, PAGE_URL)
      if (!again.ok) {
        throw new Error(`saved copy refused: ${again.reason}`)
      }
      expect(again.value.title).toBe(first.value.title)
      expect(again.value.byline).toBe(first.value.byline)
      expect(normalizedText(again.value.contentHtml)).toBe(normalizedText(first.value.contentHtml))
      expect(again.value.siteName).toBe(first.value.siteName)
      expect(again.value.lang).toBe(first.value.lang)
    },
    // jsdom parses the largest pages (wikipedia) slowly on a busy machine.
    60_000,
  )

  it('extracts a page content that is a whole page (saved by another client)', () => {
    const page = readerable[0]!
    const result = readSavedArticle(page.source, PAGE_URL)
    expect(result.ok && result.value.title).toBe(page.metadata.title)
  })

  it('sanitizes a saved article again and refuses an unsafe address or a short one', () => {
    const words =
      '<p>' + 'Saved words read again offline, long enough for the reader. '.repeat(12) + '</p>'
    const forged =
      '<html><head><meta name="generator" content="inkmark-saved-article"><title>T</title></head>' +
      `<body><article>${words}<img src="x" onerror="alert(1)"><script>alert(2)</script></article></body></html>`
    const result = readSavedArticle(forged, PAGE_URL)
    if (!result.ok) {
      throw new Error(result.reason)
    }
    expect(result.value.contentHtml).not.toMatch(/onerror|<script/)
    expect(readSavedArticle(forged, 'javascript:alert(1)')).toMatchObject({ reason: 'unsafe-url' })
    const short = forged.replace(words, '<p>Too short.</p>')
    expect(readSavedArticle(short, PAGE_URL)).toMatchObject({
      ok: false,
      error: 'Could not load content. Try a different page.',
      reason: 'too-short',
    })
  })

  it('keeps metadata as attributes and text, never as markup', () => {
    const hostile = '"><script>alert(1)</script>'
    const html = savedArticleHtml({
      title: `A title ${hostile}`,
      byline: hostile,
      dir: null,
      lang: 'en',
      excerpt: hostile,
      siteName: null,
      publishedTime: null,
      contentHtml: '<p>Body</p>',
      textContent: 'Body',
      length: 4,
      url: PAGE_URL,
    })
    const document = parsePageHtml(html)
    expect(document.querySelectorAll('script')).toHaveLength(0)
    expect(document.title).toBe(`A title ${hostile}`)
    expect(document.querySelector('meta[name="author"]')?.getAttribute('content')).toBe(hostile)
    expect(document.documentElement.lang).toBe('en')
  })
})
