// The spec's import rules in one place (section 5), shared by every importer: a bookmark needs a
// usable URL that is not javascript:, a bookmark whose page the library or the file already has is
// skipped, a highlight needs a bookmark, and a highlight with the same page URL and text as one
// already there is skipped. Entities are built with the domain factories, so they are valid for
// the store; an item the schemas refuse becomes a row error instead of aborting the import.
// Imported items keep the dates their file gives (docs/adr/038-imports-and-words.md): createdAt is
// the file's date, updatedAt its last change (else the same date), modifiedAt the import time; a
// page made by the import spans its highlights' dates; an unusable date becomes a date notice.
import type { Bookmark, BookmarkInit, FileImportType } from '../domain/entities/bookmark'
import { createBookmark } from '../domain/entities/bookmark'
import type { Mark, MarkInit } from '../domain/entities/mark'
import { createMark } from '../domain/entities/mark'
import { toSiteOrigin } from '../domain/filters'
import { normalizePageUrl } from '../domain/page-url'
import { parseUrl } from '../domain/url-parts'
import { withAddedNote } from './duplicate-notes'
import type {
  DateNotice,
  ExistingMark,
  ImportOptions,
  FileImportResult,
  SkipReason,
} from './import-result'
import { DateNoticeReason, NoteTarget, SkipReason as Reason, markKey } from './import-result'

/** URL schemes never imported: javascript: (the spec) and Firefox's `place:` queries (no page). */
export const REFUSED_URL_PROTOCOLS: ReadonlyMap<string, SkipReason> = new Map([
  ['javascript', Reason.JAVASCRIPT_URL],
  ['place', Reason.UNSUPPORTED_URL],
])

/** The date fields as the file writes them, to report a date that could not be read. */
export interface DateText {
  /** The raw text of the file's date field; with no createdAt it was unreadable. */
  dateText?: string
}
/** A bookmark as a file describes it; the collector adds id, origin, times and defaults. */
export type BookmarkCandidate = Partial<BookmarkInit> & { url: string } & DateText
/** A highlight or note as a file describes it; the collector adds id, bookmark link and times. */
export type MarkCandidate = Partial<MarkInit> & {
  url: string
  text?: string
  notes?: string
} & DateText

/** Where an item is, to name it in a skip or a notice. */
interface ItemPlace {
  line?: number
  url?: string
  title?: string
}

/** Gathers the entities of one import, applying the spec's rules. */
export class ImportCollector {
  private readonly result: FileImportResult = {
    bookmarks: [],
    marks: [],
    skipped: [],
    errors: [],
    dateNotices: [],
    updatedMarks: [],
  }
  private readonly bookmarkIds = new Map<string, string>()
  /** Normalized URL -> line of the bookmarks this import created, to name a duplicate's original. */
  private readonly createdLines = new Map<string, number | undefined>()
  /** Bookmarks of this import whose file gave them a date. */
  private readonly datedBookmarks = new Set<string>()
  /** Bookmark id -> earliest and latest file date of the highlights this import hung from it. */
  private readonly markSpans = new Map<string, { first: number; last: number }>()
  private readonly markKeys: Set<string>
  /** Key -> the highlight this import made for it and its line, to add a duplicate's note to. */
  private readonly createdMarks = new Map<string, { mark: Mark; line?: number }>()
  /** Library highlights given a duplicate's note, by id (each written once). */
  private readonly updatedMarks = new Map<string, Mark>()

  constructor(
    private readonly options: ImportOptions,
    private readonly fileImportType?: FileImportType,
  ) {
    for (const [url, id] of options.existing?.bookmarkUrls ?? []) {
      this.bookmarkIds.set(normalizePageUrl(url.trim()), id)
    }
    this.markKeys = new Set(options.existing?.markKeys ?? [])
  }

  /**
   * Adds a bookmark the file lists; returns the id highlights of that page hang from (a bookmark
   * already there keeps its own id), or null when the URL cannot be imported.
   */
  addBookmark(candidate: BookmarkCandidate, line?: number): string | null {
    const url = this.acceptUrl(candidate.url, line, candidate.title)
    if (url === null) {
      return null
    }
    const normalized = normalizePageUrl(url)
    const known = this.bookmarkIds.get(normalized)
    if (known !== undefined) {
      this.skip(
        Reason.DUPLICATE_BOOKMARK,
        line,
        url,
        candidate.title,
        this.createdLines.get(normalized),
      )
      return known
    }
    return this.create(candidate, url, line)
  }

  /**
   * The bookmark of a page whose highlights a file lists (one row per highlight): created on first
   * sight, reused silently after that; null when the URL cannot be imported.
   */
  bookmarkForPage(candidate: BookmarkCandidate, line?: number): string | null {
    const url = this.acceptUrl(candidate.url, line, candidate.title)
    if (url === null) {
      return null
    }
    return this.bookmarkIds.get(normalizePageUrl(url)) ?? this.create(candidate, url, line)
  }

  /** Adds a highlight (or a note) to the bookmark `bookmarkId`, unless it is a duplicate. */
  addMark(candidate: MarkCandidate, bookmarkId: string | null, line?: number): Mark | null {
    const url = candidate.url.trim()
    const text = candidate.text?.trim() ?? ''
    const notes = candidate.notes?.trim() ?? ''
    const title = candidate.title?.trim() || undefined
    if (bookmarkId === null) {
      // A row whose page was refused is listed once, with the page's reason.
      const last = this.result.skipped.at(-1)
      if (line === undefined || last?.line !== line || (last.url ?? '') !== url) {
        this.skip(Reason.NO_BOOKMARK, line, url, title)
      }
      return null
    }
    if (text === '' && notes === '') {
      this.skip(Reason.EMPTY_HIGHLIGHT, line, url, title)
      return null
    }
    const key = markKey(url, text === '' ? notes : text)
    if (this.markKeys.has(key)) {
      const added = text === '' || notes === '' ? null : this.addNoteToKept(key, notes)
      this.skip(Reason.DUPLICATE_HIGHLIGHT, line, url, title, added?.firstLine)
      if (added !== null) {
        const skipped = this.result.skipped.at(-1)
        if (skipped !== undefined) {
          skipped.noteAddedTo = added.target
        }
      }
      return null
    }
    const { dateText, ...fields } = candidate
    const dates = this.fileDates(fields, dateText, { line, url, title })
    try {
      const mark = createMark(
        {
          origin: toSiteOrigin(url) ?? undefined,
          ...fields,
          ...dates,
          _id: this.options.createId(),
          _bookmark: bookmarkId,
          url,
          text: text === '' ? undefined : text,
          notes: notes === '' ? undefined : notes,
        },
        this.options.now,
      )
      this.markKeys.add(key)
      this.createdMarks.set(key, { mark, ...(line === undefined ? {} : { line }) })
      this.result.marks.push(mark)
      if (dates.createdAt !== undefined) {
        const span = this.markSpans.get(bookmarkId)
        this.markSpans.set(bookmarkId, {
          first: Math.min(span?.first ?? Infinity, dates.createdAt),
          last: Math.max(span?.last ?? -Infinity, dates.updatedAt ?? dates.createdAt),
        })
      }
      return mark
    } catch (error) {
      this.fail(error, line)
      return null
    }
  }

  /**
   * Adds the note of a duplicate highlight to the highlight kept for `key`: the one this import
   * made (mutated in place, before the result is written) or the library's (an updated copy in
   * `updatedMarks`). Null when the kept one already has every word of it, or cannot be written.
   */
  private addNoteToKept(
    key: string,
    notes: string,
  ): { target: NoteTarget; firstLine?: number } | null {
    const created = this.createdMarks.get(key)
    if (created !== undefined) {
      const changes = withAddedNote(created.mark, notes)
      if (changes === null) {
        return null
      }
      Object.assign(created.mark, changes)
      return { target: NoteTarget.FILE, firstLine: created.line }
    }
    const existing = this.options.existing?.marksByKey?.get(key)
    const kept = existing?._id === undefined ? undefined : this.updatedMarks.get(existing._id)
    const base = kept ?? existing
    if (base === undefined || !isWholeMark(base)) {
      return null
    }
    const changes = withAddedNote(base, notes)
    if (changes === null) {
      return null
    }
    const { now } = this.options
    const updated: Mark = { ...base, ...changes, updatedAt: now, modifiedAt: now }
    if (kept === undefined) {
      this.result.updatedMarks.push(updated)
    } else {
      this.result.updatedMarks[this.result.updatedMarks.indexOf(kept)] = updated
    }
    this.updatedMarks.set(updated._id, updated)
    return { target: NoteTarget.LIBRARY }
  }

  /** Records an item left out. */
  skip(reason: SkipReason, line?: number, url?: string, title?: string, firstLine?: number): void {
    const name = title?.trim()
    this.result.skipped.push({
      reason,
      ...(line === undefined ? {} : { line }),
      ...(url === undefined || url === '' ? {} : { url }),
      ...(name === undefined || name === '' ? {} : { title: name }),
      ...(firstLine === undefined ? {} : { firstLine }),
    })
  }

  /** Records an item that could not be read. */
  fail(error: unknown, line?: number): void {
    const message = error instanceof Error ? error.message.split('\n', 1)[0] : String(error)
    this.result.errors.push({
      message: message ?? 'Invalid item',
      ...(line === undefined ? {} : { line }),
    })
  }

  /** The bookmarks created so far, by id (for importers that amend one, e.g. a Kindle note). */
  createdBookmarks(): readonly Bookmark[] {
    return this.result.bookmarks
  }

  /**
   * Everything gathered. A page this import made spans its highlights: created no later than the
   * first, updated no earlier than the last (a Kindle book, a Pocket page of quotes).
   */
  finish(): FileImportResult {
    for (const bookmark of this.result.bookmarks) {
      const span = this.markSpans.get(bookmark._id)
      if (span === undefined) {
        continue
      }
      const dated = this.datedBookmarks.has(bookmark._id)
      bookmark.createdAt = dated ? Math.min(bookmark.createdAt, span.first) : span.first
      bookmark.updatedAt = dated ? Math.max(bookmark.updatedAt ?? 0, span.last) : span.last
    }
    return this.result
  }

  /**
   * The createdAt and updatedAt an item keeps: the file's, with updatedAt never before createdAt;
   * none (so the import time) for a date that is unreadable or after the import, with a notice.
   */
  private fileDates(
    candidate: { createdAt?: number; updatedAt?: number },
    dateText: string | undefined,
    place: ItemPlace,
  ): { createdAt?: number; updatedAt?: number } {
    const { now } = this.options
    const createdAt = candidate.createdAt
    if (createdAt === undefined) {
      const written = dateText?.trim() ?? ''
      if (written !== '') {
        this.notice(DateNoticeReason.UNREADABLE_DATE, written, place)
      }
      return { createdAt: undefined, updatedAt: undefined }
    }
    if (createdAt > now) {
      this.notice(
        DateNoticeReason.FUTURE_DATE,
        dateText?.trim() || new Date(createdAt).toISOString(),
        place,
      )
      return { createdAt: undefined, updatedAt: undefined }
    }
    const updatedAt = candidate.updatedAt
    const latest = updatedAt === undefined || updatedAt > now ? createdAt : updatedAt
    return { createdAt, updatedAt: Math.max(createdAt, latest) }
  }

  private notice(reason: DateNotice['reason'], value: string, place: ItemPlace): void {
    const title = place.title?.trim()
    this.result.dateNotices.push({
      reason,
      value,
      ...(place.line === undefined ? {} : { line: place.line }),
      ...(place.url === undefined || place.url === '' ? {} : { url: place.url }),
      ...(title === undefined || title === '' ? {} : { title }),
    })
  }

  private acceptUrl(raw: string, line?: number, title?: string): string | null {
    const url = raw.trim()
    if (url === '') {
      this.skip(Reason.MISSING_URL, line, undefined, title)
      return null
    }
    const parts = parseUrl(url)
    if (parts === null) {
      this.skip(Reason.INVALID_URL, line, url, title)
      return null
    }
    const refused = REFUSED_URL_PROTOCOLS.get(parts.protocol)
    if (refused !== undefined) {
      this.skip(refused, line, url, title)
      return null
    }
    return url
  }

  private create(candidate: BookmarkCandidate, url: string, line?: number): string | null {
    const { dateText, ...fields } = candidate
    const dates = this.fileDates(fields, dateText, { line, url, title: fields.title })
    try {
      const bookmark = createBookmark(
        {
          origin: toSiteOrigin(url) ?? undefined,
          fileImportType: this.fileImportType,
          ...fields,
          ...dates,
          _id: this.options.createId(),
          url,
        },
        this.options.now,
      )
      const normalized = normalizePageUrl(url)
      this.bookmarkIds.set(normalized, bookmark._id)
      this.createdLines.set(normalized, line)
      if (dates.createdAt !== undefined) {
        this.datedBookmarks.add(bookmark._id)
      }
      this.result.bookmarks.push(bookmark)
      return bookmark._id
    } catch (error) {
      this.fail(error, line)
      return null
    }
  }
}

// A library mark the import may write back: one with its id, bookmark and creation time.
function isWholeMark(mark: ExistingMark): mark is Mark {
  return mark._id !== undefined && mark._bookmark !== undefined && mark.createdAt !== undefined
}
