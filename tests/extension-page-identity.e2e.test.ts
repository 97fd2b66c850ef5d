// Two forum threads that differ only by their `?id=` are two pages (ADR 069): a highlight made on
// one is not looked for on the other, even where the other shows the same words (both threads
// quote the same text here, so the spec's rule would have painted thread 1's highlight on thread
// 2), while the same thread reached through a tracking link (`utm_source`, `fbclid`) finds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  FIRST,
  SECOND,
  article,
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { pressShortcut } from './src/shortcuts'

/** Highlights characters [start, end) of `selector` with Alt+S and waits for it to be painted. */
async function highlight(page: Page, selector: string, start: number, end: number) {
  const before = (await paintedHighlights(page)).length
  await selectText(page, selector, start, end)
  await pressShortcut(page, 'Alt+S')
  await expect.poll(async () => (await paintedHighlights(page)).length).toBe(before + 1)
}

/** Opens `url` and waits until its saved highlights were placed (the "N applied" toast). */
async function openWithHighlights(browser: ExtensionBrowser, url: string, count: number) {
  const page = await browser.context.newPage()
  await page.goto(url)
  await highlighterReady(page)
  await inkmarkUi(page).waitFor({
    selector: '[data-inkmark-toast]',
    hasText: `${count} highlight${count === 1 ? '' : 's'} applied`,
  })
  return page
}

describe('page identity on the live page', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    // One file for every `item.html?id=...`: the two threads show the same words.
    await site.write('item.html', article([FIRST, SECOND]))
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('keeps item?id=1 and item?id=2 apart, and finds a thread again through a tracking link', async () => {
    const thread1 = await browser.context.newPage()
    await thread1.goto(site.url('item.html?id=1'))
    await highlighterReady(thread1)
    await highlight(thread1, '#p1', 0, 10)
    await thread1.close()

    const thread2 = await browser.context.newPage()
    await thread2.goto(site.url('item.html?id=2'))
    await highlighterReady(thread2)
    await highlight(thread2, '#p2', 2, 8)
    expect((await paintedHighlights(thread2)).map((painted) => painted.text)).toEqual([
      SECOND.slice(2, 8),
    ])
    await thread2.close()

    // Each thread, opened again, places its own highlight only, though both have both texts.
    const again2 = await openWithHighlights(browser, site.url('item.html?id=2'), 1)
    expect((await paintedHighlights(again2)).map((painted) => painted.text)).toEqual([
      SECOND.slice(2, 8),
    ])
    await again2.close()
    const tracked1 = await openWithHighlights(
      browser,
      site.url('item.html?utm_source=newsletter&id=1&fbclid=abc'),
      1,
    )
    expect((await paintedHighlights(tracked1)).map((painted) => painted.text)).toEqual([
      FIRST.slice(0, 10),
    ])
    await tracked1.close()

    const bookmarks = await storeCall<{ url: string }[]>(browser, 'getAllBookmarks')
    expect(bookmarks.map((bookmark) => new URL(bookmark.url).search).sort()).toEqual([
      '?id=1',
      '?id=2',
    ])
  })
})
