// Sharing choices survive a device that brings an old copy back through a live room (ADR 064). The
// local store and REST /sync merge the sharing fields by their own stamp (`mergeSharingFields`),
// but a room merges by Yjs: of two concurrent writes of a bookmark or a mark it keeps one whole,
// ordered by client id, so about half the time a stale copy with `permission: PUBLIC` (or a note
// shown) wins over a newer unshare and the relay would publish it again. So after each room
// transaction (or update from another instance's log) the relay compares every bookmark and mark
// it replaced with the value it replaced, and when the older copy's sharing should have stood,
// writes the merged copy back as a change of its own: stored, sent to every device, and seen by
// the public page projector.
import {
  ObjectStore,
  decodeEntity,
  entityMap,
  mergeSharingFields,
  writeEntity,
  type StoredRecord,
  type StoredValue,
} from '@inkmark/shared'
import * as Y from 'yjs'
import type { LiveDoc } from './live-doc'
import { REST_ORIGIN } from './origins'

/** The kinds whose sharing fields merge apart. */
const GUARDED_STORES = [ObjectStore.BOOKMARKS, ObjectStore.MARKS] as const

/** An entity a room transaction replaced, with the value it replaced. */
interface Replaced {
  store: ObjectStore
  id: string
  previous: unknown
}

/**
 * The copy to store when `next` replaced `previous` in a room: `next` with the sharing fields of
 * whichever changed its sharing last. Undefined when `next` stands as it is (or either is no
 * entity, as when the entity was deleted since: the guard never brings one back).
 */
export function keptSharingOf(
  store: ObjectStore,
  previous: unknown,
  next: unknown,
): StoredRecord | undefined {
  const before = decodeEntity(previous)
  const after = decodeEntity(next)
  if (!before || !after) {
    return undefined
  }
  // Values written by the apps may lack `_objectStore`, which the merge goes by.
  const incoming: StoredRecord = { ...after, _objectStore: store }
  const merged = mergeSharingFields({ ...before, _objectStore: store }, incoming)
  if (merged === incoming) {
    return undefined
  }
  const { _objectStore: _store, ...rest } = merged
  return '_objectStore' in after ? { ...rest, _objectStore: after._objectStore } : rest
}

/** The bookmarks and marks `transaction` replaced, with their previous values. */
function replacedIn(
  maps: ReadonlyMap<ObjectStore, Y.Map<StoredValue>>,
  transaction: Y.Transaction,
): Replaced[] {
  const replaced: Replaced[] = []
  const changed: ReadonlyMap<unknown, Set<string | null>> = transaction.changed
  for (const [store, map] of maps) {
    const keys = changed.get(map)
    if (!keys) {
      continue
    }
    // The replaced items are still readable here: Yjs collects them only after this event.
    for (const [id, change] of new Y.YMapEvent(map, transaction, keys).keys) {
      if (change.action === 'update') {
        replaced.push({ store, id, previous: change.oldValue })
      }
    }
  }
  return replaced
}

/** Installs the guard on a freshly loaded library doc: merges what each room write replaced. */
export function guardSharing(live: LiveDoc): void {
  // Defined as maps now (as the projector does): a change then always names these very types.
  const maps = new Map<ObjectStore, Y.Map<StoredValue>>(
    GUARDED_STORES.map((store) => [store, entityMap(live.doc, store)]),
  )
  live.doc.on('afterTransaction', (transaction: Y.Transaction) => {
    // The relay's own writes (REST merges already, and this guard's write-back) are left alone.
    // Updates from another instance's log are judged too: a room's stale copy taken there may
    // meet an unshare made here that had not seen it (ADR 085). A merged copy judged again by the
    // other instance is its own merge, so nothing is written back twice.
    if (transaction.origin === REST_ORIGIN) {
      return
    }
    const replaced = replacedIn(maps, transaction)
    if (replaced.length === 0) {
      return
    }
    const restore = async () => {
      // After the room's transaction is over: its update is stored and sent first, and this one
      // is a transaction of its own, read again from the doc as it is by then.
      await Promise.resolve()
      if (live.doc.isDestroyed) {
        return
      }
      const writes = (doc: Y.Doc) =>
        replaced.flatMap(({ store, id, previous }) => {
          const kept = keptSharingOf(store, previous, entityMap(doc, store).get(id))
          return kept ? [{ store, kept }] : []
        })
      if (writes(live.doc).length === 0) {
        return
      }
      await live.transactDurably((doc) => {
        for (const { store, kept } of writes(doc)) {
          writeEntity(doc, store, kept)
        }
      }, REST_ORIGIN)
    }
    restore().catch((error: unknown) =>
      console.error('Inkmark relay: a sharing choice was not kept', error),
    )
  })
}
