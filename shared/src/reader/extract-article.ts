// Reader mode's extraction: Mozilla's Readability with the spec's thresholds (a page is probably
// readable with a score above 20 counting paragraphs of 140 characters; an article needs 500
// characters), and its HTML sanitized before anyone shows it. A page that fails any of these gets
// the spec's one message, with a reason for logs and tests.
import { isProbablyReaderable, Readability } from '@mozilla/readability'
import {
  MIN_ARTICLE_LENGTH,
  READERABLE_MIN_PARAGRAPH_LENGTH,
  READERABLE_MIN_SCORE,
  isArticleLongEnough,
} from '../domain/content-rules'
import { Message } from '../domain/messages'
import { rankHeadings } from './article-headings'
import { sanitizeArticleHtml, type ReaderWindow } from './sanitize-article'

/** An article ready for the reader: the spec's parsed article, its HTML sanitized. */
export interface ReaderArticle {
  title: string
  byline: string | null
  dir: string | null
  lang: string | null
  excerpt: string | null
  siteName: string | null
  publishedTime: string | null
  /** The article's HTML, sanitized: the only HTML the reader inserts. */
  contentHtml: string
  textContent: string
  /** Characters of text. */
  length: number
  /** The page's address. */
  url: string
}

/** Why a page could not be shown: an address that is not a page's, not readerable, nothing found, too short. */
export type ReaderFailureReason = 'unsafe-url' | 'not-readerable' | 'no-article' | 'too-short'

/** The outcome of extracting an article, as a reply that can cross contexts. */
export type ExtractArticleResult =
  | { ok: true; value: ReaderArticle }
  | { ok: false; error: typeof Message.COULD_NOT_LOAD_CONTENT; reason: ReaderFailureReason }

function failure(reason: ReaderFailureReason): ExtractArticleResult {
  return { ok: false, error: Message.COULD_NOT_LOAD_CONTENT, reason }
}

/**
 * Points relative URLs of `document` at `url` (a copy of a page parsed elsewhere has the parser's
 * address): the page's own <base> is kept, made absolute against `url`.
 */
function baseDocumentAt(document: Document, url: string): void {
  const base = document.querySelector('base[href]')
  let href = url
  try {
    href = new URL(base?.getAttribute('href') ?? url, url).href
  } catch {
    // A broken <base>: the page's address it is.
  }
  if (base) {
    base.setAttribute('href', href)
  } else if (document.baseURI !== href) {
    const created = document.createElement('base')
    created.setAttribute('href', href)
    ;(document.head ?? document.documentElement).prepend(created)
  }
}

/** Whether `url` is a web page's or a local file's address (never javascript:, data: ...). */
export function isPageUrl(url: string): boolean {
  try {
    return ['http:', 'https:', 'file:'].includes(new URL(url).protocol)
  } catch {
    return false
  }
}

const orNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value

/**
 * The readable article of `document` (the page at `url`), or the spec's failure. Consumes the
 * document: Readability rearranges it, so pass a copy, never the page the person is on.
 */
export function extractArticle(document: Document, url: string): ExtractArticleResult {
  // The address is shown as the link to the original page: it may come from a query string.
  if (!isPageUrl(url)) {
    return failure('unsafe-url')
  }
  const pageTitle = document.title.trim()
  baseDocumentAt(document, url)
  const readerable = isProbablyReaderable(document, {
    minScore: READERABLE_MIN_SCORE,
    minContentLength: READERABLE_MIN_PARAGRAPH_LENGTH,
  })
  if (!readerable) {
    return failure('not-readerable')
  }
  const parsed = new Readability(document, {
    charThreshold: MIN_ARTICLE_LENGTH,
    serializer: (content) => {
      rankHeadings(content as Element)
      return (content as Element).innerHTML
    },
  }).parse()
  if (!parsed?.content) {
    return failure('no-article')
  }
  const textContent = parsed.textContent ?? ''
  if (!isArticleLongEnough(textContent)) {
    return failure('too-short')
  }
  const contentHtml = sanitizeArticleHtml(parsed.content, document.defaultView ?? window)
  return {
    ok: true,
    value: {
      title: parsed.title?.trim() || pageTitle || url,
      byline: orNull(parsed.byline),
      dir: orNull(parsed.dir),
      lang: orNull(parsed.lang),
      excerpt: orNull(parsed.excerpt),
      siteName: orNull(parsed.siteName),
      publishedTime: orNull(parsed.publishedTime),
      contentHtml,
      textContent,
      length: textContent.length,
      url,
    },
  }
}

/** Parses a page's HTML into a detached document for `extractArticle` (scripts never run). */
export function parsePageHtml(html: string, view: ReaderWindow = window): Document {
  return new view.DOMParser().parseFromString(html, 'text/html')
}
