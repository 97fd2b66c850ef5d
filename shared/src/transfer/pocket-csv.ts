// Pocket's CSV export (part_000000.csv in the export zip): title, url, time_added (epoch seconds),
// tags (pipe separated), status (unread or archive); some exports add a cursor column. One row
// is one saved page, imported as a bookmark.
import { FileImportType } from '../domain/entities/bookmark'
import { forEachInChunks } from './chunked-work'
import { readCsvRecords } from './csv-records'
import { ImportCollector } from './import-collector'
import type { FileOrigin, ImportOptions, FileImportResult } from './import-result'
import { epochToMillis, splitTags } from './import-values'

/** What the invalid-file message names for this importer. */
export const POCKET_CSV_ORIGIN: FileOrigin = { extension: 'CSV', service: 'Pocket' }
/** Columns a Pocket CSV must have (normalized names). */
export const POCKET_CSV_COLUMNS = ['title', 'url', 'time added'] as const
/** Separator of Pocket's tag list. */
export const POCKET_TAG_SEPARATOR = '|'

/** Reads a Pocket CSV export into bookmarks. */
export async function importPocketCsv(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const { records } = await readCsvRecords(text, POCKET_CSV_ORIGIN, POCKET_CSV_COLUMNS)
  const collector = new ImportCollector(options, FileImportType.POCKET)
  await forEachInChunks(
    records,
    (record) => {
      const url = record.get('url')
      collector.addBookmark(
        {
          url,
          title: record.get('title').trim() || undefined,
          tags: splitTags(record.get('tags'), POCKET_TAG_SEPARATOR),
          createdAt: epochToMillis(record.get('time added')),
          dateText: record.get('time added'),
        },
        record.line,
      )
    },
    options,
  )
  return collector.finish()
}
