// One import from another service: detect the file's format, run its importer against what the
// library already holds, and write the result in chunks so that a large file shows progress and
// leaves the page responsive. Errors keep the spec's messages (ImportFileError's message). The
// summary keeps every skipped, unreadable or undated item for the dialog to list (ADR 038).
import {
  IMPORT_FORMATS,
  ImportFileError,
  detectImportFormat,
  existingLibraryOf,
  getImportFormatInfo,
  invalidImportFileMessage,
  markNoteText,
  withAddedNote,
  type Bookmark,
  type DateNotice,
  type ImportFormatInfo,
  type ImportItemName,
  type ImportRowError,
  type Mark,
  type SkippedItem,
} from '@inkmark/shared'

/**
 * The library highlights an import adds notes to, read again as they are now: the importer read
 * them when the import started, and a long import must not write back a copy older than a change
 * synced in meanwhile (a colour, a note, a deletion). The note's paragraphs the highlight lacks
 * are added to its current copy; a highlight deleted since gets nothing.
 */
export function withNotesAddedNow(
  updated: readonly Mark[],
  current: readonly Mark[],
  now: number,
): Mark[] {
  const live = new Map(
    current.filter((mark) => mark.deletedAt === undefined).map((mark) => [mark._id, mark]),
  )
  return updated.flatMap((mark) => {
    const latest = live.get(mark._id)
    const changes = latest === undefined ? null : withAddedNote(latest, markNoteText(mark))
    return latest === undefined || changes === null
      ? []
      : [{ ...latest, ...changes, updatedAt: now, modifiedAt: now }]
  })
}

/** Entities written to the store per call. */
export const WRITE_CHUNK_SIZE = 200

/** The store methods an import uses. */
export interface ImportTarget {
  getAllBookmarks: () => Bookmark[]
  getAllMarks: () => Mark[]
  createOrUpdateEntities: (entities: readonly unknown[]) => Promise<unknown>
  createId: () => string
}

/** What an import did: the format it read, entities written and items left out. */
export interface ImportSummary {
  /** The detected format, as the dialog names it (e.g. 'Pocket CSV'). */
  formatName: string
  /** What the file's items are called ('row', 'entry', 'link', 'line', 'item'). */
  itemName: ImportItemName
  imported: { bookmarks: number; marks: number }
  /** Highlights already in the library that took the note of a duplicate in the file. */
  notesAddedToLibrary: number
  skipped: SkippedItem[]
  errors: ImportRowError[]
  /** Items imported with the import date because their own was unusable. */
  dateNotices: DateNotice[]
}

/** The progress of an import: reading the file (importer) then writing it (store). */
export interface ImportProgress {
  formatName: string
  phase: 'reading' | 'writing'
  done: number
  total: number
}

/** What the file picker accepts: every format's extensions and MIME types. */
export function importAcceptAttribute(): string {
  const kinds = new Set<string>()
  for (const info of IMPORT_FORMATS) {
    info.fileExtensions.forEach((extension) => kinds.add(extension))
    kinds.add(info.mimeType)
  }
  return [...kinds].join(',')
}

/** Whether a file is read as bytes rather than text: a zip (Omnivore's export). */
export function readsAsBytes(fileName: string): boolean {
  return /\.zip$/i.test(fileName)
}

/** The message for a file no importer recognises, naming the kind its extension suggests. */
export function unrecognisedFileMessage(fileName: string): string {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toUpperCase() ?? 'supported'
  const services = [
    ...new Set(
      IMPORT_FORMATS.filter((info) => info.extension.toUpperCase() === extension).map(
        (info) => info.service,
      ),
    ),
  ]
  return invalidImportFileMessage(
    extension,
    services.length > 0
      ? services.join(', ')
      : 'Pocket, Diigo, Weava, Kindle, Hypothesis, Omnivore, a Web Annotation tool or your browser',
  )
}

/** A format's name as the dialog shows it: the service and the file kind. */
export function importFormatName(info: Pick<ImportFormatInfo, 'service' | 'extension'>): string {
  return `${info.service} ${info.extension}`
}

/** Splits `items` into runs of at most `size`. */
export function toChunks<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size))
  }
  return chunks
}

/**
 * Imports `content` (the file `fileName`: its text, or its bytes when `readsAsBytes`) into
 * `target`; rejects with ImportFileError. `onWrite` hears how many pages and highlights are about
 * to be written, before the first of them is.
 */
export async function runImport(
  target: ImportTarget,
  fileName: string,
  content: string | Uint8Array,
  onProgress: (progress: ImportProgress) => void,
  now = Date.now(),
  onWrite?: (counts: { bookmarks: number; marks: number }) => void,
): Promise<ImportSummary> {
  const text = typeof content === 'string' ? content : ''
  const format = detectImportFormat(fileName, text)
  if (format === null) {
    throw new ImportFileError('invalid-file', unrecognisedFileMessage(fileName), fileName)
  }
  const info = getImportFormatInfo(format)
  const formatName = importFormatName(info)
  onProgress({ formatName, phase: 'reading', done: 0, total: 0 })
  const options = {
    now,
    createId: target.createId,
    existing: existingLibraryOf(target.getAllBookmarks(), target.getAllMarks()),
    onProgress: (done: number, total: number) =>
      onProgress({ formatName, phase: 'reading', done, total }),
  }
  const result =
    typeof content === 'string'
      ? await info.importer(content, options)
      : info.bytesImporter !== undefined
        ? await info.bytesImporter(content, options)
        : await info.importer(new TextDecoder().decode(content), options)
  // Bookmarks first, so that every mark's bookmark is there when the mark arrives. Notes added to
  // highlights already in the library are added to those highlights as they are now.
  const entities: unknown[] = [...result.bookmarks, ...result.marks]
  const noteAdditions = result.updatedMarks
  let written = 0
  onWrite?.({ bookmarks: result.bookmarks.length, marks: result.marks.length })
  onProgress({ formatName, phase: 'writing', done: 0, total: entities.length })
  for (const chunk of toChunks(entities, WRITE_CHUNK_SIZE)) {
    await target.createOrUpdateEntities(chunk)
    written += chunk.length
    onProgress({ formatName, phase: 'writing', done: written, total: entities.length })
  }
  const noteUpdates = withNotesAddedNow(noteAdditions, target.getAllMarks(), now)
  if (noteUpdates.length > 0) {
    await target.createOrUpdateEntities(noteUpdates)
  }
  return {
    formatName,
    itemName: info.itemName,
    imported: { bookmarks: result.bookmarks.length, marks: result.marks.length },
    notesAddedToLibrary: noteUpdates.length,
    skipped: result.skipped,
    errors: result.errors,
    dateNotices: result.dateNotices,
  }
}
