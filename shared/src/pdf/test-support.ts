// The fixture PDFs for the PDF tests (not part of the public API): each page's text as the text
// layer holds it, read with pdf.js's Node build (the browser build needs DOMMatrix) from the
// fixtures folder that fixtures-dir.ts names. node:fs is imported dynamically: shared's compiler
// settings declare no Node.
import type * as PdfJs from 'pdfjs-dist'
import { fixturesDir } from '../testing/fixtures-dir'
import { itemsText, TEXT_CONTENT_PARAMS } from './page-text'

const NODE_FS = 'node:fs'
const { readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as {
  readFileSync: (path: string) => Uint8Array
}
const PDFJS_NODE_BUILD = 'pdfjs-dist/legacy/build/pdf.mjs'
const { getDocument } = (await import(/* @vite-ignore */ PDFJS_NODE_BUILD)) as typeof PdfJs

/** Every page's text of fixture `name` (e.g. 'tracemonkey.pdf'). */
export async function fixturePageTexts(name: string): Promise<string[]> {
  const data = new Uint8Array(readFileSync(`${fixturesDir('pdf')}/pdf/${name}`))
  const pdf = await getDocument({ data, isEvalSupported: false, verbosity: 0 }).promise
  const texts: string[] = []
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number)
    texts.push(itemsText((await page.getTextContent(TEXT_CONTENT_PARAMS)).items))
  }
  await pdf.destroy()
  return texts
}
