// The extension in Debian's Firefox ESR, driven over WebDriver BiDi with real input (trusted mouse
// and key events): text selected by dragging the mouse is highlighted by a click on the marker
// popup and by Alt+S, which Firefox's menu bar would take for History (ADR 082), both are placed
// again after a reload; Alt+W opens the sidebar, which lists them; Alt+R opens the page in the
// reader; a PDF opens in the extension's viewer instead of Firefox's own, renders, and its text is
// highlighted by the marker popup.
import { fixturesDir } from '@inkmark/shared/fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FIREFOX_EXTENSION_DIR,
  launchFirefoxWithExtension,
  type FirefoxBrowser,
} from './src/firefox-bidi'
import {
  closeNewHighlightToolbox,
  extensionCall,
  frameAtPath,
  highlighterReady,
  inkmarkUi,
  paintedHighlights,
  pressShortcut,
  selectByMouse,
  topContexts,
} from './src/firefox-page'
import { FIRST, SECOND, THIRD, article, writtenSite, type WrittenSite } from './src/extension-page'
import { readabilityFixture } from './src/readability-fixtures'
import { startStaticServer, type StaticServer } from './src/static-server'

const GREEN = '[data-inkmark-marker-popup] button[aria-label="Highlight green"]'

interface StoredMark {
  url: string
  text: string
}

describe('the extension in Firefox ESR', () => {
  let firefox: FirefoxBrowser
  let site: WrittenSite
  let pdfs: StaticServer

  beforeAll(async () => {
    site = await writtenSite()
    pdfs = await startStaticServer(`${fixturesDir('pdf')}/pdf`)
    firefox = await launchFirefoxWithExtension(FIREFOX_EXTENSION_DIR)
  })

  afterAll(async () => {
    await firefox?.close()
    await pdfs?.close()
    await site?.close()
  })

  /** The stored highlights of the page at `url`, by text. */
  async function storedTexts(url: string): Promise<string[]> {
    const marks = await extensionCall<StoredMark[]>(firefox, 'inkmark:store', 'getAllMarks')
    return marks
      .filter((mark) => mark.url === url)
      .map((mark) => mark.text)
      .sort()
  }

  it('highlights by the marker popup and by Alt+S, and places both again after a reload', async () => {
    await site.write('popup.html', article([FIRST, SECOND, THIRD]))
    const tab = await firefox.open(site.url('popup.html'))
    expect(await highlighterReady(firefox, tab)).toBe('ready')

    const chosen = await selectByMouse(firefox, tab, '#p1', 0, 10)
    expect(chosen).toBe(FIRST.slice(0, 10))
    await inkmarkUi(firefox, tab).click(GREEN)
    await expect.poll(() => paintedHighlights(firefox, tab)).toHaveLength(1)
    expect((await paintedHighlights(firefox, tab))[0]!.text).toBe(chosen)
    // The new highlight's toolbox opened by itself; Escape in the page closes it.
    await closeNewHighlightToolbox(firefox, tab)

    expect(await selectByMouse(firefox, tab, '#p2', 2, 8)).toBe(SECOND.slice(2, 8))
    await pressShortcut(firefox, tab, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(firefox, tab)).length).toBe(2)
    // The key highlighted once, and Firefox's History menu (access key "s") stayed shut.
    expect(
      await firefox.browserScript<boolean>("return document.getElementById('history-menu').open"),
    ).toBe(false)

    await firefox.send('browsingContext.reload', { context: tab, wait: 'complete' })
    await highlighterReady(firefox, tab)
    await expect
      .poll(async () => (await paintedHighlights(firefox, tab)).map((highlight) => highlight.text))
      .toEqual([FIRST.slice(0, 10), SECOND.slice(2, 8)])
    expect(await storedTexts(site.url('popup.html'))).toEqual(
      [FIRST.slice(0, 10), SECOND.slice(2, 8)].sort(),
    )
    await inkmarkUi(firefox, tab).waitFor({
      selector: '[data-inkmark-toast]',
      hasText: '2 highlights applied',
    })
  })

  it('opens the sidebar with Alt+W, listing the highlights of the page', async () => {
    await site.write('sidebar.html', article([FIRST, SECOND, THIRD]))
    const tab = await firefox.open(site.url('sidebar.html'))
    await highlighterReady(firefox, tab)
    await selectByMouse(firefox, tab, '#p3', 4, 15)
    await inkmarkUi(firefox, tab).click(GREEN)
    await expect.poll(async () => (await paintedHighlights(firefox, tab)).length).toBe(1)
    await closeNewHighlightToolbox(firefox, tab)

    await pressShortcut(firefox, tab, 'Alt+W')
    // The sidebar is an extension frame (moz-extension://) in Inkmark's closed root.
    const sidebar = await frameAtPath(firefox, tab, '/tabs/sidebar.html')
    await expect
      .poll(() =>
        firefox.evaluate<string[]>(
          sidebar,
          `[...document.querySelectorAll('ul[aria-label="Highlights on this page"] > li')].map((item) => item.textContent)`,
        ),
      )
      .toEqual([expect.stringContaining(THIRD.slice(4, 15))])
    expect(await firefox.evaluate(sidebar, 'document.title')).toBe('Inkmark sidebar')
  })

  it('opens the page in the reader with Alt+R', async () => {
    const medium = await readabilityFixture('medium-2')
    await site.write('medium.html', medium.source)
    const tab = await firefox.open(site.url('medium.html'))
    await highlighterReady(firefox, tab)
    await pressShortcut(firefox, tab, 'Alt+R')
    let reader: string | undefined
    await expect
      .poll(async () => {
        reader = (await topContexts(firefox)).find((context) =>
          context.url.includes('/tabs/reader.html?key='),
        )?.context
        return reader
      })
      .toBeDefined()
    await expect
      .poll(() => firefox.evaluate<string>(reader!, 'document.title'))
      .toBe(medium.metadata.title)
    // The reader's article is Readability's expected one for the page, word for word.
    const [shown, expected] = await firefox.evaluate<[string, string]>(
      reader!,
      `[
        document.querySelector('.reader-content')?.textContent ?? '',
        new DOMParser().parseFromString(${JSON.stringify(medium.expectedHtml)}, 'text/html').body.textContent,
      ].map((text) => text.replace(/\\s+/g, ''))`,
    )
    expect(shown.length).toBeGreaterThan(1000)
    expect(shown).toBe(expected)
  })

  it("opens a PDF in the extension's viewer, renders it, and highlights its text", async () => {
    const pdfUrl = `${pdfs.url}/tracemonkey.pdf`
    const tab = await firefox.open('about:blank')
    await firefox.send('browsingContext.navigate', { context: tab, url: pdfUrl, wait: 'none' })
    // The extension takes the PDF's response (webRequest) to its viewer, not Firefox's pdf.js.
    await expect
      .poll(
        async () => (await topContexts(firefox)).find((context) => context.context === tab)?.url,
      )
      .toMatch(/^moz-extension:\/\/[^/]+\/tabs\/viewer\.html\?file=/)
    await expect
      .poll(
        () =>
          firefox.evaluate<number>(
            tab,
            `document.querySelectorAll('.inkmark-pdf-page[data-page-index="0"] .textLayer span').length`,
          ),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0)
    // The first piece of text long enough to select on page 1, named for the mouse to find.
    const length = await firefox.evaluate<number>(
      tab,
      `(() => {
        const spans = document.querySelectorAll('.inkmark-pdf-page[data-page-index="0"] .textLayer span:not(.markedContent)')
        const span = [...spans].find((candidate) => candidate.firstChild?.nodeType === Node.TEXT_NODE && candidate.textContent.trim().length >= 12)
        span.id = 'firefox-test-text'
        return span.textContent.length
      })()`,
    )
    expect(length).toBeGreaterThanOrEqual(12)
    const chosen = await selectByMouse(firefox, tab, '#firefox-test-text', 0, 12)
    expect(chosen.length).toBeGreaterThan(0)
    await inkmarkUi(firefox, tab).click('[data-inkmark-marker-popup] button')
    await expect
      .poll(async () => (await paintedHighlights(firefox, tab)).map((mark) => mark.text))
      .toEqual([chosen])
    await expect.poll(() => storedTexts(pdfUrl)).toEqual([chosen])
  })
})
