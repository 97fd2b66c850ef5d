// The highlighter in the built extension, in Chromium: highlighting by the marker popup and by
// Alt+S, notes and tags in the toolbox (a note that looks like HTML stays text), highlights placed
// again after a reload and after the page's text changed, the highlight whose text is gone
// reported, the bookmark going with the last highlight of an unsaved page, a blacklisted site, and
// the toolbox and marker popup checked with axe-core, and a single-page app's pushState followed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedRootAxeViolations } from './src/axe'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { axeViolationsIn } from './src/extension-sidebar'
import { openedToolbox, toolboxFrame } from './src/extension-toolbox'
import {
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
  FIRST,
  SECOND,
  THIRD,
  article,
  closeNewHighlightToolbox,
} from './src/extension-page'
import { pressShortcut } from './src/shortcuts'

describe('highlighting a page with the extension', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('article.html', article([FIRST, SECOND, THIRD]))
    await site.write('other.html', article(['Another page with one sentence to keep.']))
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('highlights by the marker popup and by Alt+S, and finds both again after a reload', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    expect(await highlighterReady(page)).toBe('ready')

    const chosen = await selectText(page, '#p1', 0, 10)
    await inkmarkUi(page).click('[data-inkmark-marker-popup] button[aria-label="Highlight green"]')
    await expect.poll(() => paintedHighlights(page)).toHaveLength(1)
    expect((await paintedHighlights(page))[0]!.text).toBe(chosen)
    // The new highlight's toolbox opened by itself, its note focused; Escape closes it.
    await closeNewHighlightToolbox(page)

    await selectText(page, '#p2', 2, 8)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)

    await page.reload()
    await highlighterReady(page)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((highlight) => highlight.text))
      .toEqual([FIRST.slice(0, 10), SECOND.slice(2, 8)])
    await inkmarkUi(page).waitFor({
      selector: '[data-inkmark-toast]',
      hasText: '2 highlights applied',
    })
    const bookmarks = await storeCall<{ title: string }[]>(browser, 'getAllBookmarks')
    expect(bookmarks.map((bookmark) => bookmark.title)).toEqual(['Reading list'])
    await page.close()
  })

  it('keeps a note that looks like HTML as text, adds a tag, and passes axe', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    await highlighterReady(page)
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)

    await page.locator('.inkmark-highlight[markid]').first().click()
    // The toolbox is an extension frame next to the highlight (ADR 033).
    const toolbox = await openedToolbox(page)
    const note = '<img src=x onerror="document.title=\'pwned\'">'
    await toolbox.getByRole('textbox', { name: 'Note' }).fill(note)
    await toolbox.getByRole('button', { name: 'Save note' }).click()
    await toolbox.getByRole('combobox', { name: 'Add tag' }).fill('reading')
    await toolbox.getByRole('combobox', { name: 'Add tag' }).press('Enter')
    await expect.poll(() => toolbox.getByRole('listitem').allTextContents()).toEqual(['reading×'])
    expect(await closedRootAxeViolations(inkmarkUi(page))).toEqual([])
    expect(await axeViolationsIn(toolboxFrame(page)!)).toEqual([])

    await page.keyboard.press('Escape')
    await page.reload()
    await highlighterReady(page)
    await expect
      .poll(async () => (await paintedHighlights(page))[0]?.classes ?? '')
      .toContain('webhighlight-with-notes')
    expect((await paintedHighlights(page))[0]!.classes).toContain('webhighlight-with-tags')
    await page.locator('.inkmark-highlight[markid]').first().focus()
    await page.keyboard.press('Enter')
    // The reloaded page has a toolbox frame of its own.
    const reopened = await openedToolbox(page)
    await expect.poll(() => reopened.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(note)
    expect(await toolboxFrame(page)!.locator('img').count()).toBe(0)
    expect(await inkmarkUi(page).count('img')).toBe(0)
    expect(await page.title()).toBe('Reading list')
    await page.close()
  })

  it('places highlights again after the text changed, and reports one whose text is gone', async () => {
    await site.write('changing.html', article([FIRST, SECOND, THIRD]))
    const page = await browser.context.newPage()
    await page.goto(site.url('changing.html'))
    await highlighterReady(page)
    const ranges = [
      ['#p1', 0, 10],
      ['#p2', 2, 8],
      ['#p3', 0, 60],
    ] as const
    for (const [made, [paragraph, start, end]] of ranges.entries()) {
      await selectText(page, paragraph, start, end)
      await pressShortcut(page, 'Alt+S')
      await expect.poll(async () => (await paintedHighlights(page)).length).toBe(made + 1)
      await closeNewHighlightToolbox(page)
    }
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(3)

    // Text added before the first, the second paragraph gone, a word changed inside the third.
    const edited = THIRD.replace('sync between', 'syncing between')
    await site.write('changing.html', article([`Intro added above. ${FIRST}`, edited]))
    await page.reload()
    await highlighterReady(page)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((highlight) => highlight.text))
      .toEqual([FIRST.slice(0, 10), edited.slice(0, 63)])
    await inkmarkUi(page).waitFor({
      selector: '[data-inkmark-toast]',
      hasText: '1 highlight not applied - find in sidebar or try again.',
    })
    await page.close()
  })

  it('places a highlight in content that arrives late, as on a single-page app', async () => {
    const late = 'This paragraph is rendered by the app a moment after the page loaded.'
    await site.write('spa.html', article([FIRST, late]))
    const page = await browser.context.newPage()
    await page.goto(site.url('spa.html'))
    await highlighterReady(page)
    await selectText(page, '#p2', 5, 24)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)

    // The same page, but the paragraph comes from a script 800 ms after load.
    await site.write(
      'spa.html',
      article([FIRST]).replace(
        '</main>',
        `</main><script>setTimeout(() => { const p = document.createElement('p'); p.id = 'p2'; p.textContent = ${JSON.stringify(late)}; document.querySelector('main').append(p) }, 800)</script>`,
      ),
    )
    await page.reload()
    await highlighterReady(page)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((highlight) => highlight.text), {
        timeout: 10_000,
      })
      .toEqual([late.slice(5, 24)])
    await page.close()
  })

  it('follows a single-page app to its next address (pushState) and back', async () => {
    // Two views of one app with the same first paragraph: only the address tells them apart.
    const second = 'The second view of the app has a sentence of its own to highlight.'
    await site.write(
      'app.html',
      article([FIRST, second]).replace(
        '</main>',
        `</main><script>window.goTo = (path) => history.pushState({}, '', path)</script>`,
      ),
    )
    const page = await browser.context.newPage()
    await page.goto(site.url('app.html'))
    await highlighterReady(page)
    await selectText(page, '#p1', 0, 12)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    await closeNewHighlightToolbox(page)

    await page.evaluate(() => {
      ;(window as unknown as { goTo: (path: string) => void }).goTo('app.html?view=second&page=2')
    })
    // The first view's highlight is not the second view's, though its text is still there.
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(0)
    await selectText(page, '#p2', 4, 18)
    await pressShortcut(page, 'Alt+S')
    await expect
      .poll(async () => (await paintedHighlights(page)).map((highlight) => highlight.text))
      .toEqual([second.slice(4, 18)])
    const urls = (await storeCall<{ url: string }[]>(browser, 'getAllBookmarks')).map(
      (bookmark) => bookmark.url,
    )
    expect(urls).toContain(site.url('app.html?view=second&page=2'))
    expect(urls).toContain(site.url('app.html'))

    // Back to the first address: its highlight again, and not the second view's.
    await page.evaluate(() => history.back())
    await expect
      .poll(async () => (await paintedHighlights(page)).map((highlight) => highlight.text))
      .toEqual([FIRST.slice(0, 12)])
    await page.close()
  })

  it('deletes the bookmark with the last highlight of a page that was not saved', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('other.html'))
    await highlighterReady(page)
    await selectText(page, '#p1', 0, 7)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    const before = await storeCall<{ url: string }[]>(browser, 'getAllBookmarks')
    expect(before.map((bookmark) => bookmark.url)).toContain(site.url('other.html'))

    await page.locator('.inkmark-highlight[markid]').click()
    await (await openedToolbox(page)).getByRole('button', { name: 'Delete' }).click()
    await inkmarkUi(page).waitFor({
      selector: '[data-inkmark-toast]',
      hasText: 'Removed from your library',
    })
    expect(await paintedHighlights(page)).toEqual([])
    const titles = (await storeCall<{ url: string }[]>(browser, 'getAllBookmarks')).map(
      (bookmark) => bookmark.url,
    )
    expect(titles).not.toContain(site.url('other.html'))
    expect(titles).toHaveLength(before.length - 1)
    await page.close()
  })

  it('saves a page with Alt+B, and does nothing on a blacklisted site', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('other.html'))
    await highlighterReady(page)
    await pressShortcut(page, 'Alt+B')
    await inkmarkUi(page).waitFor({
      selector: '[data-inkmark-toast]',
      hasText: 'Saved to your library 🔖',
    })
    const saved = await storeCall<{ isStarred: boolean } | undefined>(
      browser,
      'getBookmarkForUrl',
      site.url('other.html'),
    )
    expect(saved?.isStarred).toBe(true)

    await storeCall(browser, 'updateChromeSettings', { blacklistedUrls: ['127.0.0.1'] })
    await page.reload()
    expect(await highlighterReady(page)).toBe('blacklisted')
    await selectText(page, '#p1', 0, 7)
    await pressShortcut(page, 'Alt+S')
    expect(await inkmarkUi(page).count('[data-inkmark-marker-popup]')).toBe(0)
    expect(await paintedHighlights(page)).toEqual([])
    await storeCall(browser, 'updateChromeSettings', { blacklistedUrls: [] })
    await page.close()
  })
})
