// A fetched page's readable article, the shape of POST /page-content: parsed by jsdom (no script
// runs, no sub-resource loads: jsdom's defaults) and read by the reader's own extraction
// (Readability with the spec's thresholds, its HTML through the reader's sanitizer).
import { extractArticle } from '@inkmark/shared'
import { JSDOM, VirtualConsole } from 'jsdom'
import { ErrorCode, RelayError } from '../../errors'
import { NO_CONTENT_MESSAGE, type FetchedPage } from './fetch-page'

/** What POST /page-content answers. */
export interface PageContent {
  /** The address after redirects. */
  url: string
  title: string
  /** Readability's HTML, sanitized. */
  content: string
  textContent: string
  excerpt?: string
  byline?: string
  siteName?: string
}

/** The readable article of `page`, or 422 NO_CONTENT. */
export function readPageContent(page: FetchedPage): PageContent {
  // The page's bytes go in as bytes: jsdom finds the charset (header, BOM, <meta>) itself.
  const dom = new JSDOM(page.body, {
    url: page.url,
    contentType: page.contentType.toLowerCase().startsWith('application/xhtml+xml')
      ? 'application/xhtml+xml'
      : 'text/html',
    virtualConsole: new VirtualConsole(),
  })
  try {
    const extracted = extractArticle(dom.window.document, page.url)
    if (!extracted.ok) {
      throw new RelayError(422, ErrorCode.NO_CONTENT, NO_CONTENT_MESSAGE)
    }
    const article = extracted.value
    return {
      url: page.url,
      title: article.title,
      content: article.contentHtml,
      textContent: article.textContent,
      ...(article.excerpt === null ? {} : { excerpt: article.excerpt }),
      ...(article.byline === null ? {} : { byline: article.byline }),
      ...(article.siteName === null ? {} : { siteName: article.siteName }),
    }
  } finally {
    dom.window.close()
  }
}
