// The web app's reader in Chromium, with no relay and every request beyond the web app refused:
// a bookmark whose page content is saved opens in /reader (the saved page goes through extraction
// and the sanitizer), the live page's highlight shows there by its quote, a highlight made there
// is stored and still there after a reload, the reader settings are remembered, the page detail's
// Reader tab links to it, a highlight's colour and note change and it is deleted from the reader (by
// keyboard), and a page with nothing readable shows the spec's message. axe-core
// finds nothing serious or critical.
import { createBookmark, createMark, createPageContent } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { readabilityFixture, type ReadabilityFixture } from './src/readability-fixtures'
import { highlightsInArticle, selectInArticle } from './src/reader-article-page'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

const COULD_NOT_LOAD = 'Could not load content. Try a different page.'
const MEDIUM_URL = 'https://medium.example.com/@courtney/on-behalf-of-literally'
const MOZILLA_URL = 'https://mozilla.example.org/about'
const NOW = Date.now()
/** A highlight made on the live page: its quote with the page's context (a share bar, a caption). */
const LIVE_QUOTE = 'Words need defenders'
const READER_QUOTE = 'people feel the need to use literally as a sort of verbal crutch'
const KEYBOARD_QUOTE = 'Some things are funny enough to elicit tears'

function readerUrl(server: WebappServer, url: string, pageContent?: string): string {
  const params = new URLSearchParams({ url, ...(pageContent ? { pageContent } : {}) })
  return `${server.url}/reader?${params.toString()}`
}

describe('the web app reader', () => {
  let server: WebappServer
  let browser: Browser
  let page: Page
  let medium: ReadabilityFixture

  beforeAll(async () => {
    medium = await readabilityFixture('medium-2')
    const mozilla = await readabilityFixture('mozilla-2')
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    // Offline but for the web app itself: the article's images and any other request are refused.
    await context.route('**/*', (route) =>
      route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
    )
    page = await context.newPage()
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const bookmark = createBookmark(
      { _id: 'page-medium', url: MEDIUM_URL, title: medium.metadata.title },
      NOW,
    )
    const unreadable = createBookmark(
      { _id: 'page-mozilla', url: MOZILLA_URL, title: 'Mozilla', isStarred: true },
      NOW,
    )
    const liveMark = createMark(
      {
        _id: 'mark-live',
        _bookmark: bookmark._id,
        url: MEDIUM_URL,
        text: LIVE_QUOTE,
        color: '#a7e8c8',
        highlightSource: {
          startMeta: { parentTagName: 'FIGCAPTION', parentIndex: 0, textOffset: 0 },
          endMeta: { parentTagName: 'FIGCAPTION', parentIndex: 0, textOffset: 20 },
          text: LIVE_QUOTE,
          selectors: [
            {
              type: 'TextQuoteSelector',
              exact: LIVE_QUOTE,
              prefix: 'Share on Facebook Share by email',
              suffix: '.On Behalf of “Literally”You eit',
            },
            { type: 'TextPositionSelector', start: 5120, end: 5140 },
          ],
        },
      },
      NOW,
    )
    // Whole pages as saved page content (as another client may store them): read through
    // extraction and the sanitizer like any page.
    const contents = [
      createPageContent(
        { _id: 'pc-medium', url: MEDIUM_URL, title: medium.metadata.title, content: medium.source },
        NOW,
      ),
      createPageContent(
        { _id: 'pc-mozilla', url: MOZILLA_URL, title: 'Mozilla', content: mozilla.source },
        NOW,
      ),
    ]
    const result = await page.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [bookmark, unreadable, liveMark, ...contents],
    )
    expect(result.rejected).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it("opens a saved page offline, with the live page's highlight, and passes axe", async () => {
    await page.goto(readerUrl(server, MEDIUM_URL, 'pc-medium'))
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(medium.metadata.title)
    expect(await page.locator('.reader-meta').textContent()).toContain(medium.metadata.byline)
    await expect.poll(() => highlightsInArticle(page)).toEqual({ 'mark-live': LIVE_QUOTE })
    const article = page.locator('.reader-content')
    // Only Inkmark's own highlights carry a style (their colour).
    expect(
      await article
        .locator('script, iframe, form, style, [onerror], [style]:not([markid])')
        .count(),
    ).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
  })

  it('highlights a selection with the palette and keeps it after a reload', async () => {
    await page.goto(readerUrl(server, MEDIUM_URL, 'pc-medium'))
    await page.locator('.reader-content').waitFor()
    await selectInArticle(page, READER_QUOTE)
    const palette = page.getByRole('toolbar', { name: 'Highlight colours' })
    await palette.waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await palette.getByRole('button', { name: 'Highlight blue' }).click()
    await expect.poll(() => palette.count()).toBe(0)
    await expect
      .poll(async () => Object.values(await highlightsInArticle(page)).sort())
      .toEqual([READER_QUOTE, LIVE_QUOTE].sort())

    await page.reload()
    await expect
      .poll(async () => Object.values(await highlightsInArticle(page)).sort())
      .toEqual([READER_QUOTE, LIVE_QUOTE].sort())
    const color = await page
      .locator('.reader-content [markid]:not([markid="mark-live"])')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor)
    expect(color).toBe('rgb(195, 239, 252)')
    // Alt+S highlights the selection in the default colour, as on a live page.
    await selectInArticle(page, KEYBOARD_QUOTE)
    await page.keyboard.press('Alt+S')
    await expect
      .poll(async () => Object.values(await highlightsInArticle(page)).sort())
      .toEqual([READER_QUOTE, LIVE_QUOTE, KEYBOARD_QUOTE].sort())
    // The highlight is the page's: its notebook lists it.
    await page.goto(`${server.url}/page/page-medium`)
    await expect.poll(() => page.getByText(READER_QUOTE).count()).toBeGreaterThan(0)
  })

  it("changes a highlight's colour and note and deletes it, by keyboard, from the reader", async () => {
    await page.goto(readerUrl(server, MEDIUM_URL, 'pc-medium'))
    await expect
      .poll(async () => Object.values(await highlightsInArticle(page)))
      .toContain(KEYBOARD_QUOTE)
    const id = Object.entries(await highlightsInArticle(page)).find(
      ([, text]) => text === KEYBOARD_QUOTE,
    )![0]
    const first = page.locator(`.reader-content [markid="${id}"]`).first()
    await first.focus()
    await page.keyboard.press('Enter')
    const actions = page.getByRole('toolbar', { name: 'Highlight actions' })
    await actions.waitFor()
    // The palette has the keyboard; the current colour is shown pressed.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Colour yellow')
    expect(
      await actions.getByRole('button', { name: 'Colour yellow' }).getAttribute('aria-pressed'),
    ).toBe('true')
    expect(await seriousAxeViolations(page)).toEqual([])
    await actions.getByRole('button', { name: 'Colour green' }).press('Enter')
    await expect
      .poll(() => first.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(167, 232, 200)')
    // Closing what the keyboard opened gives the focus back to the highlight.
    await expect
      .poll(() => first.evaluate((element) => element === document.activeElement))
      .toBe(true)

    // A note, written from the keyboard, kept as text; Escape leaves it as it was.
    await page.keyboard.press('Enter')
    await actions.getByRole('button', { name: 'Add note' }).press('Enter')
    const noteForm = page.getByRole('form', { name: 'Note on this highlight' })
    const field = noteForm.getByRole('textbox', { name: 'Note' })
    await expect
      .poll(() => field.evaluate((element) => element === document.activeElement))
      .toBe(true)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.keyboard.type('<b>Reread</b> before the exam')
    await page.keyboard.press('Control+Enter')
    await expect.poll(() => noteForm.count()).toBe(0)
    // Repainted with its note (the class), then focused again: the repaint ends with the focus.
    await expect
      .poll(() =>
        first.evaluate((element) => element.classList.contains('webhighlight-with-notes')),
      )
      .toBe(true)
    await expect
      .poll(() => first.evaluate((element) => element === document.activeElement))
      .toBe(true)
    await page.keyboard.press('Enter')
    await actions.getByRole('button', { name: 'Edit note' }).press('Enter')
    expect(await field.inputValue()).toBe('<b>Reread</b> before the exam')
    await field.fill('Changed my mind')
    // A stray click in the article does not lose the note being written.
    await page.locator('.reader-content p').first().click()
    expect(await field.inputValue()).toBe('Changed my mind')
    await field.focus()
    await page.keyboard.press('Escape')
    await expect.poll(() => noteForm.count()).toBe(0)
    await page.goto(`${server.url}/page/page-medium`)
    const noted = page.locator('.mark-item').filter({ hasText: KEYBOARD_QUOTE })
    await expect
      .poll(() => noted.locator('.mark-note').textContent())
      .toBe('Note: <b>Reread</b> before the exam')
    await page.goBack()
    await expect
      .poll(async () => Object.values(await highlightsInArticle(page)))
      .toContain(KEYBOARD_QUOTE)

    await first.click()
    await actions.getByRole('button', { name: 'Delete' }).click()
    await expect
      .poll(async () => Object.values(await highlightsInArticle(page)))
      .not.toContain(KEYBOARD_QUOTE)
    await page.reload()
    await expect
      .poll(async () => Object.values(await highlightsInArticle(page)).sort())
      .toEqual([READER_QUOTE, LIVE_QUOTE].sort())
  })

  it('links the page detail Reader tab to the reader', async () => {
    await page.goto(`${server.url}/page/page-medium`)
    await page.getByRole('tab', { name: 'Reader' }).click()
    await page.getByRole('link', { name: 'Open in reader' }).click()
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(medium.metadata.title)
    expect(new URL(page.url()).searchParams.get('pageContent')).toBe('pc-medium')
  })

  it('lists saved documents with the storage used, reads one offline, and keeps the auto-save switch', async () => {
    await page.goto(`${server.url}/settings?view=documents`)
    await page.getByRole('heading', { name: 'Saved documents (2)' }).waitFor()
    expect(await page.locator('.storage-meter').textContent()).toMatch(/ of .+ used/)
    const autoSave = page.getByRole('checkbox', { name: /Save the article of each page/ })
    expect(await autoSave.isChecked()).toBe(false)
    await autoSave.check()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.reload()
    await expect.poll(() => autoSave.isChecked()).toBe(true)
    await page.getByRole('link', { name: `Read ${medium.metadata.title} offline` }).click()
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(medium.metadata.title)
  })

  it('remembers the reader settings, with the spec defaults first', async () => {
    await page.goto(readerUrl(server, MEDIUM_URL))
    const article = page.locator('article.reader-article')
    await article.waitFor()
    const style = () =>
      article.evaluate((element) => {
        const computed = getComputedStyle(element)
        return {
          fontSize: computed.fontSize,
          maxWidth: computed.maxWidth,
          lineHeight: computed.lineHeight,
        }
      })
    expect(await style()).toEqual({ fontSize: '20px', maxWidth: '700px', lineHeight: '32px' })
    const toggle = page.getByRole('button', { name: 'Reader settings' })
    await toggle.click()
    await page.getByLabel('Font size').fill('24')
    await page.getByRole('radio', { name: 'Sepia' }).check()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await page.reload()
    await article.waitFor()
    await expect.poll(style).toMatchObject({ fontSize: '24px', maxWidth: '700px' })
    expect(await page.locator('.reader').getAttribute('data-color-mode')).toBe('sepia')
    expect(await seriousAxeViolations(page)).toEqual([])
    // Unusable stored values give the defaults.
    await page.evaluate(() => {
      localStorage.setItem('readerFontSize', '0')
      localStorage.setItem('readerColorMode', '"neon"')
    })
    await page.reload()
    await article.waitFor()
    await expect.poll(style).toMatchObject({ fontSize: '20px' })
    expect(await page.locator('.reader').getAttribute('data-color-mode')).toBe('auto')
  })

  it("shows the spec's message when nothing readable is saved", async () => {
    for (const url of [
      readerUrl(server, MOZILLA_URL),
      readerUrl(server, 'https://nowhere.example/'),
    ]) {
      await page.goto(url)
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(COULD_NOT_LOAD)
      expect(await page.locator('.reader-content').count()).toBe(0)
      expect(await seriousAxeViolations(page)).toEqual([])
    }
  })
})
