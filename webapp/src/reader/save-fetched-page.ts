// Keeping a page the reader fetched (docs/adr/075): a page opened with /reader?url= that was not in
// the library is only shown until the person highlights it or asks for its summary. Then it is
// saved first, as add-by-URL saves a page (its real title and description), and its article as the
// page's content, whatever the Saved documents setting: a reader highlight is anchored in that
// article, and the summary is made from it. A content over the storage quota is left out (the
// store says why); the page and the highlight are kept.
import {
  savePageContent,
  savedArticleOf,
  type LocalStore,
  type ReaderArticle,
} from '@inkmark/shared'
import { savePageUrl } from '../content/url-bookmark'
import { oneAtATime } from '../lib/one-at-a-time'

/** The outcome: the page's bookmark, and the store's reason when the content was not saved. */
export interface KeptPage {
  bookmarkId: string
  contentRefusal?: string
}

/** Saves the fetched `article`: its page unless saved, its content unless the page has one. */
export function keepFetchedPage(store: LocalStore, article: ReaderArticle): Promise<KeptPage> {
  // A highlight and a summary (or two highlights) at once would each save the page's content.
  return oneAtATime(`keep-page:${article.url}`, () => keepFetchedPageNow(store, article))
}

async function keepFetchedPageNow(store: LocalStore, article: ReaderArticle): Promise<KeptPage> {
  const saved = savedArticleOf(article)
  const description = article.excerpt?.trim() || undefined
  const page = await savePageUrl(store, article.url, {
    title: article.title.trim() || article.url,
    description,
    article: saved,
  })
  if ((await store.getPageContentForUrl(article.url)) !== undefined) {
    // Saved before with content of its own, or savePageUrl kept it (Saved documents on).
    return { bookmarkId: page.bookmarkId }
  }
  const content = await savePageContent(store, saved, { appType: 'webapp' })
  return content.ok
    ? { bookmarkId: page.bookmarkId }
    : { bookmarkId: page.bookmarkId, contentRefusal: content.message }
}
