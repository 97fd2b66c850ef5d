// Deletions survive a device that brings an old copy back through a live room. A device that was
// away keeps, in its own doc, the copy it last pulled of an entity that another device has since
// deleted (DELETE /sync). When it joins a live room, that copy is a Yjs item the relay never saw;
// Yjs orders it against the relay's deleted item by client id, so about half the time it wins the
// key back and the deleted entity returns on every device (found by the sync property test). So
// the relay remembers the version of each entity it deletes (its latest stamp) and deletes again,
// at once, a copy that arrives through a room and is not newer than that. A copy edited after the
// deletion is newer and stays: the spec's last writer wins.
//
// The versions live in storage, beside the doc, not in it: in the library doc they were sent whole
// to every client on every room join and never shrank. They are forgotten after a while, once no
// device that still holds an old copy can be expected to come back (docs/adr/031-relay-memory.md).
import { decodeEntity, entityMap, storeOfMap, type ObjectStore } from '@inkmark/shared'
import type * as Y from 'yjs'
import type { RelayStorage } from '../storage/relay-storage'
import type { LiveDoc } from './live-doc'
import { REST_ORIGIN } from './origins'

/** The map in which older relays kept deleted versions inside the library doc. */
export const DELETED_VERSIONS_MAP = 'deletedVersions'

/** How long a deleted version is kept by default: 90 days. */
export const DEFAULT_DELETION_MEMORY_MS = 90 * 24 * 60 * 60 * 1000

/** An entity of a kind, as DELETE /sync names it. */
export interface EntityKey {
  store: ObjectStore
  id: string
}

const keyOf = ({ store, id }: EntityKey) => `${store}/${id}`

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

/**
 * Remembers the versions of the entities about to be deleted, before the deletion is written: a
 * crash in between leaves a remembered version of an entity that still lives, which only guards
 * it against older copies, never loses the deletion's guard.
 *
 * An entity the relay does not hold is remembered at `now`: the device deleting it wrote it
 * through a room whose messages have not arrived yet (they can come after a REST call made later),
 * and every copy on its way was written before this deletion.
 */
export async function rememberDeletions(
  storage: RelayStorage,
  live: LiveDoc,
  entities: readonly EntityKey[],
  now: number,
): Promise<void> {
  const entries = entities.map((entity) => {
    const current = entityMap(live.doc, entity.store).get(entity.id)
    const version = current === undefined ? now : versionOf(current)
    return { key: keyOf(entity), version, deletedAt: now }
  })
  if (entries.length > 0) {
    await storage.putDeletedVersions(live.userId, entries)
  }
}

/** Forgets the deletions of entities a REST write has decided live again. */
export async function forgetDeletions(
  storage: RelayStorage,
  userId: string,
  entities: readonly EntityKey[],
): Promise<void> {
  await storage.forgetDeletedVersions(userId, entities.map(keyOf))
}

/**
 * Moves the versions an older relay kept in the library doc to storage and empties the map, so
 * they are no longer sent on every join. They count as deleted now: they are kept a full period.
 */
async function moveVersionsOutOfDoc(
  storage: RelayStorage,
  live: LiveDoc,
  now: number,
): Promise<void> {
  if (!live.doc.share.has(DELETED_VERSIONS_MAP)) {
    return
  }
  const map = live.doc.getMap<unknown>(DELETED_VERSIONS_MAP)
  if (map.size === 0) {
    return
  }
  const entries = [...map.entries()].map(([key, version]) => ({
    key,
    version: typeof version === 'number' ? version : 0,
    deletedAt: now,
  }))
  await storage.putDeletedVersions(live.userId, entries)
  await live.transactDurably((doc) => doc.getMap(DELETED_VERSIONS_MAP).clear(), REST_ORIGIN)
}

/** Whether entity `key` is live in `doc` and not newer than the version the relay deleted. */
function isStaleCopy(doc: Y.Doc, entity: EntityKey, deleted: number | undefined): boolean {
  const map = entityMap(doc, entity.store)
  return deleted !== undefined && map.has(entity.id) && versionOf(map.get(entity.id)) <= deleted
}

/**
 * Deletes again, after each transaction from a room or from another instance's log, the copies of
 * deleted entities it brought back. Another instance's too: with several relays on one database, a
 * stale copy can reach one instance through a room while another deletes the entity, and each then
 * takes the other's write from the log (ADR 085).
 */
function watchRoomTransactions(storage: RelayStorage, live: LiveDoc): void {
  live.doc.on('afterTransaction', (transaction: Y.Transaction) => {
    if (transaction.origin === REST_ORIGIN) {
      return
    }
    // Only the keys are noted here. Reading the maps must wait until the transaction is over:
    // `getMap` on a map the relay has only received from clients turns it into a typed map, and
    // doing so now would hide this very change from the revision index written after it.
    const candidates: EntityKey[] = []
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
    const recheck = async () => {
      const versions = await storage.getDeletedVersions(live.userId, candidates.map(keyOf))
      if (versions.size === 0 || live.doc.isDestroyed) {
        return
      }
      const stale = (doc: Y.Doc) =>
        candidates.filter((entity) => isStaleCopy(doc, entity, versions.get(keyOf(entity))))
      if (stale(live.doc).length === 0) {
        return
      }
      await live.transactDurably((doc) => {
        for (const entity of stale(doc)) {
          entityMap(doc, entity.store).delete(entity.id)
        }
      }, REST_ORIGIN)
    }
    recheck().catch((error: unknown) =>
      console.error('Inkmark relay: a deletion was not kept', error),
    )
  })
}

/** Installs the guard on a freshly loaded library doc (moving an older relay's versions out). */
export async function guardDeletions(
  storage: RelayStorage,
  live: LiveDoc,
  now: number,
): Promise<void> {
  await moveVersionsOutOfDoc(storage, live, now)
  watchRoomTransactions(storage, live)
}

/** Forgets deleted versions kept longer than `keepMillis`; resolves with how many. */
export function pruneDeletions(
  storage: RelayStorage,
  now: number,
  keepMillis: number,
): Promise<number> {
  return storage.pruneDeletedVersions(now - keepMillis)
}
