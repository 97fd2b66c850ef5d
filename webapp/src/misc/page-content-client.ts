// The web app's use of POST /page-content (docs/adr/065): when a person adds a page by its address
// and is signed in to a server with a misc service, the server fetches the page and answers its
// title and readable article, so the bookmark has its real title (and, with Saved documents on,
// its content for the reader) at once. Offline, signed out, or when the page cannot be read, the
// caller keeps what it did before (a title made from the address): undefined, never an error.
import {
  sanitizeArticleHtml,
  savedArticleOf,
  type ReaderArticle,
  type SavedArticle,
} from '@inkmark/shared'
import { readStoredToken } from '../account/account-storage'
import { toSession } from '../account/session-token'
import { MISC_ADDRESS, callMisc } from './misc-client'

/** What POST /page-content answers. */
export interface PageContentAnswer {
  url: string
  title: string
  content: string
  textContent: string
  excerpt?: string
  byline?: string
  siteName?: string
}

/** A page read by the misc server: its title and description, and its article to save. */
export interface FetchedPage {
  title: string
  description: string | undefined
  article: SavedArticle
}

/** Whether this build and session can ask the misc server for a page. */
export function canFetchPages(now = Date.now()): boolean {
  return MISC_ADDRESS !== undefined && toSession(readStoredToken(), now) !== null
}

/** The article of an answer for the page at `url`, its HTML sanitized again here. */
export function articleOfAnswer(answer: PageContentAnswer, url: string): ReaderArticle {
  return {
    title: answer.title,
    byline: answer.byline ?? null,
    dir: null,
    lang: null,
    excerpt: answer.excerpt ?? null,
    siteName: answer.siteName ?? null,
    publishedTime: null,
    contentHtml: sanitizeArticleHtml(answer.content),
    textContent: answer.textContent,
    length: answer.textContent.length,
    url,
  }
}

/** The page at `url` read by the misc server, or undefined when it cannot be (see the header). */
export async function fetchPageContent(
  url: string,
  signal?: AbortSignal,
): Promise<FetchedPage | undefined> {
  if (!canFetchPages()) {
    return undefined
  }
  try {
    const answer = await callMisc<PageContentAnswer>('/page-content', {
      method: 'POST',
      body: { url },
      ...(signal ? { signal } : {}),
    })
    const title = answer.title.trim()
    if (title === '') {
      return undefined
    }
    return {
      title,
      description: answer.excerpt?.trim() || undefined,
      article: savedArticleOf(articleOfAnswer(answer, url)),
    }
  } catch (error) {
    console.info(
      'Inkmark: the page could not be read by the server; saving its address only',
      error,
    )
    return undefined
  }
}
