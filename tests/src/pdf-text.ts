// The text of a PDF, extracted by pdf.js (its Node build), page by page joined with spaces: what
// a reader of the PDF can select, for tests that check what a generated PDF says.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** All the text of the PDF `bytes`, its pages in order. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false })
    .promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await document.destroy()
  return pages.join('\n').replace(/\s+/g, ' ')
}
