// The page content a content script saves of the page the person is on (autoDownloadPageContent):
// a copy of the live document goes through extractArticle (the original is never touched, and
// Inkmark's own highlights and interface drop out with the sanitizer's allow-list), and the
// article becomes the small saved document of saved-article.ts.
import { extractArticle, type ReaderFailureReason } from './extract-article'
import type { ReaderWindow } from './sanitize-article'
import { savedArticleOf, type SavedArticle } from './saved-article'

/** The saved form of the page's article, or why the page has none. */
export type CaptureResult =
  { ok: true; value: SavedArticle } | { ok: false; reason: ReaderFailureReason }

/** Extracts the article of `document` (the page at `url`) from a copy of it. */
export function captureArticle(
  document: Document,
  url: string,
  view: ReaderWindow = window,
): CaptureResult {
  const copy = document.cloneNode(true) as Document
  const result = extractArticle(copy, url)
  return result.ok ? { ok: true, value: savedArticleOf(result.value, view) } : result
}
