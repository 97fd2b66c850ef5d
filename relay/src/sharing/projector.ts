// Keeps the public projection (storage's public_pages) equal to what publicPageOf gives for the
// owner's library, on every write to it: REST /sync and live rooms both change the library doc,
// and this listens to the doc itself, so no write path can skip it. Public reads answer only from
// the projection, never from a doc, so a private mark or a hidden note cannot reach them
// (docs/adr/057-sharing-on-the-relay.md). Runs are per owner, one at a time, coalesced; a doc is
// projected once when loaded, then only while it has (or storage has) shared pages, and a failed
// run is retried on a doubling backoff.
import {
  BookmarkSchema,
  MarkSchema,
  ObjectStore,
  decodeEntity,
  entityMap,
  isSharedPagePermission,
  isShareId,
  publicPageOf,
  type Bookmark,
  type Mark,
  type StoredRecord,
} from '@inkmark/shared'
import type * as Y from 'yjs'
import type { LiveDoc } from '../docs/live-doc'
import { LIBRARY_DOC, LOADED_ORIGIN } from '../docs/origins'
import type { PublicPageRow } from '../storage/sharing-records'
import type { RelayStorage } from '../storage/relay-storage'
import { invalidatePublicAnswers } from './answer-cache'

/** The decoded record of a bookmark value when it is shared (checked before any schema check). */
function sharedRecordOf(value: unknown): StoredRecord | undefined {
  // Most bookmarks are private: a stored JSON string without PUBLIC in it is not shared (both
  // PUBLIC and PUBLIC_LINK contain the word), so it is not even decoded.
  if (typeof value === 'string' && !value.includes('PUBLIC')) {
    return undefined
  }
  const record = decodeEntity(value)
  return record && isSharedPagePermission(record.permission) && isShareId(record.shareId)
    ? record
    : undefined
}

/** Whether any of `keys` (all when undefined) of the bookmarks map holds a shared bookmark. */
function holdsSharedBookmark(
  bookmarks: ReturnType<typeof entityMap>,
  keys?: Iterable<string | null>,
): boolean {
  for (const key of keys ?? bookmarks.keys()) {
    if (key !== null && sharedRecordOf(bookmarks.get(key)) !== undefined) {
      return true
    }
  }
  return false
}

/** The projection rows of one owner's library doc: one per page publicPageOf publishes. */
export function publicPageRowsOf(ownerId: string, doc: Y.Doc): PublicPageRow[] {
  const shared: Bookmark[] = []
  for (const [id, value] of entityMap(doc, ObjectStore.BOOKMARKS).entries()) {
    const record = sharedRecordOf(value)
    const parsed = record && BookmarkSchema.safeParse({ ...record, _id: id })
    if (parsed?.success) {
      shared.push(parsed.data)
    }
  }
  if (shared.length === 0) {
    return []
  }
  const ids = new Set(shared.map((bookmark) => bookmark._id))
  const marksByBookmark = new Map<string, Mark[]>()
  for (const [id, value] of entityMap(doc, ObjectStore.MARKS).entries()) {
    const record = decodeEntity(value)
    const bookmarkId = record?._bookmark
    if (typeof bookmarkId !== 'string' || !ids.has(bookmarkId)) {
      continue
    }
    const parsed = MarkSchema.safeParse({ ...record, _id: id })
    if (parsed.success) {
      marksByBookmark.set(bookmarkId, [...(marksByBookmark.get(bookmarkId) ?? []), parsed.data])
    }
  }
  const rows: PublicPageRow[] = []
  for (const bookmark of shared) {
    const page = publicPageOf(bookmark, marksByBookmark.get(bookmark._id) ?? [], 0)
    if (!page) {
      continue
    }
    const { likes: _likes, ...published } = page
    rows.push({
      shareId: page.shareId,
      ownerId,
      bookmarkId: bookmark._id,
      permission: page.permission,
      origin: page.origin,
      tags: page.tags,
      sharedAt: page.sharedAt,
      updatedAt: page.updatedAt,
      pageJson: JSON.stringify(published),
    })
  }
  return rows
}

interface OwnerRun {
  pending: boolean
  doc: Y.Doc
  run: Promise<void> | undefined
}

/** A failed owner's retry: the doc to project again, the attempts so far and the timer. */
interface Retry {
  doc: Y.Doc
  attempts: number
  timer: NodeJS.Timeout | undefined
}

/** How the projector retries a failed projection (doubling from base up to max). */
export interface ProjectorOptions {
  onError?: (error: unknown) => void
  retryBaseMillis?: number
  retryMaxMillis?: number
}

/** First retry of a failed projection after 1 s, then doubling up to a minute. */
export const PROJECTION_RETRY_BASE_MS = 1000
export const PROJECTION_RETRY_MAX_MS = 60_000

/** The projector of one relay. */
export class PublicPageProjector {
  private readonly owners = new Map<string, OwnerRun>()
  /** Owners whose last projection run failed (cleared by a run that succeeds). */
  private readonly failures = new Map<string, Retry>()
  /**
   * Per loaded library doc: whether storage may hold pages of it or it has shared pages. False
   * only once a run wrote an empty projection (or storage held none at load) and no write shared
   * a page since; a write to such a doc changes nothing public and is not projected.
   */
  private readonly mayPublish = new WeakMap<Y.Doc, boolean>()
  private readonly onError: (error: unknown) => void
  private readonly retryBaseMillis: number
  private readonly retryMaxMillis: number
  private stopped = false

  constructor(
    private readonly storage: RelayStorage,
    options: ProjectorOptions = {},
  ) {
    this.onError =
      options.onError ??
      ((error) => console.error('Inkmark relay: updating the public pages failed', error))
    this.retryBaseMillis = options.retryBaseMillis ?? PROJECTION_RETRY_BASE_MS
    this.retryMaxMillis = options.retryMaxMillis ?? PROJECTION_RETRY_MAX_MS
  }

  /**
   * Projects the owner's library once now (writes stored before a crash, or whose projection
   * failed on another run, are public or private as the doc says), then after every change to its
   * bookmarks or marks that may change what is public.
   */
  watch(live: LiveDoc): void {
    if (live.name !== LIBRARY_DOC) {
      return
    }
    const { doc, userId } = live
    // Defined as maps now: a root type an update creates first is a placeholder that the first
    // getMap replaces, and a change to it would then name a type the doc no longer holds.
    const bookmarks = entityMap(doc, ObjectStore.BOOKMARKS)
    const marks = entityMap(doc, ObjectStore.MARKS)
    // Unknown until storage answers: every write is projected meanwhile.
    this.mayPublish.set(doc, true)
    if (holdsSharedBookmark(bookmarks)) {
      this.schedule(userId, doc)
    } else {
      this.storage
        .listOwnerPublicPages(userId)
        .then((stored) => {
          if (stored.length > 0) {
            this.schedule(userId, doc)
          } else if (!this.owners.has(userId) && !holdsSharedBookmark(bookmarks)) {
            this.mayPublish.set(doc, false)
          }
        })
        .catch((error: unknown) => {
          // Cannot tell: project, which also retries until storage answers.
          this.onError(error)
          this.schedule(userId, doc)
        })
    }
    doc.on('update', (_update: Uint8Array, origin: unknown, _doc: Y.Doc, tx: Y.Transaction) => {
      const changed: ReadonlyMap<unknown, Set<string | null>> = tx.changed
      const changedBookmarks = changed.get(bookmarks)
      const sharesPage =
        changedBookmarks !== undefined && holdsSharedBookmark(bookmarks, changedBookmarks)
      if (sharesPage) {
        this.mayPublish.set(doc, true)
      }
      // Updates loaded from storage were projected by the relay that wrote them.
      if (origin === LOADED_ORIGIN) {
        return
      }
      const touched = changedBookmarks !== undefined || changed.has(marks)
      if (touched && this.mayPublish.get(doc) === true) {
        this.schedule(userId, doc)
      }
    })
    doc.on('destroy', () => {
      // A sharer's library leaves memory (also when the account is deleted): lists forget it.
      if (this.mayPublish.get(doc) === true) {
        invalidatePublicAnswers(this.storage)
      }
      const retry = this.failures.get(userId)
      if (retry?.doc === doc) {
        clearTimeout(retry.timer)
        this.failures.delete(userId)
      }
    })
  }

  /** Projects `doc` for `ownerId` soon (after a run in progress, which then runs once more). */
  schedule(ownerId: string, doc: Y.Doc): void {
    const owner = this.owners.get(ownerId) ?? { pending: false, doc, run: undefined }
    owner.pending = true
    owner.doc = doc
    this.owners.set(ownerId, owner)
    owner.run ??= this.drain(ownerId, owner)
  }

  /** Stops the retries (the relay is closing). */
  stop(): void {
    this.stopped = true
    for (const retry of this.failures.values()) {
      clearTimeout(retry.timer)
      retry.timer = undefined
    }
  }

  /** How many owners wait for a retry of a failed projection. */
  get retriesWaiting(): number {
    return [...this.failures.values()].filter((retry) => retry.timer !== undefined).length
  }

  private async drain(ownerId: string, owner: OwnerRun): Promise<void> {
    // Start after the caller's turn, so one write's several updates make one run.
    await Promise.resolve()
    try {
      while (owner.pending) {
        owner.pending = false
        const rows = publicPageRowsOf(ownerId, owner.doc)
        await this.storage.replacePublicPages(ownerId, rows)
        invalidatePublicAnswers(this.storage)
        if (rows.length === 0 && !owner.pending) {
          this.mayPublish.set(owner.doc, false)
        }
      }
      const retry = this.failures.get(ownerId)
      clearTimeout(retry?.timer)
      this.failures.delete(ownerId)
    } catch (error) {
      this.failed(ownerId, owner.doc)
      this.onError(error)
    } finally {
      owner.run = undefined
      if (owner.pending) {
        owner.run = this.drain(ownerId, owner)
      } else if (this.owners.get(ownerId) === owner) {
        this.owners.delete(ownerId)
      }
    }
  }

  /** Records a failed run and tries again after a delay that doubles up to the maximum. */
  private failed(ownerId: string, doc: Y.Doc): void {
    const retry = this.failures.get(ownerId) ?? { doc, attempts: 0, timer: undefined }
    retry.doc = doc
    retry.attempts += 1
    clearTimeout(retry.timer)
    retry.timer = undefined
    this.failures.set(ownerId, retry)
    if (this.stopped) {
      return
    }
    const delay = Math.min(
      this.retryBaseMillis * 2 ** Math.min(retry.attempts - 1, 30),
      this.retryMaxMillis,
    )
    retry.timer = setTimeout(() => {
      retry.timer = undefined
      if (this.failures.get(ownerId) === retry && !this.stopped) {
        this.schedule(ownerId, retry.doc)
      }
    }, delay)
    retry.timer.unref()
  }

  /** Resolves once the owner's projection reflects every write made before the call. */
  async settled(ownerId: string): Promise<void> {
    await this.idle(ownerId)
    // A failed run is tried again here (the write the client sends again may change nothing in
    // the doc, so nothing else would); if it fails again the write is not acknowledged, rather
    // than a page staying public after it was unshared.
    const failed = this.failures.get(ownerId)
    if (failed !== undefined) {
      this.schedule(ownerId, failed.doc)
      await this.idle(ownerId)
      if (this.failures.has(ownerId)) {
        throw new Error('The public pages could not be updated; try again')
      }
    }
  }

  private async idle(ownerId: string): Promise<void> {
    while (this.owners.get(ownerId)?.run) {
      await this.owners.get(ownerId)?.run
    }
  }
}
