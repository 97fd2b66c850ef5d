// Weava's highlights CSV. No public export exists, so this follows the spec's sample shape: one
// highlight per row with date, website title, URL, color code, color name, text and note. The
// columns are found by name (a few spellings each), so a reordered or extended header still reads.
// Rows of the same page share one bookmark, created from the first of them.
import { toHexColor } from '../domain/color'
import { FileImportType } from '../domain/entities/bookmark'
import { forEachInChunks } from './chunked-work'
import { pickColumn, readCsvRecords } from './csv-records'
import { ImportCollector } from './import-collector'
import type { FileOrigin, ImportOptions, FileImportResult } from './import-result'
import { dateToMillis } from './import-values'

/** What the invalid-file message names for this importer. */
export const WEAVA_CSV_ORIGIN: FileOrigin = { extension: 'CSV', service: 'Weava' }

/** Accepted spellings of each column (normalized names), the spec's first. */
export const WEAVA_COLUMNS = {
  date: ['date', 'created at', 'created', 'date created'],
  title: ['website title', 'title', 'page title'],
  url: ['url', 'website url', 'page url', 'link'],
  colorCode: ['color code', 'colour code', 'color', 'colour'],
  text: ['text', 'highlight', 'highlighted text'],
  note: ['note', 'notes', 'comment'],
} as const

/** Reads a Weava highlights CSV into bookmarks and their highlights. */
export async function importWeavaCsv(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const { columns, records } = await readCsvRecords(text, WEAVA_CSV_ORIGIN, [
    WEAVA_COLUMNS.url,
    WEAVA_COLUMNS.text,
  ])
  const column = (spellings: readonly string[]): string => pickColumn(columns, spellings)
  const names = {
    date: column(WEAVA_COLUMNS.date),
    title: column(WEAVA_COLUMNS.title),
    url: column(WEAVA_COLUMNS.url),
    colorCode: column(WEAVA_COLUMNS.colorCode),
    text: column(WEAVA_COLUMNS.text),
    note: column(WEAVA_COLUMNS.note),
  }
  const collector = new ImportCollector(options, FileImportType.WEAVA)
  await forEachInChunks(
    records,
    (record) => {
      const url = record.get(names.url).trim()
      const title = record.get(names.title).trim() || undefined
      const createdAt = dateToMillis(record.get(names.date))
      const dateText = record.get(names.date)
      const bookmarkId = collector.bookmarkForPage({ url, title, createdAt, dateText }, record.line)
      const colorCode = record.get(names.colorCode).trim()
      const color = toHexColor(/^[0-9a-f]{3,8}$/i.test(colorCode) ? `#${colorCode}` : colorCode)
      collector.addMark(
        {
          url,
          title,
          text: record.get(names.text),
          notes: record.get(names.note),
          color: color ?? undefined,
          createdAt,
          dateText,
        },
        bookmarkId,
        record.line,
      )
    },
    options,
  )
  return collector.finish()
}
