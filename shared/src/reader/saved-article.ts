// The page content Inkmark saves of a page (autoDownloadPageContent, 'Saved documents', offline
// reading): not the raw page but the reader's article, as a small HTML document whose head keeps
// the article's metadata (title, author, description, site name, published time) and names its
// maker. Reading one back (readSavedArticle) sanitizes it again, since page content also comes
// from sync and is never trusted as it is; our own format skips a second Readability pass (which
// would trim an already extracted article further), anything else is extracted like a page.
// Built with DOM calls (text set as text, attributes as attributes); the body is the article's
// already sanitized HTML.
import { isArticleLongEnough } from '../domain/content-rules'
import { Message } from '../domain/messages'
import { rankHeadings } from './article-headings'
import {
  extractArticle,
  isPageUrl,
  parsePageHtml,
  type ExtractArticleResult,
  type ReaderArticle,
} from './extract-article'
import { sanitizeArticleHtml, type ReaderWindow } from './sanitize-article'

/** The generator meta that marks a saved article of ours. */
const SAVED_ARTICLE_GENERATOR = 'inkmark-saved-article'

function addMeta(head: HTMLElement, key: 'name' | 'property', name: string, value: string | null) {
  if (value === null) {
    return
  }
  const meta = head.ownerDocument.createElement('meta')
  meta.setAttribute(key, name)
  meta.setAttribute('content', value)
  head.append(meta)
}

/** The HTML document saved for `article` (what a page content's `content` holds). */
export function savedArticleHtml(article: ReaderArticle, view: ReaderWindow = window): string {
  const document = view.document.implementation.createHTMLDocument(article.title)
  const root = document.documentElement
  if (article.lang !== null) {
    root.setAttribute('lang', article.lang)
  }
  if (article.dir !== null) {
    root.setAttribute('dir', article.dir)
  }
  const charset = document.createElement('meta')
  charset.setAttribute('charset', 'utf-8')
  document.head.prepend(charset)
  addMeta(document.head, 'name', 'generator', SAVED_ARTICLE_GENERATOR)
  addMeta(document.head, 'property', 'og:title', article.title)
  addMeta(document.head, 'name', 'author', article.byline)
  addMeta(document.head, 'name', 'description', article.excerpt)
  addMeta(document.head, 'property', 'og:site_name', article.siteName)
  addMeta(document.head, 'property', 'article:published_time', article.publishedTime)
  const body = document.createElement('article')
  // extractArticle's sanitized output, the only HTML ever set here.
  body.innerHTML = article.contentHtml
  document.body.append(body)
  return `<!doctype html>\n${root.outerHTML}`
}

/** What a saved page content records of an article besides its HTML. */
export interface SavedArticle {
  url: string
  title: string
  excerpt: string | null
  html: string
}

/** The saved form of `article`. */
export function savedArticleOf(article: ReaderArticle, view: ReaderWindow = window): SavedArticle {
  return {
    url: article.url,
    title: article.title,
    excerpt: article.excerpt,
    html: savedArticleHtml(article, view),
  }
}

function metaContent(document: Document, selector: string): string | null {
  const value = document.querySelector(`meta[${selector}]`)?.getAttribute('content')?.trim()
  return value ? value : null
}

/**
 * The article of a saved page content (`html`, saved for the page at `url`), sanitized, or the
 * spec's failure: an article in our saved format is read as it is, any other page is extracted.
 */
export function readSavedArticle(
  html: string,
  url: string,
  view: ReaderWindow = window,
): ExtractArticleResult {
  const document = parsePageHtml(html, view)
  if (metaContent(document, 'name="generator"') !== SAVED_ARTICLE_GENERATOR) {
    return extractArticle(document, url)
  }
  if (!isPageUrl(url)) {
    return { ok: false, error: Message.COULD_NOT_LOAD_CONTENT, reason: 'unsafe-url' }
  }
  const body = document.querySelector('body > article')
  if (body === null) {
    return { ok: false, error: Message.COULD_NOT_LOAD_CONTENT, reason: 'no-article' }
  }
  rankHeadings(body)
  const contentHtml = sanitizeArticleHtml(body.innerHTML, view)
  const textContent = parsePageHtml(contentHtml, view).body.textContent ?? ''
  if (!isArticleLongEnough(textContent)) {
    return { ok: false, error: Message.COULD_NOT_LOAD_CONTENT, reason: 'too-short' }
  }
  const root = document.documentElement
  return {
    ok: true,
    value: {
      title: metaContent(document, 'property="og:title"') ?? (document.title.trim() || url),
      byline: metaContent(document, 'name="author"'),
      dir: root.getAttribute('dir'),
      lang: root.getAttribute('lang'),
      excerpt: metaContent(document, 'name="description"'),
      siteName: metaContent(document, 'property="og:site_name"'),
      publishedTime: metaContent(document, 'property="article:published_time"'),
      contentHtml,
      textContent,
      length: textContent.length,
      url,
    },
  }
}
