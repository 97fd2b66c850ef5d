// The export formats the web app offers as downloads, each turned into a file (name, type, text)
// from the library by the pure exporters of @inkmark/shared. The backup file is not here: the
// store builds it (getBackupData).
import {
  groupMarksByBookmark,
  toAnkiCsv,
  toHtmlDocument,
  toMarkdown,
  toWebAnnotationCollection,
  type ExportLibrary,
} from '@inkmark/shared'

/** The export formats, in the order the buttons show them. */
export const EXPORT_FORMATS = ['markdown', 'html', 'json-ld', 'anki-csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** The label of each export format's button. */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  markdown: 'Markdown',
  html: 'HTML',
  'json-ld': 'JSON-LD (Web Annotations)',
  'anki-csv': 'Anki CSV',
}

/** A file to download. */
export interface DownloadFile {
  fileName: string
  mimeType: string
  text: string
}

/** The file of one export format, named with the day it was made. */
export function toExportFile(
  format: ExportFormat,
  library: ExportLibrary,
  now: number,
): DownloadFile {
  const day = new Date(now).toISOString().slice(0, 10)
  switch (format) {
    case 'markdown':
      return {
        fileName: `inkmark-export-${day}.md`,
        mimeType: 'text/markdown',
        // One document per page, separated by a rule, so that one file holds the whole library.
        text: groupMarksByBookmark(library).map(toMarkdown).join('\n\n---\n\n'),
      }
    case 'html':
      return {
        fileName: `inkmark-export-${day}.html`,
        mimeType: 'text/html',
        text: toHtmlDocument(library, { now }),
      }
    case 'json-ld':
      return {
        fileName: `inkmark-annotations-${day}.jsonld`,
        mimeType: 'application/ld+json',
        text: JSON.stringify(toWebAnnotationCollection(library), null, 2),
      }
    case 'anki-csv':
      return {
        fileName: `inkmark-anki-${day}.csv`,
        mimeType: 'text/csv',
        text: toAnkiCsv(library),
      }
  }
}
