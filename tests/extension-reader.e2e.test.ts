// Reader mode in the built extension, in Chromium: Alt+R on a loopback copy of one of
// Readability's test pages (with a script, an event handler and a javascript: link slipped into
// its article) opens the reader tab with the article's title and text and none of the page's
// scripts; the page that is not readerable gets the spec's message; the settings change the
// article, are kept after a reload, and fall back to the defaults for unusable stored values;
// axe-core finds nothing. Requests beyond this machine are refused.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { highlighterReady, writtenSite, type WrittenSite } from './src/extension-page'
import { axeViolationsIn, openPopupFor } from './src/extension-sidebar'
import { readabilityFixture, type ReadabilityFixture } from './src/readability-fixtures'
import { pressShortcut } from './src/shortcuts'

const COULD_NOT_LOAD = 'Could not load content. Try a different page.'
const MARKER = 'data-page-script'
const setMarker = (how: string) => `document.documentElement.setAttribute('${MARKER}', '${how}')`

/** medium-2's source with a script in its head and hostile markup in its first paragraph. */
function withHostileMarkup(source: string): string {
  const paragraph = '<p name="1a73" id="1a73" class="graf--p">You either'
  if (!source.includes(paragraph)) {
    throw new Error('medium-2 changed: its first paragraph is not where the test expects it')
  }
  return source
    .replace('<head>', `<head><script>${setMarker('head')}</script>`)
    .replace(
      paragraph,
      `${paragraph.replace('You either', '')}<img src="/missing.png" onerror="${setMarker('onerror')}">` +
        `<script>${setMarker('inline')}</script>You <a href="javascript:${setMarker('link')}">either</a>`,
    )
}

/** Presses Alt+R on `page` and returns the reader tab it opens. */
async function openReader(browser: ExtensionBrowser, page: Page): Promise<Page> {
  const opened = browser.context.waitForEvent('page', (candidate) =>
    candidate.url().includes('/tabs/reader.html?key='),
  )
  await pressShortcut(page, 'Alt+R')
  const reader = await opened
  await reader.waitForLoadState()
  return reader
}

/** The text of `html` (or of the reader's article), without any whitespace. */
function textWithoutSpaces(page: Page, html: string | null): Promise<string> {
  return page.evaluate((markup) => {
    const root =
      markup === null
        ? document.querySelector('.reader-content')
        : new DOMParser().parseFromString(markup, 'text/html').body
    return (root?.textContent ?? '').replace(/\s+/g, '')
  }, html)
}

describe('reader mode', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite
  let medium: ReadabilityFixture

  beforeAll(async () => {
    medium = await readabilityFixture('medium-2')
    const mozilla = await readabilityFixture('mozilla-2')
    site = await writtenSite()
    await site.write('medium.html', withHostileMarkup(medium.source))
    await site.write('mozilla.html', mozilla.source)
    browser = await launchWithExtension()
    await browser.context.route('**/*', (route) => {
      const url = new URL(route.request().url())
      if (url.hostname === '127.0.0.1' || url.protocol === 'chrome-extension:') {
        return route.continue()
      }
      return route.abort()
    })
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('opens the article of the page on Alt+R, sanitized, and passes axe', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('medium.html'))
    expect(await highlighterReady(page)).toBe('ready')
    // The page's own scripts ran there (the last to run wins the marker).
    await expect.poll(() => page.getAttribute('html', MARKER)).toBe('onerror')

    const reader = await openReader(browser, page)
    await expect
      .poll(() => reader.getByRole('heading', { level: 1 }).textContent())
      .toBe(medium.metadata.title)
    expect(await reader.title()).toBe(medium.metadata.title)
    expect(await reader.locator('.reader-meta').textContent()).toContain(medium.metadata.byline)
    expect(await textWithoutSpaces(reader, null)).toBe(
      await textWithoutSpaces(reader, medium.expectedHtml),
    )

    // Nothing of the page's runs here: no marker, no script, no handler, no javascript: link.
    await reader.waitForTimeout(300)
    expect(await reader.getAttribute('html', MARKER)).toBeNull()
    const article = reader.locator('.reader-content')
    expect(await article.locator('script, iframe, form, style').count()).toBe(0)
    expect(await article.locator('[onerror], [style], [href^="javascript:"]').count()).toBe(0)
    // Readability turns the javascript: link into its text.
    expect(await article.locator('a', { hasText: 'either' }).count()).toBe(0)
    expect(
      await article
        .locator('a[href]')
        .evaluateAll((links) =>
          links.every((a) => a.getAttribute('rel') === 'noopener noreferrer'),
        ),
    ).toBe(true)

    expect(await axeViolationsIn(reader)).toEqual([])
    await reader.getByRole('button', { name: 'Reader settings' }).click()
    expect(await axeViolationsIn(reader)).toEqual([])
    await reader.close()
    await page.close()
  })

  it("opens the page in the reader from the popup's button", async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('medium.html'))
    expect(await highlighterReady(page)).toBe('ready')
    const popup = await openPopupFor(browser, page)
    const opened = browser.context.waitForEvent('page', (candidate) =>
      candidate.url().includes('/tabs/reader.html?key='),
    )
    await popup.getByRole('button', { name: 'Open in reader' }).click()
    const reader = await opened
    await expect
      .poll(() => reader.getByRole('heading', { level: 1 }).textContent())
      .toBe(medium.metadata.title)
    await reader.close()
    await page.close()
  })

  it("shows the spec's message for a page that is not readerable", async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('mozilla.html'))
    await highlighterReady(page)
    const reader = await openReader(browser, page)
    await expect
      .poll(() => reader.getByRole('heading', { level: 1 }).textContent())
      .toBe(COULD_NOT_LOAD)
    expect(await reader.locator('.reader-content').count()).toBe(0)
    expect(await axeViolationsIn(reader)).toEqual([])
    await reader.close()
    await page.close()
  })

  it('changes the settings by keyboard, keeps them after a reload, and falls back on bad values', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('medium.html'))
    await highlighterReady(page)
    const reader = await openReader(browser, page)
    const article = reader.locator('article.reader-article')
    await article.waitFor()
    const style = () =>
      article.evaluate((element) => {
        const computed = getComputedStyle(element)
        return { fontSize: computed.fontSize, maxWidth: computed.maxWidth }
      })
    expect(await style()).toEqual({ fontSize: '20px', maxWidth: '700px' })
    expect(await reader.getAttribute('html', 'data-color-mode')).toBe('auto')

    const toggle = reader.getByRole('button', { name: 'Reader settings' })
    await toggle.focus()
    await reader.keyboard.press('Enter')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const fontSize = reader.getByLabel('Font size')
    await fontSize.focus()
    for (let step = 0; step < 4; step++) {
      await reader.keyboard.press('ArrowRight')
    }
    // Quick presses each count (the settings follow storage events in order, not re-reads).
    await expect.poll(() => fontSize.inputValue()).toBe('24')
    await reader.getByLabel('Layout width').fill('900')
    await reader.getByRole('radio', { name: 'Sepia' }).focus()
    await reader.keyboard.press('Space')
    await expect.poll(style).toEqual({ fontSize: '24px', maxWidth: '900px' })
    expect(await reader.getAttribute('html', 'data-color-mode')).toBe('sepia')
    expect(await axeViolationsIn(reader)).toEqual([])
    await reader.keyboard.press('Escape')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await expect
      .poll(() => reader.evaluate(() => document.activeElement?.textContent))
      .toBe('Reader settings')

    await reader.reload()
    await article.waitFor()
    await expect.poll(style).toEqual({ fontSize: '24px', maxWidth: '900px' })
    expect(await reader.getAttribute('html', 'data-color-mode')).toBe('sepia')
    expect(await reader.getByRole('heading', { level: 1 }).textContent()).toBe(
      medium.metadata.title,
    )

    // Zero and non-numeric stored values give the spec's defaults.
    await reader.evaluate(() =>
      (
        globalThis as unknown as {
          chrome: { storage: { local: { set(items: object): Promise<void> } } }
        }
      ).chrome.storage.local.set({ readerFontSize: 0, readerLayoutWidth: 'wide' }),
    )
    await reader.reload()
    await article.waitFor()
    await expect.poll(style).toEqual({ fontSize: '20px', maxWidth: '700px' })
    await reader.close()
    await page.close()
  })
})
