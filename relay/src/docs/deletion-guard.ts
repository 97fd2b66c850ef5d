// Deletions survive a device that brings an old copy back through a live room. A device that was
// away keeps, in its own doc, the copy it last pulled of an entity that another device has since
// deleted (DELETE /sync). When it joins a live room, that copy is a Yjs item the relay never saw;
// Yjs orders it against the relay's deleted item by client id, so about half the time it wins the
// key back and the deleted entity returns on every device (found by the sync property test). So
// the relay remembers the version of each entity it deletes (its latest stamp, in the doc's
// `deletedVersions` map, stored and loaded with the doc) and deletes again, at once, a copy that
// arrives through a room and is not newer than that. A copy edited after the deletion is newer
// and stays: the spec's last writer wins.
import { decodeEntity, entityMap, storeOfMap, type ObjectStore } from '@inkmark/shared'
import type * as Y from 'yjs'
import { REST_ORIGIN } from './library-service'
import { LOADED_ORIGIN, type LiveDoc } from './user-docs'

/** The relay's own map in the library doc: `${store}/${id}` to the deleted version's stamp. */
export const DELETED_VERSIONS_MAP = 'deletedVersions'

/** The latest stamp of an entity value (modifiedAt, updatedAt or createdAt), 0 when none. */
export function versionOf(value: unknown): number {
  const record = decodeEntity(value)
  if (!record) {
    return 0
  }
  const stamps = [record.modifiedAt, record.updatedAt, record.createdAt].filter(
    (stamp): stamp is number => typeof stamp === 'number' && Number.isFinite(stamp),
  )
  return stamps.length === 0 ? 0 : Math.max(...stamps)
}

function deletedVersions(doc: Y.Doc): Y.Map<number> {
  return doc.getMap<number>(DELETED_VERSIONS_MAP)
}

/** Remembers the version of entity `id` before it is deleted (inside the deleting transaction). */
export function rememberDeletion(doc: Y.Doc, store: ObjectStore, id: string): void {
  const current = entityMap(doc, store).get(id)
  if (current !== undefined) {
    deletedVersions(doc).set(`${store}/${id}`, versionOf(current))
  }
}

/** Forgets the deletion of entity `id`: a REST write has decided it lives again. */
export function forgetDeletion(doc: Y.Doc, store: ObjectStore, id: string): void {
  if (doc.share.has(DELETED_VERSIONS_MAP)) {
    deletedVersions(doc).delete(`${store}/${id}`)
  }
}

/** Whether entity `id` is live in `doc` and not newer than the version the relay deleted. */
function isStaleCopy(doc: Y.Doc, store: ObjectStore, id: string): boolean {
  const deleted = deletedVersions(doc).get(`${store}/${id}`)
  const map = entityMap(doc, store)
  return deleted !== undefined && map.has(id) && versionOf(map.get(id)) <= deleted
}

/** Deletes again, after each room transaction, the copies of deleted entities it brought back. */
export function guardDeletions(live: LiveDoc): void {
  live.doc.on('afterTransaction', (transaction: Y.Transaction) => {
    if (transaction.origin === REST_ORIGIN || transaction.origin === LOADED_ORIGIN) {
      return
    }
    if (!live.doc.share.has(DELETED_VERSIONS_MAP)) {
      return
    }
    // Only the keys are noted here. Reading the maps must wait until the transaction is over:
    // `getMap` on a map the relay has only received from clients turns it into a typed map, and
    // doing so now would hide this very change from the revision index written after it.
    const candidates: { store: ObjectStore; id: string }[] = []
    for (const [type, keys] of transaction.changed) {
      const store = storeOfMap(live.doc, type as Y.AbstractType<unknown>)
      if (store) {
        for (const id of keys) {
          if (id !== null) {
            candidates.push({ store, id })
          }
        }
      }
    }
    if (candidates.length === 0) {
      return
    }
    // A change of its own, after the room's: stored, indexed and sent to every client.
    queueMicrotask(() => {
      const stale = candidates.filter(({ store, id }) => isStaleCopy(live.doc, store, id))
      if (stale.length === 0) {
        return
      }
      live
        .transactDurably((doc) => {
          for (const { store, id } of stale) {
            if (isStaleCopy(doc, store, id)) {
              entityMap(doc, store).delete(id)
            }
          }
        }, REST_ORIGIN)
        .catch((error: unknown) => console.error('Inkmark relay: a deletion was not kept', error))
    })
  })
}
