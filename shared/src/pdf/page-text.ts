// A page's text as the text layer shows it: pdf.js's TextLayer writes one text node per text item
// (marked-content wrappers and line-break <br>s hold none), so the concatenated item strings are
// exactly the text the anchoring text index (text-index.ts) reads in a rendered layer. The same
// text-content parameters as the layer are used, so both see the same items.
import type { PDFPageProxy } from 'pdfjs-dist'

/** The text-content parameters the text layer uses (and so must everything that compares to it). */
export const TEXT_CONTENT_PARAMS = { includeMarkedContent: true, disableNormalization: true }

/** The strings of text-content items, marked-content markers (no `str`) left out. */
export function itemsText(items: readonly object[]): string {
  let text = ''
  for (const item of items) {
    const str = (item as { str?: unknown }).str
    if (typeof str === 'string') {
      text += str
    }
  }
  return text
}

/** The text of `page` as its text layer holds it. */
export async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent(TEXT_CONTENT_PARAMS)
  return itemsText(content.items)
}
