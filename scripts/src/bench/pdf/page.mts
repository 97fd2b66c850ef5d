// The page side of the PDF benchmark, bundled with Vite and run in real Chromium: it puts the
// functions of `PdfBenchApi` on `globalThis.inkmarkPdfBench`, which the Node side calls with
// page.evaluate, each measurement in a fresh page (a cold pdf.js worker every time). Times are
// taken here with performance.now() around the real viewer code and around pdf.js alone.
import {
  anchorPdfText,
  describePdfText,
  itemsText,
  openPdfViewer,
  TEXT_CONTENT_PARAMS,
  type PdfTextSelector,
} from '@inkmark/shared/pdf'
import { createSeededRandom } from '@inkmark/shared/testing'
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist'
import {
  WORKER_FILE,
  type AnchorHundredReport,
  type PdfBenchApi,
  type PdfBenchGlobal,
  type PrepareReport,
} from './protocol'

const workerSrc = new URL(`/${WORKER_FILE}`, location.href).href
GlobalWorkerOptions.workerSrc = workerSrc

/** A container as wide as the viewer's usual column, in the viewport. */
function container(): HTMLElement {
  const element = document.createElement('div')
  element.style.width = '900px'
  document.body.append(element)
  return element
}

/** Every page's text, as the text layer holds it, with pdf.js alone. */
async function extractTexts(pdfUrl: string): Promise<{ texts: string[]; ms: number }> {
  const pdf = await getDocument({ url: pdfUrl, isEvalSupported: false }).promise
  const started = performance.now()
  const texts: string[] = []
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number)
    texts.push(itemsText((await page.getTextContent(TEXT_CONTENT_PARAMS)).items))
  }
  const ms = performance.now() - started
  await pdf.destroy()
  return { texts, ms }
}

/** Resolves once `test` holds, checked on each animation frame. */
function until(test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (test() ? resolve() : requestAnimationFrame(check))
    check()
  })
}

const api: PdfBenchApi = {
  async prepare({ pdfUrl, seed, count }): Promise<PrepareReport> {
    const { texts } = await extractTexts(pdfUrl)
    const known = (page: number) => texts[page]
    const random = createSeededRandom(seed)
    const pick = (limit: number) => Math.floor(random.next() * limit)
    const withText = texts.flatMap((text, page) => (text.length > 400 ? [page] : []))
    const firstPage = withText[0]!
    const first = describePdfText(known, firstPage, 40, firstPage, 80)!
    const highlights: PdfTextSelector[] = []
    let acrossPages = 0
    while (highlights.length < count) {
      const page = withText[pick(withText.length)]!
      const text = texts[page]!
      const across = highlights.length % 10 === 9 && texts[page + 1] !== undefined
      const length = 20 + pick(60)
      const selector = across
        ? describePdfText(known, page, text.length - 1 - pick(30), page + 1, 1 + pick(30))
        : (() => {
            const start = pick(text.length - length)
            return describePdfText(known, page, start, page, start + length)
          })()
      if (selector !== null) {
        highlights.push(selector)
        acrossPages += selector.startPage === selector.endPage ? 0 : 1
      }
    }
    return {
      pageCount: texts.length,
      textChars: texts.reduce((sum, text) => sum + text.length, 0),
      first,
      highlights,
      acrossPages,
    }
  },

  async firstPageBaseline({ pdfUrl, scale }) {
    const started = performance.now()
    const pdf = await getDocument({ url: pdfUrl, isEvalSupported: false }).promise
    const page = await pdf.getPage(1)
    const viewport = page.getViewport({ scale })
    const canvas = document.createElement('canvas')
    canvas.width = Math.floor(viewport.width)
    canvas.height = Math.floor(viewport.height)
    container().append(canvas)
    await page.render({ canvasContext: canvas.getContext('2d')!, canvas, viewport }).promise
    const ms = performance.now() - started
    await pdf.destroy()
    return { ms }
  },

  async firstHighlightedPage({ pdfUrl, scale, first }) {
    const element = container()
    const started = performance.now()
    const viewer = await openPdfViewer(element, pdfUrl, { workerSrc, scale })
    await viewer.setMarks([{ id: 'first', color: '#fdffb4', selector: first }])
    const page = element.querySelector(`[data-page-index="${first.startPage}"]`)!
    await until(
      () =>
        page.querySelector('canvas') !== null && page.querySelector('.inkmark-highlight') !== null,
    )
    const ms = performance.now() - started
    await viewer.destroy()
    return { ms }
  },

  async anchorHighlights({ pdfUrl, scale, highlights }): Promise<AnchorHundredReport> {
    const { texts, ms: extractMs } = await extractTexts(pdfUrl)
    const known = (page: number) => texts[page]
    const anchorStarted = performance.now()
    const anchors = highlights.map((selector) => anchorPdfText(selector, known))
    const anchorMs = performance.now() - anchorStarted
    const correct = anchors.filter((anchor, position) => {
      const selector = highlights[position]!
      return (
        anchor !== null &&
        anchor.startPage === selector.startPage &&
        anchor.start === selector.start &&
        anchor.endPage === selector.endPage &&
        anchor.end === selector.end
      )
    }).length

    const element = container()
    const viewer = await openPdfViewer(element, pdfUrl, { workerSrc, scale })
    const marks = highlights.map((selector, position) => ({
      id: `mark-${position}`,
      color: '#a7e8c8',
      selector,
    }))
    const setStarted = performance.now()
    const placement = await viewer.setMarks(marks)
    const setMarksMs = performance.now() - setStarted
    await viewer.destroy()
    return { extractMs, anchorMs, setMarksMs, placed: placement.placed.length, correct }
  },
}

;(globalThis as unknown as PdfBenchGlobal).inkmarkPdfBench = api
