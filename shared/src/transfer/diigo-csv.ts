// Diigo's library CSV export: title, url, tags (comma separated, no_tag for none), description,
// comments, annotations, created_at ('YYYY-MM-DD hh:mm:ss'). Annotations hold one item per line
// starting 'Highlight:' (a highlight, possibly with inline HTML) or 'Sticky notes:' (a note on the
// page); a line starting with neither continues the item above it. One row is one bookmark.
import { FileImportType } from '../domain/entities/bookmark'
import { forEachInChunks } from './chunked-work'
import { readCsvRecords } from './csv-records'
import { htmlToText } from './html-text'
import { ImportCollector } from './import-collector'
import type { FileOrigin, ImportOptions, FileImportResult } from './import-result'
import { DIIGO_NO_TAG, dateToMillis, splitTags } from './import-values'

/** What the invalid-file message names for this importer. */
export const DIIGO_CSV_ORIGIN: FileOrigin = { extension: 'CSV', service: 'Diigo' }
/** Columns a Diigo CSV must have (normalized names). */
export const DIIGO_CSV_COLUMNS = ['title', 'url', 'tags', 'annotations'] as const
/** Prefix of a highlight line in the annotations field. */
export const DIIGO_HIGHLIGHT_PREFIX = 'Highlight:'
/** Prefix of a page note line in the annotations field. */
export const DIIGO_STICKY_NOTE_PREFIX = 'Sticky notes:'

/** One item of Diigo's annotations field. */
export interface DiigoAnnotation {
  kind: 'highlight' | 'note'
  text: string
}

/** The highlights and notes of an annotations field, in order, as plain text. */
export function parseDiigoAnnotations(field: string): DiigoAnnotation[] {
  const items: { kind: DiigoAnnotation['kind']; lines: string[] }[] = []
  for (const line of field.split(/\r?\n/)) {
    if (line.startsWith(DIIGO_HIGHLIGHT_PREFIX)) {
      items.push({ kind: 'highlight', lines: [line.slice(DIIGO_HIGHLIGHT_PREFIX.length)] })
    } else if (line.startsWith(DIIGO_STICKY_NOTE_PREFIX)) {
      items.push({ kind: 'note', lines: [line.slice(DIIGO_STICKY_NOTE_PREFIX.length)] })
    } else {
      items.at(-1)?.lines.push(line)
    }
  }
  return items.map(({ kind, lines }) => ({ kind, text: htmlToText(lines.join('\n')) }))
}

/** Reads a Diigo CSV export into bookmarks, their highlights and their notes. */
export async function importDiigoCsv(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const { records } = await readCsvRecords(text, DIIGO_CSV_ORIGIN, DIIGO_CSV_COLUMNS)
  const collector = new ImportCollector(options, FileImportType.DIIGO)
  await forEachInChunks(
    records,
    (record) => {
      const url = record.get('url').trim()
      const title = record.get('title').trim() || undefined
      const createdAt = dateToMillis(record.get('created at'))
      const bookmarkId = collector.addBookmark(
        {
          url,
          title,
          description: record.get('description').trim() || undefined,
          tags: splitTags(record.get('tags'), ',', [DIIGO_NO_TAG]),
          createdAt,
          dateText: record.get('created at'),
        },
        record.line,
      )
      for (const item of parseDiigoAnnotations(record.get('annotations'))) {
        const content = item.kind === 'highlight' ? { text: item.text } : { notes: item.text }
        collector.addMark({ url, title, createdAt, ...content }, bookmarkId, record.line)
      }
    },
    options,
  )
  return collector.finish()
}
