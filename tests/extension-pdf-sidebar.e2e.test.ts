// The PDF viewer's sidebar and its memory bound, in the built extension in Chromium, on a 200-page
// PDF made on the spot and served over loopback (ADR 080): Alt+W opens the same sidebar as on web
// pages, listing the PDF's highlight, and clicking it brings its page back and the highlight into
// view; scrolled through to the end, the viewer keeps only a bounded number of pages drawn, lets
// go of a highlighted page far away and paints its highlight again when it comes back, sending
// `pdfIsRendered` each time a page is drawn; axe-core finds nothing serious with the sidebar open.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedRootAxeViolations, seriousAxeViolations } from './src/axe'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { closeNewHighlightToolbox, paintedHighlights } from './src/extension-page'
import { axeViolationsIn, sidebarDocument } from './src/extension-sidebar'
import {
  drawnPdfPages,
  isPdfPageDrawn,
  pdfPageParts,
  recordRenderedEvents,
  renderedEvents,
  scrollToPdfPage,
  startLongPdfServer,
  type LongPdfServer,
} from './src/long-pdf-viewer'
import { selectInPage, viewerUrl } from './src/pdf-viewer-page'
import { pressShortcut } from './src/shortcuts'

const PAGES = 200
const READY = 'PDF is ready! Enjoy highlighting.'
/** Polls wait for the page's work (a PDF opening, a page drawn), whatever the machine's load. */
const POLL = { timeout: 30_000 }
/**
 * The most pages the viewer keeps drawn with one or two pages on screen: those, and four either
 * side (shared/src/pdf/page-window.ts, DEFAULT_PAGE_WINDOW).
 */
const MOST_DRAWN = 2 + 2 * 4

describe('the PDF viewer on a long PDF: sidebar and pages let go', () => {
  let browser: ExtensionBrowser
  let server: LongPdfServer

  beforeAll(async () => {
    server = await startLongPdfServer(PAGES)
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  /** Opens the long PDF at its address `name` and waits until the ready notice has gone. */
  async function openLongPdf(name: string): Promise<Page> {
    const page = await browser.context.newPage()
    await recordRenderedEvents(page)
    await page.goto(viewerUrl(browser.extensionId, server.pdfUrl(name)))
    await page.getByRole('status').filter({ hasText: READY }).waitFor({ timeout: 60_000 })
    await expect.poll(() => page.locator('.viewer-notice').textContent(), POLL).toBe('')
    return page
  }

  /** Scrolls to page `index`, waits for it to be drawn, and highlights the start of its text. */
  async function highlightOnPage(page: Page, index: number): Promise<{ id: string; text: string }> {
    await scrollToPdfPage(page, index)
    await expect.poll(() => isPdfPageDrawn(page, index), POLL).toBe(true)
    const chosen = await selectInPage(page, index, 14)
    expect(chosen.pageIndex).toBe(index)
    await inkmarkUi(page).click('[data-inkmark-marker-popup] button')
    await closeNewHighlightToolbox(page)
    // The keyboard leaves the highlight (a focused highlight keeps its page drawn).
    await page.locator('.viewer-bar').click()
    await expect
      .poll(async () => (await paintedHighlights(page)).map((mark) => mark.text), POLL)
      .toEqual([chosen.text])
    return { id: (await paintedHighlights(page))[0]!.id, text: chosen.text }
  }

  it('opens the sidebar with Alt+W, lists the highlight, and clicking it shows its page', async () => {
    const page = await openLongPdf('sidebar')
    const mark = await highlightOnPage(page, 150)
    await scrollToPdfPage(page, 0)
    await expect.poll(() => isPdfPageDrawn(page, 150), POLL).toBe(false)
    expect(await paintedHighlights(page)).toEqual([])

    await pressShortcut(page, 'Alt+W')
    const sidebar = await sidebarDocument(page)
    const show = sidebar.getByRole('button', { name: `Show on page: ${mark.text}` })
    await show.waitFor({ timeout: POLL.timeout })
    await show.click()

    await expect.poll(() => isPdfPageDrawn(page, 150), POLL).toBe(true)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((painted) => painted.id), POLL)
      .toEqual([mark.id])
    await expect
      .poll(
        () =>
          page
            .locator(`.inkmark-highlight[markid="${mark.id}"]`)
            .first()
            .evaluate((element) => {
              const box = element.getBoundingClientRect()
              return box.top >= 0 && box.bottom <= window.innerHeight
            }),
        POLL,
      )
      .toBe(true)
    expect(await drawnPdfPages(page)).not.toContain(0)
    await page.close()
  })

  it('keeps a bounded number of pages drawn to the end, and paints a highlight again on its way back', async () => {
    const page = await openLongPdf('window')
    const mark = await highlightOnPage(page, 20)
    let mostDrawn = 0
    for (let index = 0; index < PAGES; index += 15) {
      await scrollToPdfPage(page, index)
      await expect.poll(() => isPdfPageDrawn(page, index), POLL).toBe(true)
      const drawn = await drawnPdfPages(page)
      mostDrawn = Math.max(mostDrawn, drawn.length)
      expect(drawn.every((drawnIndex) => Math.abs(drawnIndex - index) <= MOST_DRAWN)).toBe(true)
    }
    await scrollToPdfPage(page, PAGES - 1)
    await expect.poll(() => isPdfPageDrawn(page, PAGES - 1), POLL).toBe(true)
    await expect
      .poll(async () => (await drawnPdfPages(page)).length, POLL)
      .toBeLessThanOrEqual(MOST_DRAWN)
    expect(mostDrawn).toBeLessThanOrEqual(MOST_DRAWN)
    // Every page keeps its box, at its size (the scroll bar and the highlight's place stay right).
    const parts = await pdfPageParts(page)
    expect(parts.pages).toBe(PAGES)
    expect(parts.canvases).toBeLessThanOrEqual(MOST_DRAWN)
    expect(parts.textLayers).toBeLessThanOrEqual(MOST_DRAWN)
    expect(await paintedHighlights(page)).toEqual([])
    const heights = await page
      .locator('.inkmark-pdf-page')
      .evaluateAll((pages) => [
        ...new Set(pages.map((element) => element.getBoundingClientRect().height)),
      ])
    expect(heights).toHaveLength(1)

    await scrollToPdfPage(page, 20)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((painted) => painted.text), POLL)
      .toEqual([mark.text])
    // Page 20 was drawn, let go, and drawn again: pdfIsRendered told each drawing.
    expect((await renderedEvents(page)).filter((index) => index === 20).length).toBeGreaterThan(1)
    await page.close()
  })

  it('has no serious or critical axe-core violations with the sidebar open', async () => {
    const page = await openLongPdf('axe')
    await highlightOnPage(page, 1)
    await pressShortcut(page, 'Alt+W')
    const sidebar = await sidebarDocument(page)
    await sidebar.getByRole('button', { name: /^Show on page: / }).waitFor({ timeout: 30_000 })
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(await closedRootAxeViolations(inkmarkUi(page), ['serious', 'critical'])).toEqual([])
    expect(await axeViolationsIn(sidebar)).toEqual([])
    // Alt+W again closes it.
    await pressShortcut(page, 'Alt+W')
    await expect
      .poll(() => page.frames().some((frame) => frame.url().includes('/tabs/sidebar.html')), POLL)
      .toBe(false)
    await page.close()
  })
})
