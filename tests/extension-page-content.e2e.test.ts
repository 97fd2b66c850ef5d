// Saving a live page's article as its page content (autoDownloadPageContent), in the built
// extension in Chromium: with the setting off a highlight stores no page content; with it on a
// highlight (Alt+S) or a save (Alt+B) on the live page stores the page's article, parsed in the
// background's offscreen document, in the saved-article format, readable as an article; over the
// storage quota nothing is stored and the page shows the store's reason as a toast. Pages are
// loopback copies of Readability's medium-2 test page; requests beyond this machine are refused.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { axeViolationsIn, openPopupFor } from './src/extension-sidebar'
import { readabilityFixture, type ReadabilityFixture } from './src/readability-fixtures'
import { pressShortcut } from './src/shortcuts'

interface StoredContent {
  url: string
  title?: string
  content: string
  length: number
  wasUpdatedWithLatestContentFromAppType?: string
}

/** The page content stored for `url`, if any. */
function storedContent(browser: ExtensionBrowser, url: string) {
  return storeCall<StoredContent | undefined>(browser, 'getPageContentForUrl', url)
}

/** Opens `url` and waits for the highlighter. */
async function openPage(browser: ExtensionBrowser, url: string): Promise<Page> {
  const page = await browser.context.newPage()
  await page.goto(url)
  expect(await highlighterReady(page)).toBe('ready')
  return page
}

/** Highlights the first 27 characters of the paragraph 104a with Alt+S; the highlighted text. */
async function highlightOn(page: Page): Promise<string> {
  const quote = await selectText(page, '[id="104a"]', 0, 27)
  await pressShortcut(page, 'Alt+S')
  await expect.poll(async () => (await paintedHighlights(page)).map((h) => h.text)).toEqual([quote])
  return quote
}

/** The saved document read as the reader reads it, in the browser: its article's text and meta. */
function readSaved(page: Page, html: string) {
  return page.evaluate((saved) => {
    const document = new DOMParser().parseFromString(saved, 'text/html')
    const meta = (name: string) =>
      document
        .querySelector(`meta[name="${name}"], meta[property="${name}"]`)
        ?.getAttribute('content')
    return {
      generator: meta('generator'),
      title: meta('og:title'),
      text: document.querySelector('body > article')?.textContent ?? '',
      scripts: document.querySelectorAll('script').length,
      highlights: document.querySelectorAll('.inkmark-highlight').length,
    }
  }, html)
}

/** Chromium with the built extension, on a profile of its own, reaching this machine only. */
async function launch(): Promise<ExtensionBrowser> {
  const browser = await launchWithExtension()
  await browser.context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    return url.hostname === '127.0.0.1' || url.protocol === 'chrome-extension:'
      ? route.continue()
      : route.abort()
  })
  await storeCall(browser, 'updateChromeSettings', { showToolboxAutomatically: false })
  return browser
}

describe('page content saved from the live page', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite
  let medium: ReadabilityFixture

  beforeAll(async () => {
    medium = await readabilityFixture('medium-2')
    site = await writtenSite()
    for (const name of ['off.html', 'on.html', 'saved.html', 'popup.html']) {
      await site.write(name, medium.source)
    }
    browser = await launch()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('stores the article of a highlighted page only with autoDownloadPageContent on', async () => {
    await storeCall(browser, 'updateChromeSettings', { autoDownloadPageContent: false })
    const off = await openPage(browser, site.url('off.html'))
    await highlightOn(off)

    await storeCall(browser, 'updateChromeSettings', { autoDownloadPageContent: true })
    const on = await openPage(browser, site.url('on.html'))
    const quote = await highlightOn(on)
    await expect
      .poll(async () => (await storedContent(browser, site.url('on.html')))?.title)
      .toBe(medium.metadata.title)
    const stored = (await storedContent(browser, site.url('on.html')))!
    expect(stored.length).toBe(stored.content.length)
    expect(stored.wasUpdatedWithLatestContentFromAppType).toBe('EXTENSION')
    const read = await readSaved(on, stored.content)
    expect(read.generator).toBe('inkmark-saved-article')
    expect(read.title).toBe(medium.metadata.title)
    expect(read.text).toContain(quote)
    expect(read.text).toContain('So you should only use literally when you mean it')
    expect(read.scripts).toBe(0)
    // Inkmark's own highlight wrappers stay out of the saved article.
    expect(read.highlights).toBe(0)

    // The page highlighted with the setting off was offered before the other one, and not stored.
    expect(await storedContent(browser, site.url('off.html'))).toBeUndefined()
    await off.close()
    await on.close()
  })

  it('stores the article of a page saved with Alt+B', async () => {
    await storeCall(browser, 'updateChromeSettings', { autoDownloadPageContent: true })
    const page = await openPage(browser, site.url('saved.html'))
    await page.locator('body').click({ position: { x: 1, y: 1 } })
    await pressShortcut(page, 'Alt+B')
    await expect
      .poll(async () => (await storedContent(browser, site.url('saved.html')))?.title)
      .toBe(medium.metadata.title)
    const bookmark = await storeCall<{ isStarred: boolean }>(
      browser,
      'getBookmarkForUrl',
      site.url('saved.html'),
    )
    expect(bookmark.isStarred).toBe(true)
    await page.close()
  })

  it('stores the article of a page saved from the popup', async () => {
    await storeCall(browser, 'updateChromeSettings', { autoDownloadPageContent: true })
    const page = await openPage(browser, site.url('popup.html'))
    const popup = await openPopupFor(browser, page)
    const save = popup.getByRole('button', { name: 'Save page' })
    await save.waitFor()
    expect(await axeViolationsIn(popup)).toEqual([])
    await save.click()
    await expect
      .poll(async () => (await storedContent(browser, site.url('popup.html')))?.title)
      .toBe(medium.metadata.title)
    await popup.close()
    await page.close()
  })
})

describe('page content over the storage quota', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('full.html', (await readabilityFixture('medium-2')).source)
    // A profile of its own, so that only the filler below counts against the quota.
    browser = await launch()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('stores nothing over the storage quota and says why on the page', async () => {
    await storeCall(browser, 'updateChromeSettings', { autoDownloadPageContent: true })
    // Another page's content fills the Free plan's 10 MB but for 1,000 bytes.
    const filler = await storeCall<{ rejected: unknown[] }>(browser, 'createOrUpdateEntities', [
      {
        _objectStore: 'pagecontents',
        _id: 'filler-content',
        url: 'https://filler.example.org/big',
        content: 'x'.repeat(9_999_000),
        createdAt: Date.now(),
      },
    ])
    expect(filler.rejected).toEqual([])
    const page = await openPage(browser, site.url('full.html'))
    await highlightOn(page)
    // The toast is announced (a status region) and names the reason.
    const toast = { selector: '[role="status"] [data-inkmark-toast]', hasText: 'Storage full.' }
    expect(await inkmarkUi(page).text(toast)).toMatch(/^Storage full\./)
    expect(await storedContent(browser, site.url('full.html'))).toBeUndefined()
    // The highlight itself is kept.
    const bookmark = await storeCall<{ _id: string }>(
      browser,
      'getBookmarkForUrl',
      site.url('full.html'),
    )
    const marks = await storeCall<unknown[]>(browser, 'getMarksForBookmark', bookmark._id)
    expect(marks).toHaveLength(1)
    await page.close()
  })
})
