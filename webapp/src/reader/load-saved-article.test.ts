// @vitest-environment jsdom
// What /reader reads from the library: a saved page content by its id, else by its page's
// address; the spec's message when nothing (or nothing readable) is saved. A real store on
// fake-indexeddb; the saved article in our own format, as the extension saves it.
import 'fake-indexeddb/auto'
import { Message, createPageContent, savedArticleHtml, type ReaderArticle } from '@inkmark/shared'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { loadSavedArticle } from './load-saved-article'
import { savePageUrl } from '../content/url-bookmark'
import { keepFetchedPage } from './save-fetched-page'

const URL_OF_PAGE = 'https://example.org/articles/offline'
const TEXT = 'Reading saved pages offline needs nothing but this browser. '.repeat(12)

const article: ReaderArticle = {
  title: 'Offline reading',
  byline: 'A. Writer',
  dir: null,
  lang: 'en',
  excerpt: null,
  siteName: 'Example',
  publishedTime: null,
  contentHtml: `<h2>Why</h2><p>${TEXT}</p>`,
  textContent: TEXT,
  length: TEXT.length,
  url: URL_OF_PAGE,
}

const open: TestStore[] = []
afterEach(async () => {
  for (const created of open.splice(0)) {
    await created.store.close()
  }
})

async function storeWith(content: string) {
  const harness = await openTestStore()
  open.push(harness)
  const saved = createPageContent({ _id: 'pc-1', url: URL_OF_PAGE, content }, harness.clock.now())
  expect((await harness.store.createOrUpdateEntities([saved])).rejected).toEqual([])
  return harness.store
}

describe('loadSavedArticle', () => {
  it('reads a saved article by its id and by its address', async () => {
    const store = await storeWith(savedArticleHtml(article))
    for (const search of [{ pageContent: 'pc-1' }, { url: URL_OF_PAGE }]) {
      const state = await loadSavedArticle(store, search)
      expect(state).toMatchObject({
        status: 'ready',
        article: { title: 'Offline reading', byline: 'A. Writer', siteName: 'Example' },
      })
    }
  })

  it("gives the spec's message when nothing readable is saved", async () => {
    const store = await storeWith('<html><body><p>Too short.</p></body></html>')
    expect(await loadSavedArticle(store, { pageContent: 'pc-1' })).toEqual({
      status: 'failed',
      message: Message.COULD_NOT_LOAD_CONTENT,
      url: URL_OF_PAGE,
    })
    expect(await loadSavedArticle(store, { url: 'https://elsewhere.example/' })).toEqual({
      status: 'failed',
      message: Message.COULD_NOT_LOAD_CONTENT,
      missing: true,
      url: 'https://elsewhere.example/',
    })
    expect(await loadSavedArticle(store, {})).toEqual({
      status: 'failed',
      message: Message.COULD_NOT_LOAD_CONTENT,
      missing: true,
    })
  })
})

describe('keepFetchedPage', () => {
  it('saves a fetched page with its article as content, whatever Saved documents says', async () => {
    const harness = await openTestStore()
    open.push(harness)
    const { store } = harness
    expect(store.getChromeSettings().autoDownloadPageContent).not.toBe(true)
    const kept = await keepFetchedPage(store, article)
    expect(kept.contentRefusal).toBeUndefined()
    expect(store.getBookmarkForUrl(URL_OF_PAGE)).toMatchObject({
      _id: kept.bookmarkId,
      title: 'Offline reading',
    })
    expect(await loadSavedArticle(store, { url: URL_OF_PAGE })).toMatchObject({
      status: 'ready',
      article: { title: 'Offline reading' },
    })
    // A second highlight finds the page saved and saves nothing again.
    expect((await keepFetchedPage(store, article)).bookmarkId).toBe(kept.bookmarkId)
    expect(store.getAllPageContents()).toHaveLength(1)
  })

  it('adds the article to a page saved earlier without content', async () => {
    const harness = await openTestStore()
    open.push(harness)
    const { store } = harness
    const earlier = await savePageUrl(store, URL_OF_PAGE)
    expect(await store.getPageContentForUrl(URL_OF_PAGE)).toBeUndefined()
    expect((await keepFetchedPage(store, article)).bookmarkId).toBe(earlier.bookmarkId)
    expect(await loadSavedArticle(store, { url: URL_OF_PAGE })).toMatchObject({ status: 'ready' })
  })
})
