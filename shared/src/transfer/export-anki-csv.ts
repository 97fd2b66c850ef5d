// Anki CSV export of highlights, for File > Import in Anki: one card per highlight, the front the
// highlighted text and the back the note (a rich-text note as its text) with the page title and URL. Fields are quoted as RFC
// 4180 says (quotes doubled), and a `#separator:Comma` / `#html:false` header tells Anki (2.1.55+)
// how to read the file, so commas, quotes and line breaks in highlights survive. A highlight comes
// from any page and the file may be opened in a spreadsheet: a cell that would start a formula is
// neutralised with a leading apostrophe (OWASP's CSV injection advice; ADR 032), and a field
// starting with `#` is quoted so that Anki does not read its row as a comment and drop the note.
import type { Mark } from '../domain/entities/mark'
import { MarkType, markNoteText } from '../domain/entities/mark'
import type { ExportLibrary } from './export-library'
import { groupMarksByBookmark } from './export-library'

/** Anki's file header lines: comma separated, fields are plain text, a tags column. */
export const ANKI_CSV_HEADER = ['#separator:Comma', '#html:false', '#tags column:3'] as const

/**
 * Characters that make a spreadsheet read a cell as a formula when they start it (OWASP, "CSV
 * Injection"): `=`, `+`, `-`, `@`, and tab and carriage return, which some spreadsheets skip
 * before looking.
 */
const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/

/** The text of a cell a spreadsheet will show as text: an apostrophe before a formula start. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/**
 * A CSV field: neutralised (see `neutraliseFormula`), then quoted when it holds a comma, quote or
 * line break, starts or ends with a space, or starts with `#` (or an apostrophe we added).
 */
export function toCsvField(value: string): string {
  const text = neutraliseFormula(value)
  return /[",\r\n]|^[\s#']|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The Anki CSV of every text highlight of the library: front, back, tags. */
export function toAnkiCsv(library: ExportLibrary): string {
  const rows = groupMarksByBookmark(library).flatMap(({ bookmark, marks }) =>
    marks.flatMap((mark) => {
      const front = mark.text?.trim() ?? ''
      if (front === '') {
        return []
      }
      const back = [markNoteText(mark), bookmark.title?.trim() ?? '', sourceOf(mark)]
        .filter((part) => part !== '')
        .join('\n\n')
      // Anki separates tags by spaces: a tag's own spaces become hyphens.
      const tags = [...new Set([...bookmark.tags, ...mark.tags])]
        .map((tag) => tag.trim().replace(/\s+/g, '-'))
        .filter((tag) => tag !== '')
        .join(' ')
      return [[front, back, tags].map(toCsvField).join(',')]
    }),
  )
  return `${[...ANKI_CSV_HEADER, ...rows].join('\n')}\n`
}

// A Kindle highlight's address is Inkmark's own, not a page to open.
function sourceOf(mark: Pick<Mark, 'url' | 'type'>): string {
  return mark.type === MarkType.KINDLE ? '' : mark.url
}
