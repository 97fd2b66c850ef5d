// One user's Yjs doc as the relay holds it in memory, mirrored to its stored update log. A doc is
// loaded from its log and caught up with what other relay instances appended before every use;
// every change is appended with the revision index rows it implies, and `transactDurably` resolves
// only once that append is committed, so an acknowledged write survives a crash of the relay. The
// log is compacted into one update as it grows, whoever made it grow (REST or a live room), and
// the doc knows whether a write or a compaction is in flight, so the cache never drops it then.
import { ObjectStore, entityMap, storeOfMap } from '@inkmark/shared'
import * as Y from 'yjs'
import type { RelayStorage, RevisionChange } from '../storage/relay-storage'
import { LOADED_ORIGIN } from './origins'

/** Compact a doc's stored log once it holds more updates than this. */
export const COMPACT_AFTER_UPDATES = 200
/** ...or once this many bytes were added to it since it was last compacted (or loaded). */
export const COMPACT_AFTER_BYTES = 1024 * 1024

const BODY_DOC = /^(pagecontent|aichat)-(.+)$/

/** The revision index rows one transaction of a doc implies. */
function revisionChanges(
  docName: string,
  doc: Y.Doc,
  transaction: Y.Transaction,
): RevisionChange[] {
  const body = BODY_DOC.exec(docName)
  if (body) {
    const store = body[1] === 'pagecontent' ? ObjectStore.PAGE_CONTENTS : ObjectStore.AI_CHATS
    return [{ store, entityId: body[2]!, deleted: false }]
  }
  const changes: RevisionChange[] = []
  for (const [type, keys] of transaction.changed) {
    const store = storeOfMap(doc, type as Y.AbstractType<unknown>)
    if (!store) {
      continue
    }
    const map = entityMap(doc, store)
    for (const key of keys) {
      if (key !== null) {
        changes.push({ store, entityId: key, deleted: !map.has(key) })
      }
    }
  }
  return changes
}

/** One user's doc, kept in memory and mirrored to storage. */
export class LiveDoc {
  readonly doc = new Y.Doc({ gc: true })
  private lastLoadedId = 0
  /**
   * Ids of updates this copy appended itself (or merged, compacting) and has not seen loaded
   * since: a catch-up skips them rather than decode and apply its own writes again.
   */
  private readonly ownUpdateIds = new Set<number>()
  private pending: Promise<void> = Promise.resolve()
  private failure: Error | undefined
  /** Appends and compactions not finished yet. */
  private busy = 0
  /** Rows of this doc's log in storage, as far as this copy knows. */
  private storedRows = 0
  /** Bytes of those rows: the doc's size as the cache counts it. */
  private storedBytes = 0
  /** Bytes added to the log since it was last compacted or loaded. */
  private bytesSinceCompaction = 0
  private compacting: Promise<void> | undefined
  /** Called with every update, whatever its origin (rooms broadcast from here). */
  readonly updateListeners = new Set<(update: Uint8Array, origin: unknown) => void>()

  constructor(
    readonly userId: string,
    readonly name: string,
    private readonly storage: RelayStorage,
    private readonly onFailure: (doc: LiveDoc) => void,
  ) {
    this.doc.on(
      'update',
      (update: Uint8Array, origin: unknown, _doc: Y.Doc, transaction: Y.Transaction) => {
        if (origin !== LOADED_ORIGIN) {
          const changes = revisionChanges(name, this.doc, transaction)
          this.busy += 1
          this.pending = this.pending
            .then(async () => {
              this.ownUpdateIds.add(
                await this.storage.appendDocUpdate(userId, name, update, changes),
              )
              this.storedRows += 1
              this.storedBytes += update.length
              this.bytesSinceCompaction += update.length
            })
            .catch((error: unknown) => {
              this.failure = error instanceof Error ? error : new Error(String(error))
              this.onFailure(this)
            })
            .finally(() => {
              this.busy -= 1
              this.compactInBackgroundIfDue()
            })
        }
        for (const listener of this.updateListeners) {
          listener(update, origin)
        }
      },
    )
  }

  /** The doc's size for the cache's budget: the bytes of its stored log (its encoded state). */
  get sizeBytes(): number {
    return this.storedBytes
  }

  /** How many updates its stored log holds, as far as this copy knows. */
  get storedUpdateCount(): number {
    return this.storedRows
  }

  /** Whether nothing is being written for it: dropping it now loses nothing. */
  get isSettled(): boolean {
    return this.busy === 0 && this.compacting === undefined
  }

  /** Whether this copy holds stored update `updateId` (loaded it, or wrote it itself). */
  hasSeen(updateId: number): boolean {
    return updateId <= this.lastLoadedId || this.ownUpdateIds.has(updateId)
  }

  /** Applies what storage holds beyond what this copy has seen (other instances' writes). */
  async catchUp(): Promise<void> {
    await this.load()
    if (this.isCompactionDue()) {
      await this.compact()
    }
  }

  private async load(): Promise<void> {
    const updates = await this.storage.loadDocUpdates(this.userId, this.name, this.lastLoadedId)
    if (updates.length === 0) {
      return
    }
    const others = updates.filter((stored) => !this.ownUpdateIds.has(stored.id))
    if (others.length > 0) {
      Y.transact(
        this.doc,
        () => {
          for (const stored of others) {
            Y.applyUpdate(this.doc, stored.update, LOADED_ORIGIN)
          }
        },
        LOADED_ORIGIN,
      )
      const bytes = others.reduce((sum, stored) => sum + stored.update.length, 0)
      this.storedRows += others.length
      this.storedBytes += bytes
      this.bytesSinceCompaction += bytes
    }
    this.lastLoadedId = Math.max(this.lastLoadedId, updates[updates.length - 1]!.id)
    for (const id of this.ownUpdateIds) {
      if (id <= this.lastLoadedId) {
        this.ownUpdateIds.delete(id)
      }
    }
  }

  private isCompactionDue(): boolean {
    return (
      this.storedRows > COMPACT_AFTER_UPDATES ||
      (this.storedRows > 1 && this.bytesSinceCompaction > COMPACT_AFTER_BYTES)
    )
  }

  private compactInBackgroundIfDue(): void {
    if (this.compacting === undefined && !this.doc.isDestroyed && this.isCompactionDue()) {
      this.compact().catch((error: unknown) =>
        console.error('Inkmark relay: compacting a doc failed', error),
      )
    }
  }

  /**
   * Replaces the stored log by one update holding the whole doc. Every stored row up to the last
   * loaded id is in this copy (its own writes were applied to it before they were stored, others'
   * are loaded first), so nothing stored is lost; rows appended meanwhile get later ids and stay.
   * It does not wait for this copy's queued appends: under a flood of room updates that queue never
   * empties, and the log would grow until it did.
   */
  compact(): Promise<void> {
    this.compacting ??= this.runCompaction().finally(() => {
      this.compacting = undefined
    })
    return this.compacting
  }

  private async runCompaction(): Promise<void> {
    await this.load()
    if (this.storedRows <= 1 || this.doc.isDestroyed) {
      return
    }
    const merged = Y.encodeStateAsUpdate(this.doc)
    const rowsMerged = this.storedRows
    const bytesMerged = this.storedBytes
    const sinceMerged = this.bytesSinceCompaction
    const id = await this.storage.compactDoc(this.userId, this.name, merged, this.lastLoadedId)
    this.ownUpdateIds.add(id)
    this.storedRows = this.storedRows - rowsMerged + 1
    this.storedBytes = this.storedBytes - bytesMerged + merged.length
    this.bytesSinceCompaction -= sinceMerged
  }

  /** Runs `change` in one transaction and resolves once it is durably stored. */
  async transactDurably(change: (doc: Y.Doc) => void, origin: unknown): Promise<void> {
    try {
      this.doc.transact(() => change(this.doc), origin)
    } catch (error) {
      // A transaction that threw (in `change` or while Yjs encoded the update) may leave the doc
      // half-changed and Yjs unable to emit further updates, so later writes would be answered
      // but never stored. Drop this copy: the next use reloads the doc from storage.
      this.failure ??= error instanceof Error ? error : new Error(String(error))
      this.onFailure(this)
      throw error
    }
    await this.whenStored()
  }

  /** Resolves once every change so far is stored; rejects if storing one failed. */
  async whenStored(): Promise<void> {
    await this.pending
    if (this.failure) {
      throw this.failure
    }
  }

  /** Resolves once no write and no compaction is in flight, whatever their outcome. */
  async whenSettled(): Promise<void> {
    while (!this.isSettled) {
      await Promise.allSettled([this.pending, this.compacting])
    }
  }
}
