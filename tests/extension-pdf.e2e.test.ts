// The PDF viewer in the built extension, in Chromium, on the real PDFs of ../shared/fixtures/pdf
// served over loopback: a PDF link opens in the viewer; each PDF shows the preparation notice, then
// the ready notice, which goes away; a highlight made in each PDF is there again after a reload; a
// highlight across a page break is one mark painted on both pages; clicking a highlight offers its
// toolbox, whose Delete removes it; Alt+S (the browser's command) highlights; a missing PDF and a viewer without a PDF say so; axe-core finds
// no serious or critical violation on the viewer.
import { fixturesDir } from '@inkmark/shared/fixtures'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedRootAxeViolations, seriousAxeViolations } from './src/axe'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { closeNewHighlightToolbox, paintedHighlights, storeCall } from './src/extension-page'
import {
  recordNotices,
  recordedNotices,
  selectAcrossPageBreak,
  selectInPage,
  textLayerDrawn,
  viewerUrl,
} from './src/pdf-viewer-page'
import { pressShortcut } from './src/shortcuts'
import { startStaticServer, type StaticServer } from './src/static-server'

const PDFS = ['tracemonkey.pdf', 'budlong.pdf', 'gatsby.pdf'] as const
const READY = 'PDF is ready! Enjoy highlighting.'
/** Polls wait for the page's work (a PDF opening, a page drawn), whatever the machine's load. */
const POLL = { timeout: 20_000 }

interface StoredMark {
  _id: string
  url: string
  text: string
  highlightSource?: {
    startMeta: { parentTagName: string; parentIndex: number }
    endMeta: { parentTagName: string; parentIndex: number }
  }
}

describe('the PDF viewer of the extension', () => {
  let browser: ExtensionBrowser
  let server: StaticServer
  const pdfUrl = (name: string) => `${server.url}/${name}`

  /** Opens `name` in the viewer and waits until the ready notice has come and gone. */
  async function openPdf(page: Page, name: string): Promise<void> {
    await page.goto(viewerUrl(browser.extensionId, pdfUrl(name)))
    await page.getByRole('status').filter({ hasText: READY }).waitFor()
    await expect.poll(() => page.locator('.viewer-notice').textContent(), POLL).toBe('')
  }

  /** Highlights the current selection with the marker popup's first colour. */
  async function highlightSelection(page: Page): Promise<void> {
    await inkmarkUi(page).click('[data-inkmark-marker-popup] button')
    await closeNewHighlightToolbox(page)
  }

  beforeAll(async () => {
    server = await startStaticServer(`${fixturesDir('pdf')}/pdf`)
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('opens a PDF link in the viewer page', async () => {
    // The background's listeners are in place once its script has run.
    await browser.serviceWorker.evaluate(() => true)
    const page = await browser.context.newPage()
    // The browser's own viewer starts and is replaced: the first navigation may be aborted.
    await page.goto(pdfUrl('budlong.pdf')).catch(() => undefined)
    // Polled rather than waitForURL, which fails outright when it sees that aborted navigation.
    await expect
      .poll(() => page.url(), { timeout: 30_000 })
      .toBe(viewerUrl(browser.extensionId, pdfUrl('budlong.pdf')))
    await textLayerDrawn(page, 0)
    await page.close()
  })

  for (const name of PDFS) {
    it(`shows the notices, highlights ${name} and shows the highlight again after a reload`, async () => {
      const page = await browser.context.newPage()
      await recordNotices(page)
      await openPdf(page, name)
      const notices = (await recordedNotices(page)).filter((notice) => notice !== '')
      const total = await page.locator('.inkmark-pdf-page').count()
      expect(notices).toContain(`Preparing PDF file: ${total}/${total}`)
      expect(notices.at(-1)).toBe(READY)
      expect(notices.indexOf(`Preparing PDF file: ${total}/${total}`)).toBeLessThan(
        notices.indexOf(READY),
      )

      await textLayerDrawn(page, 1)
      const chosen = await selectInPage(page, 0, 12)
      await highlightSelection(page)
      await expect
        .poll(async () => (await paintedHighlights(page)).map((mark) => mark.text), POLL)
        .toEqual([chosen.text])

      await page.reload()
      await inkmarkUi(page).waitFor({
        selector: '[data-inkmark-toast]',
        hasText: '1 highlight applied',
      })
      await textLayerDrawn(page, chosen.pageIndex)
      await expect
        .poll(async () => (await paintedHighlights(page)).map((mark) => mark.text), POLL)
        .toEqual([chosen.text])

      const marks = await storeCall<StoredMark[]>(browser, 'getAllMarks')
      const mark = marks.find((stored) => stored.url === pdfUrl(name))!
      expect(mark.text).toBe(chosen.text)
      expect(mark.highlightSource?.startMeta).toMatchObject({
        parentTagName: 'PDF-PAGE',
        parentIndex: chosen.pageIndex,
      })
      await page.close()
    })
  }

  it('makes one highlight across a page break, painted on both pages, and shows it after a reload', async () => {
    const page = await browser.context.newPage()
    await openPdf(page, 'tracemonkey.pdf')
    await textLayerDrawn(page, 1)
    await page.locator('.inkmark-pdf-page[data-page-index="1"]').scrollIntoViewIfNeeded()
    const before = (await paintedHighlights(page)).map((mark) => mark.id)
    const chosen = await selectAcrossPageBreak(page, 0, 20, 20)
    await highlightSelection(page)
    const across = async () =>
      (await paintedHighlights(page)).filter((mark) => !before.includes(mark.id))
    await expect.poll(async () => (await across()).map((mark) => mark.text), POLL).toEqual([chosen])
    const id = (await across())[0]!.id
    const pagesPainted = () =>
      page
        .locator(`.inkmark-highlight[markid="${id}"]`)
        .evaluateAll((wrappers) => [
          ...new Set(
            wrappers.map(
              (wrapper) => wrapper.closest<HTMLElement>('.inkmark-pdf-page')!.dataset.pageIndex,
            ),
          ),
        ])
    expect(await pagesPainted()).toEqual(['0', '1'])

    await page.reload()
    await textLayerDrawn(page, 1)
    await expect.poll(pagesPainted, POLL).toEqual(['0', '1'])
    expect((await paintedHighlights(page)).find((mark) => mark.id === id)?.text).toBe(chosen)
    const marks = await storeCall<StoredMark[]>(browser, 'getAllMarks')
    const stored = marks.find((mark) => mark._id === id)!
    expect(stored.highlightSource?.startMeta.parentIndex).toBe(0)
    expect(stored.highlightSource?.endMeta.parentIndex).toBe(1)
    await page.close()
  })

  it("highlights the selection with Alt+S, the browser's command for the viewer's tab", async () => {
    const page = await browser.context.newPage()
    // An address of its own (an identifying parameter), so no other test's highlights are there.
    await openPdf(page, 'gatsby.pdf?page=shortcut')
    await textLayerDrawn(page, 1)
    const chosen = await selectInPage(page, 0, 9)
    await pressShortcut(page, 'Alt+S')
    await expect
      .poll(async () => (await paintedHighlights(page)).map((mark) => mark.text), POLL)
      .toEqual([chosen.text])
    await page.close()
  })

  it('opens the toolbox of a highlight by keyboard and deletes the highlight', async () => {
    const page = await browser.context.newPage()
    // An address of its own, and a highlight of its own: the test stands alone.
    await openPdf(page, 'budlong.pdf?page=keyboard')
    await textLayerDrawn(page, 1)
    const chosen = await selectInPage(page, 0, 10)
    await highlightSelection(page)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((mark) => mark.text), POLL)
      .toEqual([chosen.text])
    const [mark] = await paintedHighlights(page)
    await page.locator(`.inkmark-highlight[markid="${mark!.id}"][role="button"]`).first().focus()
    await page.keyboard.press('Enter')
    await inkmarkUi(page).click({ selector: '[data-inkmark-toolbox] button', hasText: 'Delete' })
    await expect.poll(async () => (await paintedHighlights(page)).length, POLL).toBe(0)
    await page.reload()
    await page.getByRole('status').filter({ hasText: READY }).waitFor()
    await textLayerDrawn(page, 0)
    expect(await paintedHighlights(page)).toEqual([])
    await page.close()
  })

  it('takes away a highlight deleted elsewhere without a reload', async () => {
    const page = await browser.context.newPage()
    // An address of its own, and a highlight of its own: the test stands alone.
    await openPdf(page, 'tracemonkey.pdf?page=deleted-elsewhere')
    await textLayerDrawn(page, 1)
    const chosen = await selectInPage(page, 0, 8)
    await highlightSelection(page)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((mark) => mark.text), POLL)
      .toEqual([chosen.text])
    const [first] = await paintedHighlights(page)
    await storeCall(browser, 'markEntitiesAsDeleted', [{ _id: first!.id, _objectStore: 'marks' }])
    await expect
      .poll(async () => (await paintedHighlights(page)).map((mark) => mark.id), POLL)
      .not.toContain(first!.id)
    await page.close()
  })

  it('says so when the PDF cannot be read or there is none', async () => {
    const page = await browser.context.newPage()
    await page.goto(viewerUrl(browser.extensionId, pdfUrl('missing.pdf')))
    await page
      .getByRole('alert')
      .getByText('Could not load content. Try a different page.')
      .waitFor()
    await page.goto(`chrome-extension://${browser.extensionId}/tabs/viewer.html`)
    await page.getByRole('heading', { name: 'No PDF to show' }).waitFor()
    await page.close()
  })

  it('has no serious or critical axe-core violations with highlights and the marker popup', async () => {
    const page = await browser.context.newPage()
    await openPdf(page, 'tracemonkey.pdf')
    await textLayerDrawn(page, 1)
    await selectInPage(page, 0, 8)
    await inkmarkUi(page).waitFor('[data-inkmark-marker-popup]')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(await closedRootAxeViolations(inkmarkUi(page), ['serious', 'critical'])).toEqual([])
    await page.close()
  })
})
