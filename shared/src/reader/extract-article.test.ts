// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { Message } from '../domain/messages'
import { extractArticle, parsePageHtml } from './extract-article'
import { normalizedText, readReadabilityPages } from './test-support'

/** The address Readability's own tests give every page. */
const PAGE_URL = 'http://fakehost/test/page.html'

const pages = readReadabilityPages()
const readerable = pages.filter((page) => page.metadata.readerable)
const notReaderable = pages.filter((page) => !page.metadata.readerable)

describe("extractArticle on Readability's test pages", () => {
  it('has readerable pages and at least one that is not', () => {
    expect(readerable.length).toBeGreaterThanOrEqual(10)
    expect(notReaderable.map((page) => page.name)).toContain('mozilla-2')
  })

  it.each(readerable.map((page) => [page.name, page] as const))(
    '%s: title, byline and text as Readability expects',
    (_name, page) => {
      const result = extractArticle(parsePageHtml(page.source), PAGE_URL)
      if (!result.ok) {
        throw new Error(`refused: ${result.reason}`)
      }
      expect(result.value.title).toBe(page.metadata.title)
      expect(result.value.byline).toBe(page.metadata.byline)
      expect(normalizedText(result.value.contentHtml)).toBe(normalizedText(page.expectedHtml))
      expect(result.value.length).toBeGreaterThanOrEqual(500)
      expect(result.value.url).toBe(PAGE_URL)
    },
    // jsdom parses the largest pages (wikipedia) slowly on a busy machine.
    60_000,
  )

  it.each(notReaderable.map((page) => [page.name, page] as const))(
    '%s: refused with the spec message',
    (_name, page) => {
      expect(extractArticle(parsePageHtml(page.source), PAGE_URL)).toEqual({
        ok: false,
        error: Message.COULD_NOT_LOAD_CONTENT,
        reason: 'not-readerable',
      })
    },
  )
})

const paragraph = (words: number) =>
  `<p>${'Reading every word of a long paragraph is what the reader is for. '.repeat(words)}</p>`

describe('extractArticle thresholds and metadata', () => {
  it('refuses an empty page and a page of short snippets', () => {
    expect(extractArticle(parsePageHtml('<html><body></body></html>'), PAGE_URL)).toMatchObject({
      ok: false,
      reason: 'not-readerable',
    })
    const snippets = '<p>Short line.</p>'.repeat(200)
    expect(extractArticle(parsePageHtml(`<body>${snippets}</body>`), PAGE_URL)).toMatchObject({
      ok: false,
      error: Message.COULD_NOT_LOAD_CONTENT,
    })
  })

  it('refuses an address that is not a page, whatever the page', () => {
    const html = `<html><body><article>${paragraph(4)}${paragraph(4)}${paragraph(4)}</article></body></html>`
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'not a url', '']) {
      expect(extractArticle(parsePageHtml(html), url)).toMatchObject({
        ok: false,
        reason: 'unsafe-url',
      })
    }
    expect(extractArticle(parsePageHtml(html), 'file:///home/me/a.html').ok).toBe(true)
  })

  it('keeps the language, direction and address, and resolves relative links', () => {
    const html = `<html lang="de" dir="rtl"><head><title>Ein Artikel</title></head><body><article>
      <h1>Ein Artikel</h1>${paragraph(4)}<p>See <a href="/notes">the notes</a>.</p>${paragraph(4)}
      ${paragraph(4)}</article></body></html>`
    const result = extractArticle(parsePageHtml(html), 'https://example.org/a/b.html')
    if (!result.ok) {
      throw new Error(result.reason)
    }
    expect(result.value).toMatchObject({ title: 'Ein Artikel', lang: 'de', dir: 'rtl' })
    expect(result.value.contentHtml).toContain('href="https://example.org/notes"')
    expect(result.value.contentHtml).toContain('rel="noopener noreferrer"')
  })

  it("honours the page's own relative <base>", () => {
    const html = `<html><head><base href="/docs/"><title>Guide</title></head><body><article>
      ${paragraph(4)}<p><a href="intro">Intro</a></p>${paragraph(4)}${paragraph(4)}</article></body></html>`
    const result = extractArticle(parsePageHtml(html), 'https://example.org/x/y')
    expect(result.ok && result.value.contentHtml).toContain('href="https://example.org/docs/intro"')
  })

  it('sanitizes what Readability keeps', () => {
    const html = `<html><head><title>Hostile</title></head><body><article>${paragraph(4)}
      <p>Look <img src="https://example.org/x.png" onerror="alert(1)"> and
      <a href="javascript:alert(2)">click</a>.</p><iframe src="https://evil.example"></iframe>
      ${paragraph(4)}${paragraph(4)}</article></body></html>`
    const result = extractArticle(parsePageHtml(html), PAGE_URL)
    if (!result.ok) {
      throw new Error(result.reason)
    }
    expect(result.value.contentHtml).not.toMatch(/onerror|javascript:|<iframe|<script/i)
    expect(result.value.contentHtml).toContain('src="https://example.org/x.png"')
  })
})
