// Kindle's 'My Clippings.txt': entries separated by a line of ten '=' signs, each a title line
// ('Title (Author)'), a heading line ('- Your Highlight on page 3 | Location 40-41 | Added on ...',
// in the device's language; Russian uses an en dash), a blank line, and the text. Bookmarks (reading
// positions) have no text and are skipped; notes attach to the highlight at their location.
import { forEachInChunks } from './chunked-work'
import { ImportCollector } from './import-collector'
import { readTextInput } from './import-input'
import type { FileOrigin, ImportOptions, FileImportResult } from './import-result'
import { invalidFileError } from './import-result'
import type { KindleBook, KindleEntry } from './kindle-books'
import {
  collectKindleBook,
  kindleEntryKind,
  kindleLocation,
  splitKindleTitle,
} from './kindle-books'

/** What the invalid-file message names for this importer. */
export const KINDLE_CLIPPINGS_ORIGIN: FileOrigin = { extension: 'TXT', service: 'Kindle' }
/** The line between two clippings. */
export const KINDLE_CLIPPINGS_SEPARATOR = '=========='

const HEADING = /^\s*[-–]\s*\S/
// prettier-ignore
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august',
  'september', 'october', 'november', 'december']
const MONTH = `(${MONTHS.join('|')})`
const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?`
const US_DATE = new RegExp(`${MONTH}\\s+(\\d{1,2}),?\\s+(\\d{4}),?\\s+${TIME}`, 'i')
const UK_DATE = new RegExp(`(\\d{1,2})\\s+${MONTH}\\s+(\\d{4}),?\\s+${TIME}`, 'i')

/**
 * The time of an English heading ('Added on Monday, March 21, 2016 8:35:16 AM', or the UK
 * '22 August 2024 18:10:53'), read as UTC since the file has no zone; undefined otherwise.
 */
export function kindleAddedAt(heading: string): number | undefined {
  const us = US_DATE.exec(heading)
  const uk = us === null ? UK_DATE.exec(heading) : null
  const [month, day, year, hour, minute, second, half] =
    us !== null
      ? [us[1], us[2], us[3], us[4], us[5], us[6], us[7]]
      : uk !== null
        ? [uk[2], uk[1], uk[3], uk[4], uk[5], uk[6], uk[7]]
        : []
  if (month === undefined) {
    return kindleLocalizedAddedAt(heading)
  }
  const hours = (Number(hour) % 12) + (half?.toLowerCase() === 'pm' ? 12 : 0)
  return Date.UTC(
    Number(year),
    MONTHS.indexOf(month.toLowerCase()),
    Number(day),
    half === undefined ? Number(hour) : hours,
    Number(minute),
    Number(second ?? 0),
  )
}

// Month names of the other Kindle locales (de, es, fr, it, nl, pt, and Russian's genitive), by
// month number, where they differ from the English ones of MONTHS above.
// prettier-ignore
const LOCALIZED_MONTHS: readonly (readonly string[])[] = [
  ['januar', 'enero', 'janvier', 'gennaio', 'januari', 'janeiro', 'января'],
  ['februar', 'febrero', 'février', 'febbraio', 'februari', 'fevereiro', 'февраля'],
  ['märz', 'marzo', 'mars', 'maart', 'março', 'марта'],
  ['abril', 'avril', 'aprile', 'апреля'],
  ['mai', 'mayo', 'maggio', 'mei', 'maio', 'мая'],
  ['juni', 'junio', 'juin', 'giugno', 'junho', 'июня'],
  ['juli', 'julio', 'juillet', 'luglio', 'julho', 'июля'],
  ['agosto', 'août', 'augustus', 'августа'],
  ['septiembre', 'setiembre', 'septembre', 'settembre', 'setembro', 'сентября'],
  ['oktober', 'octubre', 'octobre', 'ottobre', 'outubro', 'октября'],
  ['noviembre', 'novembre', 'novembro', 'ноября'],
  ['dezember', 'diciembre', 'décembre', 'dicembre', 'dezembro', 'декабря'],
]
const LOCALIZED_DATE =
  /(\d{1,2})\.?\s+(?:de\s+)?(\p{L}+)\s+(?:de\s+)?(\d{4})\D*?(\d{1,2}):(\d{2})(?::(\d{2}))?/u
const CJK_DATE = /(\d{4})年(\d{1,2})月(\d{1,2})日\D*?(上午|下午)?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?/

/** The time of a heading in another Kindle locale ('22. August 2024 18:10:53', '2024年8月22日'). */
function kindleLocalizedAddedAt(heading: string): number | undefined {
  const cjk = CJK_DATE.exec(heading)
  if (cjk !== null) {
    const [, year, month, day, half, hour, minute, second] = cjk
    const hours = (Number(hour) % 12) + (half === '下午' ? 12 : 0)
    return Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      half === undefined ? Number(hour) : hours,
      Number(minute),
      Number(second ?? 0),
    )
  }
  const local = LOCALIZED_DATE.exec(heading)
  if (local === null) {
    return undefined
  }
  const [, day, name, year, hour, minute, second] = local
  const word = name?.toLowerCase() ?? ''
  const month = LOCALIZED_MONTHS.findIndex(
    (names, index) => names.includes(word) || MONTHS[index] === word,
  )
  return month < 0
    ? undefined
    : Date.UTC(Number(year), month, Number(day), Number(hour), Number(minute), Number(second ?? 0))
}

/** The date part of a heading: its last '|' section, when it holds a digit. */
export function kindleDateText(heading: string): string | undefined {
  const sections = heading.split('|')
  const last = sections.length > 1 ? sections.at(-1)?.trim() : undefined
  return last !== undefined && /\d/.test(last) ? last : undefined
}

/** The clippings of a file grouped by book, in file order; throws if none is found. */
export function parseKindleClippings(text: string): { book: KindleBook; entries: KindleEntry[] }[] {
  const lines = readTextInput(text, KINDLE_CLIPPINGS_ORIGIN).split(/\r\n|\r|\n/)
  const books = new Map<string, { book: KindleBook; entries: KindleEntry[] }>()
  let block: { start: number; lines: string[] } = { start: 1, lines: [] }
  const flush = (): void => {
    const content = block.lines.findIndex((line) => line.trim() !== '')
    const [titleLine, heading, ...body] = content < 0 ? [] : block.lines.slice(content)
    if (titleLine !== undefined && heading !== undefined && HEADING.test(heading)) {
      const book = splitKindleTitle(titleLine)
      const key = `${book.title}\n${book.author ?? ''}`
      const group = books.get(key) ?? { book, entries: [] }
      books.set(key, group)
      group.entries.push({
        kind: kindleEntryKind(heading),
        text: body.join('\n').trim(),
        location: kindleLocation(heading),
        createdAt: kindleAddedAt(heading),
        dateText: kindleDateText(heading),
        line: block.start + content,
      })
    }
  }
  lines.forEach((line, index) => {
    if (line.trim() === KINDLE_CLIPPINGS_SEPARATOR) {
      flush()
      block = { start: index + 2, lines: [] }
    } else {
      block.lines.push(line)
    }
  })
  flush()
  if (books.size === 0) {
    throw invalidFileError(KINDLE_CLIPPINGS_ORIGIN, 'no "Title (Author)" entry with a heading line')
  }
  return [...books.values()]
}

/** Reads a Kindle 'My Clippings.txt' into Kindle bookmarks and their highlights. */
export async function importKindleClippings(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const books = parseKindleClippings(text)
  const collector = new ImportCollector(options)
  await forEachInChunks(
    books,
    ({ book, entries }) => collectKindleBook(collector, book, entries),
    options,
  )
  return collector.finish()
}
