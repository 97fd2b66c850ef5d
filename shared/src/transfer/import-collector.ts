// The spec's import rules in one place (section 5), shared by every importer: a bookmark needs a
// usable URL that is not javascript:, a bookmark whose page the library or the file already has is
// skipped, a highlight needs a bookmark, and a highlight with the same page URL and text as one
// already there is skipped. Entities are built with the domain factories, so they are valid for
// the store; an item the schemas refuse becomes a row error instead of aborting the import.
import type { Bookmark, BookmarkInit, FileImportType } from '../domain/entities/bookmark'
import { createBookmark } from '../domain/entities/bookmark'
import type { Mark, MarkInit } from '../domain/entities/mark'
import { createMark } from '../domain/entities/mark'
import { toSiteOrigin } from '../domain/filters'
import { normalizePageUrl } from '../domain/page-url'
import { parseUrl } from '../domain/url-parts'
import type { ImportOptions, FileImportResult, SkipReason } from './import-result'
import { SkipReason as Reason, markKey } from './import-result'

/** URL schemes never imported: javascript: (the spec) and Firefox's `place:` queries (no page). */
export const REFUSED_URL_PROTOCOLS: ReadonlyMap<string, SkipReason> = new Map([
  ['javascript', Reason.JAVASCRIPT_URL],
  ['place', Reason.UNSUPPORTED_URL],
])

/** A bookmark as a file describes it; the collector adds id, origin, times and defaults. */
export type BookmarkCandidate = Partial<BookmarkInit> & { url: string }
/** A highlight or note as a file describes it; the collector adds id, bookmark link and times. */
export type MarkCandidate = Partial<MarkInit> & { url: string; text?: string; notes?: string }

/** Gathers the entities of one import, applying the spec's rules. */
export class ImportCollector {
  private readonly result: FileImportResult = { bookmarks: [], marks: [], skipped: [], errors: [] }
  private readonly bookmarkIds = new Map<string, string>()
  private readonly markKeys: Set<string>

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
    const url = this.acceptUrl(candidate.url, line)
    if (url === null) {
      return null
    }
    const known = this.bookmarkIds.get(normalizePageUrl(url))
    if (known !== undefined) {
      this.skip(Reason.DUPLICATE_BOOKMARK, line, url)
      return known
    }
    return this.create(candidate, url, line)
  }

  /**
   * The bookmark of a page whose highlights a file lists (one row per highlight): created on first
   * sight, reused silently after that; null when the URL cannot be imported.
   */
  bookmarkForPage(candidate: BookmarkCandidate, line?: number): string | null {
    const url = this.acceptUrl(candidate.url, line)
    if (url === null) {
      return null
    }
    return this.bookmarkIds.get(normalizePageUrl(url)) ?? this.create(candidate, url, line)
  }

  /** Adds a highlight (or a note) to the bookmark `bookmarkId`, unless it is a duplicate. */
  addMark(candidate: MarkCandidate, bookmarkId: string | null, line?: number): Mark | null {
    const url = candidate.url.trim()
    if (bookmarkId === null) {
      this.skip(Reason.NO_BOOKMARK, line, url)
      return null
    }
    const text = candidate.text?.trim() ?? ''
    const notes = candidate.notes?.trim() ?? ''
    if (text === '' && notes === '') {
      this.skip(Reason.EMPTY_HIGHLIGHT, line, url)
      return null
    }
    const key = markKey(url, text === '' ? notes : text)
    if (this.markKeys.has(key)) {
      this.skip(Reason.DUPLICATE_HIGHLIGHT, line, url)
      return null
    }
    try {
      const mark = createMark(
        {
          origin: toSiteOrigin(url) ?? undefined,
          ...candidate,
          _id: this.options.createId(),
          _bookmark: bookmarkId,
          url,
          text: text === '' ? undefined : text,
          notes: notes === '' ? undefined : notes,
        },
        this.options.now,
      )
      this.markKeys.add(key)
      this.result.marks.push(mark)
      return mark
    } catch (error) {
      this.fail(error, line)
      return null
    }
  }

  /** Records an item left out. */
  skip(reason: SkipReason, line?: number, url?: string): void {
    this.result.skipped.push({
      reason,
      ...(line === undefined ? {} : { line }),
      ...(url === undefined || url === '' ? {} : { url }),
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

  /** Everything gathered. */
  finish(): FileImportResult {
    return this.result
  }

  private acceptUrl(raw: string, line?: number): string | null {
    const url = raw.trim()
    if (url === '') {
      this.skip(Reason.MISSING_URL, line)
      return null
    }
    const parts = parseUrl(url)
    if (parts === null) {
      this.skip(Reason.INVALID_URL, line, url)
      return null
    }
    const refused = REFUSED_URL_PROTOCOLS.get(parts.protocol)
    if (refused !== undefined) {
      this.skip(refused, line, url)
      return null
    }
    return url
  }

  private create(candidate: BookmarkCandidate, url: string, line?: number): string | null {
    try {
      const bookmark = createBookmark(
        {
          origin: toSiteOrigin(url) ?? undefined,
          fileImportType: this.fileImportType,
          ...candidate,
          _id: this.options.createId(),
          url,
        },
        this.options.now,
      )
      this.bookmarkIds.set(normalizePageUrl(url), bookmark._id)
      this.result.bookmarks.push(bookmark)
      return bookmark._id
    } catch (error) {
      this.fail(error, line)
      return null
    }
  }
}
