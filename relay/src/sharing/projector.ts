// Keeps the public projection (storage's public_pages) equal to what publicPageOf gives for the
// owner's library, on every write to it: REST /sync and live rooms both change the library doc,
// and this listens to the doc itself, so no write path can skip it. Public reads answer only from
// the projection, never from a doc, so a private mark or a hidden note cannot reach them
// (docs/adr/057-sharing-on-the-relay.md). Runs are per owner, one at a time, coalesced.
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
} from '@inkmark/shared'
import type * as Y from 'yjs'
import type { LiveDoc } from '../docs/live-doc'
import { LIBRARY_DOC, LOADED_ORIGIN } from '../docs/origins'
import type { PublicPageRow } from '../storage/sharing-records'
import type { RelayStorage } from '../storage/relay-storage'

function entitiesOf<T>(
  doc: Y.Doc,
  store: ObjectStore,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): T[] {
  const out: T[] = []
  for (const [id, value] of entityMap(doc, store).entries()) {
    const record = decodeEntity(value)
    if (!record) {
      continue
    }
    const parsed = schema.safeParse({ ...record, _id: id })
    if (parsed.success) {
      out.push(parsed.data)
    }
  }
  return out
}

/** The projection rows of one owner's library doc: one per page publicPageOf publishes. */
export function publicPageRowsOf(ownerId: string, doc: Y.Doc): PublicPageRow[] {
  const shared = entitiesOf<Bookmark>(doc, ObjectStore.BOOKMARKS, BookmarkSchema).filter(
    (bookmark) => isSharedPagePermission(bookmark.permission) && isShareId(bookmark.shareId),
  )
  if (shared.length === 0) {
    return []
  }
  const ids = new Set(shared.map((bookmark) => bookmark._id))
  const marksByBookmark = new Map<string, Mark[]>()
  for (const mark of entitiesOf<Mark>(doc, ObjectStore.MARKS, MarkSchema)) {
    if (ids.has(mark._bookmark)) {
      marksByBookmark.set(mark._bookmark, [...(marksByBookmark.get(mark._bookmark) ?? []), mark])
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

/** The projector of one relay. */
export class PublicPageProjector {
  private readonly owners = new Map<string, OwnerRun>()
  /** Owners whose last projection run failed, with their doc (cleared by a run that succeeds). */
  private readonly failures = new Map<string, Y.Doc>()
  /** Owners whose stored projection is known to be empty (SQLite only, see drain). */
  private readonly empty = new Set<string>()

  constructor(
    private readonly storage: RelayStorage,
    private readonly onError: (error: unknown) => void = (error) =>
      console.error('Inkmark relay: updating the public pages failed', error),
  ) {}

  /** Projects the owner's library again after every change to its bookmarks or marks. */
  watch(live: LiveDoc): void {
    if (live.name !== LIBRARY_DOC) {
      return
    }
    // Defined as maps now: a root type an update creates first is a placeholder that the first
    // getMap replaces, and a change to it would then name a type the doc no longer holds.
    const watched = new Set<unknown>([
      entityMap(live.doc, ObjectStore.BOOKMARKS),
      entityMap(live.doc, ObjectStore.MARKS),
    ])
    live.doc.on(
      'update',
      (_update: Uint8Array, origin: unknown, doc: Y.Doc, transaction: Y.Transaction) => {
        // Updates loaded from storage were projected by the relay that wrote them.
        if (origin === LOADED_ORIGIN) {
          return
        }
        for (const type of transaction.changed.keys()) {
          if (watched.has(type)) {
            this.schedule(live.userId, doc)
            return
          }
        }
      },
    )
  }

  /** Projects `doc` for `ownerId` soon (after a run in progress, which then runs once more). */
  schedule(ownerId: string, doc: Y.Doc): void {
    const owner = this.owners.get(ownerId) ?? { pending: false, doc, run: undefined }
    owner.pending = true
    owner.doc = doc
    this.owners.set(ownerId, owner)
    owner.run ??= this.drain(ownerId, owner)
  }

  private async drain(ownerId: string, owner: OwnerRun): Promise<void> {
    // Start after the caller's turn, so one write's several updates make one run.
    await Promise.resolve()
    try {
      while (owner.pending) {
        owner.pending = false
        const rows = publicPageRowsOf(ownerId, owner.doc)
        // Most writes are to libraries that share nothing: on SQLite (one relay process owns
        // the file) an empty projection written once need not be written again. With PostgreSQL
        // another relay may have published since, so every run writes.
        if (rows.length === 0 && this.storage.kind === 'sqlite' && this.empty.has(ownerId)) {
          continue
        }
        await this.storage.replacePublicPages(ownerId, rows)
        if (rows.length === 0) {
          this.empty.add(ownerId)
        } else {
          this.empty.delete(ownerId)
        }
      }
      this.failures.delete(ownerId)
    } catch (error) {
      this.failures.set(ownerId, owner.doc)
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

  /** Resolves once the owner's projection reflects every write made before the call. */
  async settled(ownerId: string): Promise<void> {
    await this.idle(ownerId)
    // A failed run is tried again here (the write the client sends again may change nothing in
    // the doc, so nothing else would); if it fails again the write is not acknowledged, rather
    // than a page staying public after it was unshared.
    const failed = this.failures.get(ownerId)
    if (failed !== undefined) {
      this.schedule(ownerId, failed)
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
