// Helpers for end-to-end tests of the PDF viewer on a long document: a loopback server answering
// every *.pdf address with one PDF made on the spot (`longPdf`, every page's text its own), so each
// test opens its own address (an identifying parameter: its own bookmark), and ways to scroll the
// viewer to a page and to count the pages it keeps drawn.
import { longPdf } from '@inkmark/shared/testing'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'

export interface LongPdfServer {
  /** The address of the long PDF, made distinct by `name` (e.g. 'sidebar'). */
  pdfUrl(name: string): string
  close(): Promise<void>
}

/** Serves a `pages`-page PDF on 127.0.0.1 at any address ending in .pdf (with any query). */
export async function startLongPdfServer(pages: number): Promise<LongPdfServer> {
  const pdf = longPdf(pages)
  const server = createServer((request, response) => {
    if (!new URL(request.url ?? '/', 'http://localhost').pathname.endsWith('.pdf')) {
      response.statusCode = 404
      response.end()
      return
    }
    response.setHeader('content-type', 'application/pdf')
    response.setHeader('content-length', String(pdf.length))
    response.end(pdf)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    pdfUrl: (name) => `${origin}/long.pdf?page=${encodeURIComponent(name)}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Scrolls the viewer so that page `index` (from 0) is at the top of the window. */
export function scrollToPdfPage(page: Page, index: number): Promise<void> {
  return page.evaluate((at) => {
    document
      .querySelector(`.inkmark-pdf-page[data-page-index="${at}"]`)!
      .scrollIntoView({ block: 'start' })
  }, index)
}

/** Whether page `index` is drawn now (its canvas and text layer in place). */
export function isPdfPageDrawn(page: Page, index: number): Promise<boolean> {
  return page
    .locator(`.inkmark-pdf-page[data-page-index="${index}"][data-drawn]`)
    .count()
    .then((count) => count === 1)
}

/** The indexes of the pages drawn now. */
export function drawnPdfPages(page: Page): Promise<number[]> {
  return page
    .locator('.inkmark-pdf-page[data-drawn]')
    .evaluateAll((pages) =>
      pages.map((element) => Number((element as HTMLElement).dataset.pageIndex)),
    )
}

/** How many canvases hold a bitmap, text layers and page boxes there are in the viewer now. */
export function pdfPageParts(
  page: Page,
): Promise<{ canvases: number; textLayers: number; pages: number }> {
  return page.evaluate(() => ({
    canvases: [...document.querySelectorAll('.inkmark-pdf-page canvas')].filter(
      (canvas) => (canvas as HTMLCanvasElement).width > 0,
    ).length,
    textLayers: document.querySelectorAll('.inkmark-pdf-page .textLayer').length,
    pages: document.querySelectorAll('.inkmark-pdf-page').length,
  }))
}

/** Records the page indexes of every `pdfIsRendered` window event, from the page's first script. */
export async function recordRenderedEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: number[] = []
    ;(globalThis as unknown as { inkmarkRendered: number[] }).inkmarkRendered = seen
    window.addEventListener('pdfIsRendered', (event) => {
      seen.push((event as CustomEvent<{ pageIndex: number }>).detail.pageIndex)
    })
  })
}

/** The page indexes `pdfIsRendered` told so far, in order. */
export function renderedEvents(page: Page): Promise<number[]> {
  return page.evaluate(() => [
    ...(globalThis as unknown as { inkmarkRendered?: number[] }).inkmarkRendered!,
  ])
}
