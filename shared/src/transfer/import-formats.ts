// The import dialog's catalogue: every importable format with the service it comes from, the file
// kinds to offer in the file picker, and `detectImportFormat`, which tells from a file's name and
// first characters which importer fits (by extension, then by header, doctype or shape).
import {
  BROWSER_BOOKMARKS_ORIGIN,
  NETSCAPE_DOCTYPE,
  importBrowserBookmarks,
} from './browser-bookmarks'
import { normalizeColumnName } from './csv-records'
import { DIIGO_CSV_COLUMNS, DIIGO_CSV_ORIGIN, importDiigoCsv } from './diigo-csv'
import { HYPOTHESIS_JSON_ORIGIN, importHypothesisJson } from './hypothesis-json'
import type { FileImportResult, FileOrigin, ImportOptions, Importer } from './import-result'
import type { ImportItemName } from './import-report'
import {
  KINDLE_CLIPPINGS_ORIGIN,
  KINDLE_CLIPPINGS_SEPARATOR,
  importKindleClippings,
} from './kindle-clippings'
import { KINDLE_NOTEBOOK_ORIGIN, importKindleNotebook, isKindleNotebook } from './kindle-notebook'
import { OMNIVORE_ORIGIN, importOmnivore, looksLikeOmnivoreJson } from './omnivore-export'
import { POCKET_CSV_COLUMNS, POCKET_CSV_ORIGIN, importPocketCsv } from './pocket-csv'
import { POCKET_HTML_ORIGIN, importPocketHtml, isPocketHtml } from './pocket-html'
import { POCKET_JSON_ORIGIN, importPocketJson } from './pocket-json'
import { WEAVA_COLUMNS, WEAVA_CSV_ORIGIN, importWeavaCsv } from './weava-csv'
import { WEB_ANNOTATIONS_ORIGIN, importWebAnnotations } from './web-annotations-json'

/** Every importable format. */
export const ImportFormat = {
  POCKET_CSV: 'pocket-csv',
  POCKET_JSON: 'pocket-json',
  POCKET_HTML: 'pocket-html',
  DIIGO_CSV: 'diigo-csv',
  WEAVA_CSV: 'weava-csv',
  BROWSER_BOOKMARKS: 'browser-bookmarks',
  KINDLE_CLIPPINGS: 'kindle-clippings',
  KINDLE_NOTEBOOK: 'kindle-notebook',
  HYPOTHESIS_JSON: 'hypothesis-json',
  WEB_ANNOTATIONS: 'web-annotations',
  OMNIVORE: 'omnivore',
} as const
export type ImportFormat = (typeof ImportFormat)[keyof typeof ImportFormat]

/** What the import dialog needs to know about a format. */
export interface ImportFormatInfo extends FileOrigin {
  format: ImportFormat
  /** File name endings the file picker accepts, lowercase with the dot. */
  fileExtensions: readonly string[]
  /** The MIME type the file picker accepts. */
  mimeType: string
  /** What the file's items are called where the import report names them ('row 3'). */
  itemName: ImportItemName
  importer: Importer
  /** For a format whose file is binary (a zip): reads the file's bytes instead of its text. */
  bytesImporter?: (bytes: Uint8Array, options: ImportOptions) => Promise<FileImportResult>
}

/** The formats, in the order the import dialog lists them. */
export const IMPORT_FORMATS: readonly ImportFormatInfo[] = [
  {
    format: ImportFormat.POCKET_CSV,
    itemName: 'row',
    ...POCKET_CSV_ORIGIN,
    fileExtensions: ['.csv'],
    mimeType: 'text/csv',
    importer: importPocketCsv,
  },
  {
    format: ImportFormat.POCKET_JSON,
    itemName: 'entry',
    ...POCKET_JSON_ORIGIN,
    fileExtensions: ['.json'],
    mimeType: 'application/json',
    importer: importPocketJson,
  },
  {
    format: ImportFormat.POCKET_HTML,
    itemName: 'link',
    ...POCKET_HTML_ORIGIN,
    fileExtensions: ['.html', '.htm'],
    mimeType: 'text/html',
    importer: importPocketHtml,
  },
  {
    format: ImportFormat.DIIGO_CSV,
    itemName: 'row',
    ...DIIGO_CSV_ORIGIN,
    fileExtensions: ['.csv'],
    mimeType: 'text/csv',
    importer: importDiigoCsv,
  },
  {
    format: ImportFormat.WEAVA_CSV,
    itemName: 'row',
    ...WEAVA_CSV_ORIGIN,
    fileExtensions: ['.csv'],
    mimeType: 'text/csv',
    importer: importWeavaCsv,
  },
  {
    format: ImportFormat.BROWSER_BOOKMARKS,
    itemName: 'link',
    ...BROWSER_BOOKMARKS_ORIGIN,
    fileExtensions: ['.html', '.htm'],
    mimeType: 'text/html',
    importer: importBrowserBookmarks,
  },
  {
    format: ImportFormat.KINDLE_CLIPPINGS,
    itemName: 'line',
    ...KINDLE_CLIPPINGS_ORIGIN,
    fileExtensions: ['.txt'],
    mimeType: 'text/plain',
    importer: importKindleClippings,
  },
  {
    format: ImportFormat.KINDLE_NOTEBOOK,
    itemName: 'item',
    ...KINDLE_NOTEBOOK_ORIGIN,
    fileExtensions: ['.html', '.htm'],
    mimeType: 'text/html',
    importer: importKindleNotebook,
  },
  {
    format: ImportFormat.HYPOTHESIS_JSON,
    itemName: 'entry',
    ...HYPOTHESIS_JSON_ORIGIN,
    fileExtensions: ['.json'],
    mimeType: 'application/json',
    importer: importHypothesisJson,
  },
  {
    format: ImportFormat.WEB_ANNOTATIONS,
    itemName: 'entry',
    ...WEB_ANNOTATIONS_ORIGIN,
    fileExtensions: ['.jsonld', '.json'],
    mimeType: 'application/ld+json',
    importer: importWebAnnotations,
  },
  {
    format: ImportFormat.OMNIVORE,
    itemName: 'item',
    ...OMNIVORE_ORIGIN,
    fileExtensions: ['.zip', '.json'],
    mimeType: 'application/zip',
    importer: importOmnivore,
    bytesImporter: importOmnivore,
  },
]

/** The dialog's description of a format. */
export function getImportFormatInfo(format: ImportFormat): ImportFormatInfo {
  const info = IMPORT_FORMATS.find((candidate) => candidate.format === format)
  if (info === undefined) {
    throw new Error(`Unknown import format: ${String(format)}`)
  }
  return info
}

/** Characters of a file read to detect its format. */
export const DETECTION_SAMPLE_LENGTH = 4096

/**
 * The format a file is in, from its name and its first characters (a few KB are enough); null
 * when no importer fits. Detection only proposes: the importer still checks the whole file.
 */
export function detectImportFormat(fileName: string, text: string): ImportFormat | null {
  const sample = text.slice(0, DETECTION_SAMPLE_LENGTH).replace(/^\ufeff/, '')
  const extension = /\.[^./\\]+$/.exec(fileName.toLowerCase())?.[0] ?? ''
  if (extension === '.csv') {
    return detectCsvFormat(sample)
  }
  if (extension === '.zip') {
    return ImportFormat.OMNIVORE
  }
  if (extension === '.jsonld') {
    return ImportFormat.WEB_ANNOTATIONS
  }
  if (extension === '.json') {
    return detectJsonFormat(sample)
  }
  if (extension === '.html' || extension === '.htm') {
    if (NETSCAPE_DOCTYPE.test(sample.slice(0, 1024))) {
      return ImportFormat.BROWSER_BOOKMARKS
    }
    // Kindle notebooks put their style sheet first; look at the whole text for their classes.
    if (isKindleNotebook(text)) {
      return ImportFormat.KINDLE_NOTEBOOK
    }
    return isPocketHtml(sample) ? ImportFormat.POCKET_HTML : null
  }
  if (extension === '.txt') {
    return sample.includes(KINDLE_CLIPPINGS_SEPARATOR) && /^\s*[-–]\s*\S/m.test(sample)
      ? ImportFormat.KINDLE_CLIPPINGS
      : null
  }
  return null
}

/** A key of a JSON object (not the same words inside a string, whose quotes are escaped). */
function hasJsonKey(sample: string, key: string): boolean {
  return new RegExp(`(?<!\\\\)"${key}"\\s*:`).test(sample)
}

function detectJsonFormat(sample: string): ImportFormat | null {
  if (
    hasJsonKey(sample, '@context') ||
    /"type"\s*:\s*"Annotation(Collection|Page)?"/.test(sample)
  ) {
    return ImportFormat.WEB_ANNOTATIONS
  }
  const isHypothesis =
    hasJsonKey(sample, 'export_userid') ||
    (hasJsonKey(sample, 'target') && hasJsonKey(sample, 'uri'))
  if (isHypothesis) {
    return ImportFormat.HYPOTHESIS_JSON
  }
  if (looksLikeOmnivoreJson(sample)) {
    return ImportFormat.OMNIVORE
  }
  return /^\s*\[\s*(\]|\{)/.test(sample) && !/"bookmarks"\s*:/.test(sample.slice(0, 200))
    ? ImportFormat.POCKET_JSON
    : null
}

function detectCsvFormat(sample: string): ImportFormat | null {
  const firstLine = sample.split(/\r?\n/, 1)[0] ?? ''
  const header = firstLine.split(',').map((name) => normalizeColumnName(name.replace(/"/g, '')))
  const hasAll = (columns: readonly (string | readonly string[])[]): boolean =>
    columns.every((column) =>
      typeof column === 'string'
        ? header.includes(column)
        : column.some((name) => header.includes(name)),
    )
  if (hasAll(DIIGO_CSV_COLUMNS)) {
    return ImportFormat.DIIGO_CSV
  }
  if (hasAll(POCKET_CSV_COLUMNS)) {
    return ImportFormat.POCKET_CSV
  }
  return hasAll([WEAVA_COLUMNS.url, WEAVA_COLUMNS.text]) ? ImportFormat.WEAVA_CSV : null
}
