// How the store hears of changes to the library doc, local or from sync: every transaction that
// touches an entity map drops the cached reads and indexes, does this device's sync bookkeeping for
// what arrived from a room (or was written while one is connected), and then tells the observers.
import type * as Y from 'yjs'
import { OBJECT_STORES, ObjectStore } from '../domain/entities/object-store'
import { entityNeedsSync, type SyncTimestamps } from '../domain/sync-state'
import { learningArrivals, writeMergedLearning } from './arrived-learning'
import type { EntityRef } from './deletion-plan'
import { decodeEntity, entityMap, storeOfMap, type StoredRecord } from './library-schema'
import { latestStamp, type LibraryWriter } from './library-writer'
import { isLocalOrigin, isStoreOrigin, TransactionOrigin } from './origins'
import type { AnyEntity, StoreCore } from './store-core'
import { stampOf } from './write-preparation'

/** A change to the library, as observers hear of it. */
export interface LibraryChange {
  stores: ObjectStore[]
  /** True for this device's own writes, false for what sync applied. */
  local: boolean
  /** True when the change only records a page visit (openedAt, TransactionOrigin.OPENED). */
  opened: boolean
}

/** Listens to the library doc's transactions for the store; `detach()` stops it. */
export class ChangeTracker {
  private readonly listeners = new Set<(change: LibraryChange) => void>()
  /** How many live rooms the library doc is connected to now (see `shareWithRoom`). */
  private roomShares = 0
  private readonly doc: Y.Doc

  constructor(
    private readonly core: StoreCore,
    private readonly writer: LibraryWriter,
  ) {
    this.doc = core.doc
    this.doc.on('afterTransaction', this.onTransaction)
  }

  /** Calls `listener` after every change of the library, local or from sync. Returns the unsubscribe. */
  observe(listener: (change: LibraryChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Stops listening and forgets the observers. */
  detach(): void {
    this.doc.off('afterTransaction', this.onTransaction)
    this.listeners.clear()
  }

  private readonly onTransaction = (transaction: Y.Transaction): void => {
    const stores = new Set<ObjectStore>()
    for (const type of transaction.changed.keys()) {
      const store = storeOfMap(this.doc, type as Y.AbstractType<unknown>)
      if (store) {
        stores.add(store)
      }
    }
    if (stores.size === 0) {
      return
    }
    // First, so that what runs next (and any write it makes) reads the library as it is now.
    this.core.clearReadCaches()
    this.core.indexes.invalidate()
    const fromElsewhere =
      transaction.origin === TransactionOrigin.REMOTE || !isStoreOrigin(transaction.origin)
    // Read before a restore below puts back this device's version of a mark.
    const arrivals = fromElsewhere ? learningArrivals(this.doc, transaction) : []
    if (!isStoreOrigin(transaction.origin)) {
      this.markArrivedEntitiesSynced(transaction)
    } else if (this.roomShares > 0 && isLocalOrigin(transaction.origin)) {
      this.markMaybeOnRelay(transaction)
    }
    if (arrivals.length > 0) {
      // Sync replaced a reviewed card: no review may be lost (arrived-learning.ts, ADR 041).
      writeMergedLearning(this.core, arrivals)
    }
    const change: LibraryChange = {
      stores: [...stores],
      local: isLocalOrigin(transaction.origin),
      opened: transaction.origin === TransactionOrigin.OPENED,
    }
    for (const listener of this.listeners) {
      // A listener runs inside the write's transaction: its error must neither fail a write that
      // is already stored nor keep the other listeners (the sync adapter, the UI) from hearing it.
      try {
        listener(change)
      } catch (error) {
        console.error('A library listener failed', error)
      }
    }
  }

  /**
   * Tells the store that its library doc is connected to a live room, until the returned function
   * is called. Meanwhile what this device writes may reach the relay through the room before any
   * REST push. The spec removes a never-synced entity outright when it is deleted, trusting that
   * the relay never saw it; an entity the room may have carried must instead be deleted on the
   * relay too, or the next pull would bring it back. Such entities get lastSync 0 ("maybe on the
   * relay"): still pending, pushed by PUT (the relay upserts), and deleted by DELETE.
   */
  shareWithRoom(): () => void {
    this.roomShares++
    const neverSynced: { store: string; id: string; lastSync: number }[] = []
    for (const store of OBJECT_STORES) {
      for (const entity of this.core.table(store).all()) {
        if (entity.lastSync === undefined) {
          neverSynced.push({ store, id: entity._id, lastSync: 0 })
        }
      }
    }
    this.core.device.setLastSync(neverSynced)
    this.core.clearReadCaches()
    let shared = true
    return () => {
      if (shared) {
        shared = false
        this.roomShares--
      }
    }
  }

  /** Local writes while a room is connected: see `shareWithRoom`. */
  private markMaybeOnRelay(transaction: Y.Transaction): void {
    const entries: { store: string; id: string; lastSync: number }[] = []
    for (const [type, keys] of transaction.changed) {
      const store = storeOfMap(this.doc, type as Y.AbstractType<unknown>)
      if (!store) {
        continue
      }
      for (const id of keys) {
        if (
          id !== null &&
          entityMap(this.doc, store).has(id) &&
          this.core.device.lastSyncOf(store, id) === undefined
        ) {
          entries.push({ store, id, lastSync: 0 })
        }
      }
    }
    this.core.device.setLastSync(entries)
  }

  /**
   * What a live room (or any foreign origin) brings came from the relay: this device has it in
   * sync, so it must not be pushed back as pending. Its lastSync becomes its own latest stamp.
   *
   * Except where it replaced a change of this device that is not synced yet and wins by the sync
   * rules (ADR 010: a deletion wins, else the newer edit). Yjs settles a key that two devices set
   * while apart by client id, not by those rules, so such a change would be lost; it is put back
   * instead (a new local write, which the room carries to the others and REST pushes).
   */
  private markArrivedEntitiesSynced(transaction: Y.Transaction): void {
    const entries: { store: string; id: string; lastSync: number | undefined }[] = []
    const restored: { store: ObjectStore; entity: StoredRecord }[] = []
    for (const [type, keys] of transaction.changed) {
      const store = storeOfMap(this.doc, type as Y.AbstractType<unknown>)
      if (!store) {
        continue
      }
      const { changed, replaced } = visibleChanges(transaction, type)
      for (const id of keys) {
        // A key can be listed as changed while its value is not: an item that lost to the one this
        // device already holds (Yjs inserts and deletes it at once). Nothing arrived then.
        if (id === null || !changed.has(id)) {
          continue
        }
        const entity = decodeEntity(entityMap(this.doc, store).get(id))
        const before = replaced.has(id) ? decodeEntity(replaced.get(id)) : undefined
        const lastSync = this.core.device.lastSyncOf(store, id)
        const previous = before && { ...before, ...(lastSync === undefined ? {} : { lastSync }) }
        if (entity && previous && unsyncedChangeWins(previous, entity)) {
          restored.push({ store, entity: previous })
          continue
        }
        if (entity && previous && bodyStillPending(store, previous, entity)) {
          continue
        }
        if (entity && previous && ownDeletionStillPending(previous, entity)) {
          continue
        }
        entries.push({ store, id, lastSync: entity ? latestStamp(entity) : undefined })
      }
    }
    this.core.device.setLastSync(entries)
    if (restored.length > 0) {
      // Inside a transaction's cleanup Yjs runs this one right after it.
      this.doc.transact(() => {
        for (const { store, entity } of restored) {
          this.core.table(store).put(entity as AnyEntity & StoredRecord)
        }
      }, TransactionOrigin.LOCAL)
    }
    this.deleteArrivedOrphans(transaction)
  }

  /**
   * A room can leave a highlight without its bookmark: the bookmark's deletion arrived while a
   * highlight of it was added here, or a highlight added elsewhere arrived for a bookmark deleted
   * here. Such a highlight is deleted at once, as the bookmark's deletion would have taken it, so
   * that no one sees (or edits) a highlight whose page is gone.
   *
   * A highlight whose bookmark this device simply does not have yet is not an orphan: the relay's
   * doc can hold a highlight before its bookmark (a device's REST push sends new entities and
   * changed ones in separate requests, and a room drops what was in flight when it closed), and
   * deleting it would delete another device's highlight everywhere. It waits for its bookmark; if
   * the bookmark was deleted, the device that knows it deletes the highlight.
   */
  private deleteArrivedOrphans(transaction: Y.Transaction): void {
    const marksMap = entityMap(this.doc, ObjectStore.MARKS)
    const bookmarksMap = entityMap(this.doc, ObjectStore.BOOKMARKS)
    const candidates = new Set<string>()
    for (const id of transaction.changed.get(marksMap as never) ?? []) {
      if (id !== null) {
        candidates.add(id)
      }
    }
    // Bookmarks this transaction deleted or removed: their highlights go with them.
    const goneHere = new Set<string>()
    for (const id of transaction.changed.get(bookmarksMap as never) ?? []) {
      if (id !== null && this.core.bookmarks.getLive(id) === undefined) {
        goneHere.add(id)
        for (const mark of this.core.indexes.marksOf(id)) {
          candidates.add(mark._id)
        }
      }
    }
    const orphans: EntityRef[] = []
    for (const id of candidates) {
      const mark = this.core.marks.getLive(id)
      if (mark && this.bookmarkKnownGone(mark._bookmark, goneHere)) {
        orphans.push({ _id: id, _objectStore: ObjectStore.MARKS })
      }
    }
    if (orphans.length === 0) {
      return
    }
    const { planned } = this.writer.applyDeletion(orphans)
    this.writer.deleteBodies(planned).catch((error: unknown) => {
      console.error('Deleting the bodies of orphaned highlights failed', error)
    })
  }

  /** Whether this device knows the bookmark is deleted: marked so here, or gone in `goneHere`. */
  private bookmarkKnownGone(bookmarkId: string, goneHere: ReadonlySet<string>): boolean {
    if (goneHere.has(bookmarkId)) {
      return true
    }
    const stored = this.core.bookmarks.get(bookmarkId)
    return stored !== undefined && stored.deletedAt !== undefined
  }
}

/**
 * The keys whose value a transaction changed in an entity map, and the values it replaced or
 * removed, by key.
 */
function visibleChanges(
  transaction: Y.Transaction,
  type: Parameters<Y.Transaction['changedParentTypes']['get']>[0],
): { changed: Set<string>; replaced: Map<string, unknown> } {
  const changed = new Set<string>()
  const replaced = new Map<string, unknown>()
  for (const event of transaction.changedParentTypes.get(type) ?? []) {
    if (event.target !== type) {
      continue
    }
    for (const [key, change] of event.keys) {
      changed.add(key)
      if (change.action !== 'add' && !replaced.has(key)) {
        replaced.set(key, change.oldValue)
      }
    }
  }
  return { changed, replaced }
}

/**
 * Whether this device's version of an entity, changed here and not synced yet, wins over one that
 * arrived by a room: the sync rules, as the REST pull applies them (a deletion wins, else the
 * strictly newer version).
 */
function unsyncedChangeWins(local: StoredRecord, arrived: StoredRecord): boolean {
  if (!entityNeedsSync(local as SyncTimestamps) || arrived.deletedAt !== undefined) {
    return false
  }
  return local.deletedAt !== undefined || stampOf(local) > stampOf(arrived)
}

/**
 * Whether the arrived version is this device's own unsynced version of a kind with a body (a page
 * content, an AI chat), come back through the room: another device's copy of the same write, say,
 * that Yjs preferred. The room carries the library doc, not the bodies, so this device must still
 * push the body: the entity stays pending.
 */
function bodyStillPending(store: ObjectStore, local: StoredRecord, arrived: StoredRecord): boolean {
  return (
    (store === ObjectStore.PAGE_CONTENTS || store === ObjectStore.AI_CHATS) &&
    arrived.deletedAt === undefined &&
    entityNeedsSync(local as SyncTimestamps) &&
    stampOf(local) === stampOf(arrived)
  )
}

/**
 * Whether the arrived version is a copy of this device's own unsent deletion: another device that
 * pulled the room-carried deletion writes it again, and Yjs hands back a new item with the same
 * content. The relay got that deletion only through the room (an entry with deletedAt, not a
 * tombstone), so this device must still send it by DELETE; taken as synced, no device ever would.
 */
function ownDeletionStillPending(local: StoredRecord, arrived: StoredRecord): boolean {
  return (
    local.deletedAt !== undefined &&
    arrived.deletedAt !== undefined &&
    entityNeedsSync(local as SyncTimestamps)
  )
}
