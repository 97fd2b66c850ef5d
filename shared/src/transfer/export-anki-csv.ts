// Anki CSV export of highlights, for File > Import in Anki: one card per highlight, the front the
// highlighted text and the back the note with the page title and URL. Fields are quoted as RFC
// 4180 says (quotes doubled), and a `#separator:Comma` / `#html:false` header tells Anki (2.1.55+)
// how to read the file, so commas, quotes and line breaks in highlights survive.
import type { Mark } from '../domain/entities/mark'
import { MarkType } from '../domain/entities/mark'
import type { ExportLibrary } from './export-library'
import { groupMarksByBookmark } from './export-library'

/** Anki's file header lines: comma separated, fields are plain text, a tags column. */
export const ANKI_CSV_HEADER = ['#separator:Comma', '#html:false', '#tags column:3'] as const

/** A CSV field: quoted when it holds a comma, quote, line break or leading/trailing space. */
export function toCsvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** The Anki CSV of every text highlight of the library: front, back, tags. */
export function toAnkiCsv(library: ExportLibrary): string {
  const rows = groupMarksByBookmark(library).flatMap(({ bookmark, marks }) =>
    marks.flatMap((mark) => {
      const front = mark.text?.trim() ?? ''
      if (front === '') {
        return []
      }
      const back = [mark.notes?.trim() ?? '', bookmark.title?.trim() ?? '', sourceOf(mark)]
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
