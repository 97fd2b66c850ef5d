// Two devices that set one entity without having seen each other's write are concurrent, and Yjs
// settles concurrent sets of a map key by client id: about half the time the older copy wins. A
// device does write old copies: what it pulled is written into its own doc as its own item, which
// a live room later brings to the relay, where a newer write (a REST push, or one from another
// instance through the update log) may be waiting. The spec's rule is the last writer wins, so the
// relay settles such ties by the entities' stamps instead: after a transaction from a room or from
// another instance, a key whose new value is older than a concurrent value it displaced is set
// again to the newest one (found by the cluster's sync property test: a page content's record went
// back to its old copy while its body stayed new).
//
// Only writes that did not see each other are judged. A write made on top of the value it replaced
// (its Yjs origin is that value's item) stays whatever its stamp says: a device whose clock is
// behind still edits.
import { entityMap, storeOfMap, type ObjectStore, type StoredValue } from '@inkmark/shared'
import * as Y from 'yjs'
import { versionOf } from './deletion-guard'
import type { LiveDoc } from './live-doc'
import { REST_ORIGIN } from './origins'

/** A value to set again: the key, the item Yjs kept, and the newer value. */
interface Restoration {
  store: ObjectStore
  id: string
  displacedBy: Y.Item
  value: unknown
}

const idKey = (id: Y.ID) => `${id.client}:${id.clock}`

/** The value an item of a map holds; undefined when its content is gone (collected). */
function valueOf(item: Y.Item): unknown {
  if (!(item.content instanceof Y.ContentAny)) {
    return undefined
  }
  const values = item.content.getContent()
  return values[values.length - 1]
}

/** The items `transaction` added to entity maps, by map and key. */
function addedItems(
  doc: Y.Doc,
  transaction: Y.Transaction,
): Map<Y.AbstractType<unknown>, Map<string, Y.Item[]>> {
  const added = new Map<Y.AbstractType<unknown>, Map<string, Y.Item[]>>()
  for (const [client, after] of transaction.afterState) {
    const before = transaction.beforeState.get(client) ?? 0
    const structs = doc.store.clients.get(client)
    if (after <= before || structs === undefined) {
      continue
    }
    for (let index = Y.findIndexSS(structs, before); index < structs.length; index += 1) {
      const struct = structs[index]!
      if (struct.id.clock >= after) {
        break
      }
      if (!(struct instanceof Y.Item) || struct.parentSub === null) {
        continue
      }
      const parent = struct.parent as Y.AbstractType<unknown>
      if (storeOfMap(doc, parent) === undefined) {
        continue
      }
      const keys = added.get(parent) ?? new Map<string, Y.Item[]>()
      added.set(parent, keys)
      const items = keys.get(struct.parentSub) ?? []
      keys.set(struct.parentSub, items)
      items.push(struct)
    }
  }
  return added
}

/**
 * The newest of the values of a key that no other write of it has seen, when it is newer than the
 * one Yjs kept; undefined when the kept one is right. Weighed: the items the transaction added to
 * the key and the value the key held before (old items never saw the new ones).
 */
function newerConcurrentValue(
  transaction: Y.Transaction,
  kept: Y.Item,
  added: readonly Y.Item[],
): unknown {
  const isAdded = new Set(added)
  let before: Y.Item | null = kept
  while (before !== null && isAdded.has(before)) {
    before = before.left
  }
  const candidates = [...added]
  // The value before the transaction, if the key had one then (not deleted earlier).
  if (before !== null && (!before.deleted || Y.isDeleted(transaction.deleteSet, before.id))) {
    candidates.push(before)
  }
  const seen = new Set(added.flatMap((item) => (item.origin === null ? [] : [idKey(item.origin)])))
  const unseen = candidates.filter((item) => item !== kept && !seen.has(idKey(item.lastId)))
  // The usual case, one write on top of the value before: nothing to weigh (nor to parse).
  if (unseen.length === 0) {
    return undefined
  }
  let newest = { value: undefined as unknown, version: versionOf(valueOf(kept)) }
  for (const item of unseen) {
    const value = valueOf(item)
    const version = versionOf(value)
    if (version > newest.version) {
      newest = { value, version }
    }
  }
  return newest.value
}

/** The keys of entity maps a transaction left with an older value than a concurrent one. */
function restorationsOf(doc: Y.Doc, transaction: Y.Transaction): Restoration[] {
  const found: Restoration[] = []
  for (const [parent, keys] of addedItems(doc, transaction)) {
    const store = storeOfMap(doc, parent)!
    for (const [id, added] of keys) {
      const kept = parent._map.get(id)
      // A deleted key stays deleted (the deletion guard judges copies that come back).
      if (kept === undefined || kept.deleted) {
        continue
      }
      const value = newerConcurrentValue(transaction, kept, added)
      if (value !== undefined) {
        found.push({ store, id, displacedBy: kept, value })
      }
    }
  }
  return found
}

/**
 * Watches a library doc's transactions from rooms and from other instances (not the relay's own
 * REST writes, which are made on top of what the doc holds). Install it after the doc's first
 * load: the history it loaded is not judged again.
 */
export function guardConcurrentEdits(live: LiveDoc): void {
  live.doc.on('afterTransaction', (transaction: Y.Transaction) => {
    if (transaction.origin === REST_ORIGIN) {
      return
    }
    // Decided now, while the displaced values are still in the doc (Yjs collects them after this
    // event); written as a change of its own, after this one: stored, indexed and sent to all.
    const restorations = restorationsOf(live.doc, transaction)
    if (restorations.length === 0) {
      return
    }
    queueMicrotask(() => {
      if (live.doc.isDestroyed) {
        return
      }
      live
        .transactDurably((doc) => {
          for (const { store, id, displacedBy, value } of restorations) {
            const map = entityMap(doc, store)
            // A later change of the key was judged on its own.
            if (map._map.get(id) === displacedBy) {
              map.set(id, value as StoredValue)
            }
          }
        }, REST_ORIGIN)
        .catch((error: unknown) =>
          console.error('Inkmark relay: a newer concurrent edit was not restored', error),
        )
    })
  })
}
