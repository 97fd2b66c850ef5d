// What every importer takes and gives back. Importers are pure: they read a file's text and return
// the entities to write, so the web app decides when and how to store them. A file that is not the
// expected format rejects with one typed error carrying the spec's message (section 8); a single
// row that cannot be used is skipped with a reason, or listed as a row error, and never aborts.
import type { Bookmark } from '../domain/entities/bookmark'
import type { Mark } from '../domain/entities/mark'
import { Message, invalidImportFileMessage } from '../domain/messages'
import { normalizePageUrl } from '../domain/page-url'

/** Why a whole file was refused. */
export const ImportErrorCode = {
  /** Not a file of the chosen service (wrong columns, shape, doctype), empty or binary. */
  INVALID_FILE: 'invalid-file',
  CSV_PARSE: 'csv-parse',
  CSV_END_QUOTE_MISSING: 'csv-end-quote-missing',
  JSON_PARSE: 'json-parse',
} as const
export type ImportErrorCode = (typeof ImportErrorCode)[keyof typeof ImportErrorCode]

/** Why one item of a file was not imported. */
export const SkipReason = {
  MISSING_URL: 'missing-url',
  INVALID_URL: 'invalid-url',
  /** The spec refuses javascript: bookmarks. */
  JAVASCRIPT_URL: 'javascript-url',
  /** A URL that is no page (Firefox `place:` queries). */
  UNSUPPORTED_URL: 'unsupported-url',
  /** A bookmark whose page URL the library (or the file, further up) already has. */
  DUPLICATE_BOOKMARK: 'duplicate-bookmark',
  /** A highlight with the same page URL and text as one already there. */
  DUPLICATE_HIGHLIGHT: 'duplicate-highlight',
  /** A highlight without a bookmark to hang from. */
  NO_BOOKMARK: 'no-bookmark',
  /** A highlight or note without any text. */
  EMPTY_HIGHLIGHT: 'empty-highlight',
  /** A Kindle reading-position bookmark: it has no text to keep. */
  KINDLE_BOOKMARK: 'kindle-bookmark',
  /** An entry the format allows but whose kind is not recognised (an unknown Kindle locale). */
  UNKNOWN_ENTRY: 'unknown-entry',
  /** A reply in a discussion of an annotation (Hypothesis): Inkmark keeps no threads. */
  REPLY: 'reply',
} as const
export type SkipReason = (typeof SkipReason)[keyof typeof SkipReason]

/** One item left out, with where it was: the record number (a spreadsheet's row) or line. */
export interface SkippedItem {
  reason: SkipReason
  line?: number
  url?: string
  /** The page's title (or a highlight's text) as the file gives it, to recognise the item. */
  title?: string
  /** For a duplicate of an item further up the file: where that one is. */
  firstLine?: number
  /**
   * For a duplicate highlight with a note: where its note went instead of being lost, the kept
   * highlight of this file (`firstLine` says where) or the one already in the library.
   */
  noteAddedTo?: NoteTarget
}

/** Where the note of a highlight skipped as a duplicate was added. */
export const NoteTarget = {
  FILE: 'file',
  LIBRARY: 'library',
} as const
export type NoteTarget = (typeof NoteTarget)[keyof typeof NoteTarget]

/** Why an imported item did not keep the date its file gives. */
export const DateNoticeReason = {
  /** The date field is not a date any importer reads. */
  UNREADABLE_DATE: 'unreadable-date',
  /** The date is after the import: a wrong clock or a broken file. */
  FUTURE_DATE: 'future-date',
} as const
export type DateNoticeReason = (typeof DateNoticeReason)[keyof typeof DateNoticeReason]

/** An item imported with the import time because its own date could not be used. */
export interface DateNotice {
  reason: DateNoticeReason
  /** The date as the file writes it. */
  value: string
  line?: number
  url?: string
  title?: string
}

/** One item that could not be turned into a valid entity. */
export interface ImportRowError {
  message: string
  line?: number
}

/** The entities an import produces, ready for the store. */
export interface FileImportResult {
  bookmarks: Bookmark[]
  marks: Mark[]
  skipped: SkippedItem[]
  errors: ImportRowError[]
  /** Items imported with the import time in place of a date their file gives but is unusable. */
  dateNotices: DateNotice[]
  /**
   * Highlights already in the library that took the note of a duplicate of theirs in the file
   * (written with the rest, after the marks).
   */
  updatedMarks: Mark[]
}

/** A mark of the library as an import sees it: enough to match it, and whole to add a note. */
export type ExistingMark = Pick<Mark, 'url' | 'text' | 'notes' | 'deletedAt'> & Partial<Mark>

/**
 * What the library already holds, so that an import skips duplicates and hangs highlights from
 * bookmarks already there. Build it with `existingLibraryOf`.
 */
export interface ExistingLibrary {
  /** Bookmark URL (as stored) -> its bookmark id. */
  bookmarkUrls: ReadonlyMap<string, string>
  /** `markKey(url, text)` of every mark. */
  markKeys: ReadonlySet<string>
  /** The highlights by `markKey`, to add the note of a duplicate to (the first of a key). */
  marksByKey?: ReadonlyMap<string, ExistingMark>
}

/** Options every importer takes. */
export interface ImportOptions {
  /**
   * The import time: modifiedAt of every entity, and createdAt and updatedAt when the file gives
   * no usable date (docs/adr/038-imports-and-words.md).
   */
  now: number
  createId: () => string
  existing?: ExistingLibrary
  /** Called after each chunk with items done and the item total. */
  onProgress?: (done: number, total: number) => void
  /** Items handled between two yields to the event loop (default 500). */
  chunkSize?: number
}

/** An importer: a file's text in, entities out; rejects only with `ImportFileError`. */
export type Importer = (text: string, options: ImportOptions) => Promise<FileImportResult>

/** A refused file: `message` is the spec's text to show, `detail` says what was wrong. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError'
  constructor(
    readonly code: ImportErrorCode,
    message: string,
    readonly detail: string,
  ) {
    super(message)
  }
}

/** The service a file should come from and its kind, as the invalid-file message names them. */
export interface FileOrigin {
  /** What the message calls the file kind: CSV, JSON, HTML, TXT. */
  extension: string
  /** What the message calls the service: Pocket, Diigo, Weava, Kindle, your browser. */
  service: string
}

/** 'Invalid file. Try to upload a {extension} file from {service}', with what was wrong. */
export function invalidFileError(origin: FileOrigin, detail: string): ImportFileError {
  return new ImportFileError(
    ImportErrorCode.INVALID_FILE,
    invalidImportFileMessage(origin.extension, origin.service),
    detail,
  )
}

/** 'Could not parse given JSON content'. */
export function jsonParseError(detail: string): ImportFileError {
  return new ImportFileError(ImportErrorCode.JSON_PARSE, Message.JSON_PARSE_ERROR, detail)
}

/** The key two highlights share when they have the same page URL (spec matching) and text. */
export function markKey(url: string, text: string): string {
  return `${normalizePageUrl(url.trim())}\n${text.trim()}`
}

/** The existing library of the given entities (deleted ones do not count). */
export function existingLibraryOf(
  bookmarks: Iterable<Pick<Bookmark, '_id' | 'url' | 'deletedAt'>>,
  marks: Iterable<ExistingMark>,
): ExistingLibrary {
  const bookmarkUrls = new Map<string, string>()
  for (const bookmark of bookmarks) {
    if (bookmark.deletedAt === undefined) {
      bookmarkUrls.set(bookmark.url, bookmark._id)
    }
  }
  const markKeys = new Set<string>()
  const marksByKey = new Map<string, ExistingMark>()
  for (const mark of marks) {
    if (mark.deletedAt === undefined) {
      const key = markKey(mark.url, mark.text ?? mark.notes ?? '')
      markKeys.add(key)
      if (!marksByKey.has(key) && (mark.text ?? '').trim() !== '') {
        marksByKey.set(key, mark)
      }
    }
  }
  return { bookmarkUrls, markKeys, marksByKey }
}
