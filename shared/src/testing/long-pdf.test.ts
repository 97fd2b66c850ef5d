import type * as PdfJs from 'pdfjs-dist'
import { describe, expect, it } from 'vitest'
import { itemsText, TEXT_CONTENT_PARAMS } from '../pdf/page-text'
import { longPdf, longPdfPageLines } from './long-pdf'

// pdf.js's Node build (the browser build needs DOMMatrix), as pdf/test-support.ts reads fixtures.
const PDFJS_NODE_BUILD = 'pdfjs-dist/legacy/build/pdf.mjs'
const { getDocument } = (await import(/* @vite-ignore */ PDFJS_NODE_BUILD)) as typeof PdfJs

describe('a long PDF made on the spot', () => {
  // pdf.js in Node takes a few seconds on a loaded machine.
  it('is read by pdf.js, every page with its own text', { timeout: 30_000 }, async () => {
    const pdf = await getDocument({ data: longPdf(30), isEvalSupported: false, verbosity: 0 })
      .promise
    expect(pdf.numPages).toBe(30)
    for (const number of [1, 17, 30]) {
      const page = await pdf.getPage(number)
      const text = itemsText((await page.getTextContent(TEXT_CONTENT_PARAMS)).items)
      for (const line of longPdfPageLines(number - 1, 30)) {
        expect(text).toContain(line)
      }
      expect(page.getViewport({ scale: 1 }).height).toBe(792)
    }
    await pdf.destroy()
  })

  it('refuses a document without pages', () => {
    expect(() => longPdf(0)).toThrow('at least one page')
  })
})
