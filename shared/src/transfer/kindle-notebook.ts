// The Kindle apps' 'Export Notebook' HTML: a bookTitle and authors, then sectionHeading, and for
// each highlight or note a noteHeading ('Highlight (<span class="highlight_yellow">yellow</span>) -
// Location 590', 'Note - Location 1445') followed by its noteText. Some exports close these
// elements with the wrong tags, so each one is read from its class to the next classed element.
import { forEachInChunks } from './chunked-work'
import { htmlToText } from './html-text'
import { ImportCollector } from './import-collector'
import { readTextInput } from './import-input'
import type { FileOrigin, ImportOptions, FileImportResult } from './import-result'
import { invalidFileError } from './import-result'
import type { KindleBook, KindleEntry } from './kindle-books'
import {
  KINDLE_HIGHLIGHT_COLORS,
  collectKindleBook,
  kindleEntryKind,
  kindleLocation,
} from './kindle-books'

/** What the invalid-file message names for this importer. */
export const KINDLE_NOTEBOOK_ORIGIN: FileOrigin = { extension: 'HTML', service: 'Kindle' }

const CLASSED_ELEMENT =
  /<(\w+)\b[^>]*\bclass\s*=\s*["'](bookTitle|authors|sectionHeading|noteHeading|noteText)["'][^>]*>/g
const COLOR_CLASS = /highlight_(\w+)/

/** Whether an HTML file is a Kindle notebook export. */
export function isKindleNotebook(html: string): boolean {
  return /class\s*=\s*["']bookTitle["']/.test(html) && /class\s*=\s*["']noteHeading["']/.test(html)
}

/** The book and entries of a notebook export; throws the invalid-file error for other HTML. */
export function parseKindleNotebook(text: string): { book: KindleBook; entries: KindleEntry[] } {
  const html = readTextInput(text, KINDLE_NOTEBOOK_ORIGIN)
  if (!isKindleNotebook(html)) {
    throw invalidFileError(KINDLE_NOTEBOOK_ORIGIN, 'no bookTitle and noteHeading elements')
  }
  const elements = [...html.matchAll(CLASSED_ELEMENT)].map((match, index, all) => {
    const start = (match.index ?? 0) + match[0].length
    const next = all[index + 1]?.index ?? html.length
    return { className: match[2] ?? '', html: html.slice(start, next), line: index + 1 }
  })
  const textOf = (className: string): string | undefined => {
    const found = elements.find((element) => element.className === className)
    return found === undefined ? undefined : htmlToText(found.html) || undefined
  }
  const entries: KindleEntry[] = []
  elements.forEach((element, index) => {
    if (element.className !== 'noteHeading') {
      return
    }
    const body = elements[index + 1]
    const heading = htmlToText(element.html)
    const color = COLOR_CLASS.exec(element.html)?.[1]?.toLowerCase()
    entries.push({
      kind: kindleEntryKind(heading),
      text: body?.className === 'noteText' ? htmlToText(body.html) : '',
      location: kindleLocation(heading),
      color: color === undefined ? undefined : KINDLE_HIGHLIGHT_COLORS[color],
      line: element.line,
    })
  })
  return { book: { title: textOf('bookTitle') ?? '', author: textOf('authors') }, entries }
}

/** Reads a Kindle notebook export into a Kindle bookmark and its highlights. */
export async function importKindleNotebook(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const notebook = parseKindleNotebook(text)
  const collector = new ImportCollector(options)
  await forEachInChunks(
    [notebook],
    ({ book, entries }) => collectKindleBook(collector, book, entries),
    options,
  )
  return collector.finish()
}
