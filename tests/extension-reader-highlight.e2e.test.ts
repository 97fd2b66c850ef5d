// One highlight, two surfaces, in the built extension in Chromium: a highlight made on a live page
// (a loopback copy of Readability's medium-2 test page) shows in the reader tab Alt+R opens, and
// one made in the reader with its palette shows on the live page at once and after a reload (the
// live page finds it by its quote). With autoDownloadPageContent on, opening the reader saves the
// page's article as its page content; over the storage quota nothing is saved and the reader says
// why.
// axe-core finds nothing in the reader with its highlights and palette. Requests beyond this
// machine are refused.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { axeViolationsIn } from './src/extension-sidebar'
import { readabilityFixture, type ReadabilityFixture } from './src/readability-fixtures'
import { highlightsInArticle, selectInArticle } from './src/reader-article-page'
import { pressShortcut } from './src/shortcuts'

/** Opens the reader for `page` with Alt+R and returns its tab once the article shows. */
async function openReader(browser: ExtensionBrowser, page: Page): Promise<Page> {
  const opened = browser.context.waitForEvent('page', (candidate) =>
    candidate.url().includes('/tabs/reader.html?key='),
  )
  await pressShortcut(page, 'Alt+R')
  const reader = await opened
  await reader.locator('.reader-content').waitFor()
  return reader
}

/** The painted highlights of the reader's article: their texts, sorted. */
function sortedHighlights(reader: Page): Promise<string[]> {
  return highlightsInArticle(reader).then((texts) => Object.values(texts).sort())
}

const READER_QUOTE = 'So you should only use literally when you mean it'
const KEYBOARD_QUOTE = 'Some things are funny enough to elicit tears'

describe('highlights in the reader and on the live page', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite
  let medium: ReadabilityFixture

  beforeAll(async () => {
    medium = await readabilityFixture('medium-2')
    site = await writtenSite()
    await site.write('medium.html', medium.source)
    await site.write('medium-copy.html', medium.source)
    browser = await launchWithExtension()
    await browser.context.route('**/*', (route) => {
      const url = new URL(route.request().url())
      return url.hostname === '127.0.0.1' || url.protocol === 'chrome-extension:'
        ? route.continue()
        : route.abort()
    })
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('shows a live highlight in the reader and a reader highlight on the live page', async () => {
    await storeCall(browser, 'updateChromeSettings', {
      autoDownloadPageContent: true,
      showToolboxAutomatically: false,
    })
    const page = await browser.context.newPage()
    await page.goto(site.url('medium.html'))
    expect(await highlighterReady(page)).toBe('ready')
    const live = await selectText(page, '[id="104a"]', 0, 27)
    await pressShortcut(page, 'Alt+S')
    await expect
      .poll(async () => (await paintedHighlights(page)).map((h) => h.text))
      .toEqual([live])

    const reader = await openReader(browser, page)
    await expect.poll(() => sortedHighlights(reader)).toEqual([live])
    // Opening the reader saved the article as the page's content (the setting is on).
    await expect
      .poll(() =>
        storeCall<{ title?: string; content?: string } | undefined>(
          browser,
          'getPageContentForUrl',
          site.url('medium.html'),
        ),
      )
      .toMatchObject({ title: medium.metadata.title })
    const saved = await storeCall<{ content: string; length: number }>(
      browser,
      'getPageContentForUrl',
      site.url('medium.html'),
    )
    expect(saved.content).toContain('inkmark-saved-article')
    expect(saved.content).not.toMatch(/<script/i)
    expect(saved.length).toBe(saved.content.length)

    await selectInArticle(reader, READER_QUOTE)
    const palette = reader.getByRole('toolbar', { name: 'Highlight colours' })
    await palette.waitFor()
    expect(await axeViolationsIn(reader)).toEqual([])
    await palette.getByRole('button', { name: 'Highlight blue' }).click()
    await expect.poll(() => sortedHighlights(reader)).toEqual([READER_QUOTE, live].sort())
    expect(await axeViolationsIn(reader)).toEqual([])

    // The mark keeps the reader's anchors, and the live page shows it by its quote.
    const bookmark = await storeCall<{ _id: string }>(
      browser,
      'getBookmarkForUrl',
      site.url('medium.html'),
    )
    const marks = await storeCall<
      { text: string; highlightSource?: unknown; highlightSourceReader?: unknown }[]
    >(browser, 'getMarksForBookmark', bookmark._id)
    const fromReader = marks.find((mark) => mark.text === READER_QUOTE)!
    expect(fromReader.highlightSourceReader).toBeDefined()
    expect(fromReader.highlightSource).toBeUndefined()
    await expect
      .poll(async () => (await paintedHighlights(page)).map((h) => h.text).sort())
      .toEqual([READER_QUOTE, live].sort())
    await page.reload()
    await highlighterReady(page)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((h) => h.text).sort())
      .toEqual([READER_QUOTE, live].sort())

    // A new reader tab finds both as well.
    await reader.close()
    const again = await openReader(browser, page)
    await expect.poll(() => sortedHighlights(again)).toEqual([READER_QUOTE, live].sort())
    // Alt+S highlights the reader's selection in the default colour, as on a live page.
    await selectInArticle(again, KEYBOARD_QUOTE)
    await pressShortcut(again, 'Alt+S')
    const all = [READER_QUOTE, KEYBOARD_QUOTE, live].sort()
    await expect.poll(() => sortedHighlights(again)).toEqual(all)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((h) => h.text).sort())
      .toEqual(all)

    const keyboardMark = (
      await storeCall<{ _id: string; text: string }[]>(browser, 'getMarksForBookmark', bookmark._id)
    ).find((mark) => mark.text === KEYBOARD_QUOTE)!
    const keyboardHighlight = again.locator(`.reader-content [markid="${keyboardMark._id}"]`)
    const actions = again.getByRole('toolbar', { name: 'Highlight actions' })
    // Its actions open on a click. A note written in the reader is the library's: the live page shows the highlight has one.
    await keyboardHighlight.first().click()
    await actions.getByRole('button', { name: 'Add note' }).click()
    const noteForm = again.getByRole('form', { name: 'Note on this highlight' })
    await noteForm.getByRole('textbox', { name: 'Note' }).fill('Compare with chapter two')
    await noteForm.getByRole('button', { name: 'Save note' }).click()
    await expect
      .poll(
        async () =>
          (
            await storeCall<{ _id: string; notes?: string }[]>(
              browser,
              'getMarksForBookmark',
              bookmark._id,
            )
          ).find((mark) => mark._id === keyboardMark._id)?.notes,
      )
      .toBe('Compare with chapter two')
    await expect
      .poll(() =>
        page
          .locator(`[markid="${keyboardMark._id}"]`)
          .first()
          .evaluate((element) => element.classList.contains('webhighlight-with-notes')),
      )
      .toBe(true)

    // Deleted from the reader, gone from the live page too.
    await keyboardHighlight.first().click()
    await actions.getByRole('button', { name: 'Delete' }).click()
    const left = [READER_QUOTE, live].sort()
    await expect.poll(() => sortedHighlights(again)).toEqual(left)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((h) => h.text).sort())
      .toEqual(left)
    await again.close()
    await page.close()
  })

  it('does not save page content over the storage quota and says why', async () => {
    // Another page's content nearly fills the Free plan's 10 MB.
    const filler = await storeCall<{ rejected: { reason: string; message?: string }[] }>(
      browser,
      'createOrUpdateEntities',
      [
        {
          _objectStore: 'pagecontents',
          _id: 'filler-content',
          url: 'https://filler.example.org/big',
          content: 'x'.repeat(9_990_000),
          createdAt: Date.now(),
        },
      ],
    )
    expect(filler.rejected.map(({ reason, message }) => `${reason}: ${message}`)).toEqual([])
    const page = await browser.context.newPage()
    await page.goto(site.url('medium-copy.html'))
    await highlighterReady(page)
    const reader = await openReader(browser, page)
    const alert = reader.getByRole('alert')
    await expect.poll(() => alert.textContent()).toMatch(/^Storage full\./)
    expect(await axeViolationsIn(reader)).toEqual([])
    await reader.close()
    expect(
      await storeCall(browser, 'getPageContentForUrl', site.url('medium-copy.html')),
    ).toBeUndefined()
    await page.close()
  })
})
