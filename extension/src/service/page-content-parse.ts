// Turning a live page's HTML into the article Inkmark saves as its content, somewhere with a DOM:
// the Chrome service worker has none, so there it runs in an offscreen document; Firefox's
// background page has its own. The HTML is parsed by DOMParser into a detached document (scripts
// never run, nothing is inserted anywhere), extracted and sanitized by the reader's
// extractArticle, and written in the saved-article format. Also the checked messages between the
// background and the offscreen document (ADR 017).
import {
  extractArticle,
  parsePageHtml,
  savedArticleOf,
  type ReaderFailureReason,
  type SavedArticle,
} from '@inkmark/shared'
import { MAX_PAGE_CONTENT_HTML_LENGTH } from './page-content-protocol'

/** The channel of the background's request to the offscreen document. */
export const PARSE_PAGE_CONTENT = 'inkmark:parse-page-content'

/** The background's request: the page's HTML and its address (from the browser). */
export interface ParseRequest {
  channel: typeof PARSE_PAGE_CONTENT
  html: string
  url: string
}

/** The saved form of the page's article, or why the page has none. */
export type ParseResult = { ok: true; saved: SavedArticle } | { ok: false; reason: ParseFailure }

/** Why a page has no article to save: the reader's reasons, or a request that was not valid. */
export type ParseFailure = ReaderFailureReason | 'invalid-request'

const FAILURES: readonly ParseFailure[] = [
  'unsafe-url',
  'not-readerable',
  'no-article',
  'too-short',
  'invalid-request',
]
const MAX_URL_LENGTH = 8_192

/** The article of the page at `url` whose HTML is `html`, in the form saved as its content. */
export function parseSavedArticle(html: string, url: string, view: Window = window): ParseResult {
  const reader = view as Parameters<typeof parsePageHtml>[1]
  const result = extractArticle(parsePageHtml(html, reader), url)
  return result.ok
    ? { ok: true, saved: savedArticleOf(result.value, reader) }
    : { ok: false, reason: result.reason }
}

/** `message` as a parse request, or undefined when it is not one. */
export function parseRequestOf(message: unknown): ParseRequest | undefined {
  const value = message as Partial<ParseRequest> | null
  return value?.channel === PARSE_PAGE_CONTENT &&
    typeof value.html === 'string' &&
    value.html.length > 0 &&
    value.html.length <= MAX_PAGE_CONTENT_HTML_LENGTH &&
    typeof value.url === 'string' &&
    value.url.length > 0 &&
    value.url.length <= MAX_URL_LENGTH
    ? { channel: PARSE_PAGE_CONTENT, html: value.html, url: value.url }
    : undefined
}

const isText = (value: unknown): value is string => typeof value === 'string'
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value)

/** `message` as the offscreen document's answer, or undefined when it is not one. */
export function parseResultOf(message: unknown): ParseResult | undefined {
  const value = message as { ok?: unknown; saved?: Partial<SavedArticle>; reason?: unknown } | null
  if (value?.ok === false) {
    return FAILURES.includes(value.reason as ParseFailure)
      ? { ok: false, reason: value.reason as ParseFailure }
      : undefined
  }
  const saved = value?.saved
  if (
    value?.ok !== true ||
    !isText(saved?.url) ||
    !isText(saved.title) ||
    !isTextOrNull(saved.excerpt) ||
    !isText(saved.html) ||
    saved.html.length === 0
  ) {
    return undefined
  }
  return {
    ok: true,
    saved: { url: saved.url, title: saved.title, excerpt: saved.excerpt, html: saved.html },
  }
}
