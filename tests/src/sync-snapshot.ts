// What sync tests compare: every live entity of every kind as plain JSON, keyed `store/id`, on a
// device (without its device-local lastSync, with the bodies that live in their own docs) and on
// the relay (GET /sync?since=0, every page, without the `_user` the relay adds on the way out).
// Also the helpers that bring devices to a settled state and check the library's invariants.
import type { ObjectStore, StoredRecord } from '@inkmark/shared'
import type { SyncDevice } from './sync-device'

/** Entities by `store/id`. */
export type Snapshot = Record<string, Record<string, unknown>>

export const keyOf = (store: string, id: string) => `${store}/${id}`

/** A JSON text with sorted keys: equal values give equal texts whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, child: unknown) =>
    typeof child === 'object' && child !== null && !Array.isArray(child)
      ? Object.fromEntries(
          Object.entries(child as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : child,
  )
}

function sortedSnapshot(entries: [string, Record<string, unknown>][]): Snapshot {
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)))
}

/** A device's entity as compared: a plain copy without lastSync. */
export function comparable(entity: StoredRecord): Record<string, unknown> {
  const { lastSync: _lastSync, _user: _user, ...shared } = entity
  return JSON.parse(JSON.stringify(shared)) as Record<string, unknown>
}

/** Every live entity of a device (bodies included unless `bodies` is false). */
export async function deviceSnapshot(
  device: SyncDevice,
  options: { bodies?: boolean } = {},
): Promise<Snapshot> {
  const entries: [string, Record<string, unknown>][] = []
  const all = device.store.getAllEntities()
  for (const [store, entities] of Object.entries(all) as [ObjectStore, StoredRecord[]][]) {
    for (const entity of entities) {
      const full = options.bodies === false ? entity : await device.store.withBody(store, entity)
      entries.push([keyOf(store, entity._id), comparable(full)])
    }
  }
  return sortedSnapshot(entries)
}

/** What the relay holds for a user, read like a fresh device would. */
export interface RelayContents {
  live: Snapshot
  /** Keys answered as deleted. */
  tombstones: string[]
  /** Keys the pull answered more than once (must stay empty). */
  duplicates: string[]
  /** Live entries that carry deletedAt (a deletion sent through a live room, not yet by REST). */
  markedDeleted: string[]
}

/** Reads GET /sync?since=0 page by page. */
export async function relayContents(
  relayUrl: string,
  token: string,
  pageSize = 2000,
): Promise<RelayContents> {
  const seen = new Set<string>()
  const duplicates: string[] = []
  const live: [string, Record<string, unknown>][] = []
  const tombstones: string[] = []
  const markedDeleted: string[] = []
  let cursor = 0
  for (;;) {
    const response = await fetch(`${relayUrl}/sync?since=${cursor}&limit=${pageSize}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!response.ok) {
      throw new Error(`GET /sync failed: ${response.status} ${await response.text()}`)
    }
    const page = (await response.json()) as {
      entities: (StoredRecord & { _objectStore: ObjectStore; deleted?: boolean })[]
      cursor: number
      hasMore: boolean
    }
    for (const entity of page.entities) {
      const key = keyOf(entity._objectStore, entity._id)
      if (seen.has(key)) {
        duplicates.push(key)
      }
      seen.add(key)
      if (entity.deleted === true) {
        tombstones.push(key)
      } else if (entity.deletedAt !== undefined) {
        markedDeleted.push(key)
      } else {
        live.push([key, comparable(entity)])
      }
    }
    cursor = page.cursor
    if (!page.hasMore || page.entities.length === 0) {
      break
    }
  }
  return { live: sortedSnapshot(live), tombstones, duplicates, markedDeleted }
}

/** Entities pending on a device, leaving out those set aside as too large to sync. */
export async function pendingOf(device: SyncDevice): Promise<StoredRecord[]> {
  const tooLarge = new Set(
    device.engine.getTooLargeEntities().map((ref) => keyOf(ref._objectStore, ref._id)),
  )
  return (await device.store.getEntitiesThatNeedSync()).filter(
    (entity) => !tooLarge.has(keyOf(entity._objectStore as ObjectStore, entity._id)),
  )
}

/**
 * The final sync round: each device syncs until nothing is pending, then every device syncs once
 * more; repeated until a whole round pushed nothing (then no write reached the relay during the
 * round, so every device's last pull saw the relay's final state).
 */
export async function settle(devices: readonly SyncDevice[], maxRounds = 6): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    for (const device of devices) {
      for (let attempt = 0; (await pendingOf(device)).length > 0; attempt++) {
        if (attempt >= maxRounds) {
          throw new Error(
            `${device.name} still has ${(await pendingOf(device)).length} pending entities after ${attempt} syncs (state ${device.engine.getState()})`,
          )
        }
        await device.engine.sync()
      }
    }
    let pushed = 0
    for (const device of devices) {
      pushed += (await device.engine.sync()).pushed
    }
    if (pushed === 0 && (await Promise.all(devices.map(pendingOf))).every((p) => p.length === 0)) {
      return
    }
  }
  throw new Error(`the devices did not settle within ${maxRounds} rounds`)
}

/** Live marks whose bookmark is not live on the same device (must be none). */
export function orphanedMarks(device: SyncDevice): string[] {
  return device.store
    .getAllMarks()
    .filter((mark) => device.store.getBookmark(mark._bookmark) === undefined)
    .map((mark) => mark._id)
}

/** Waits until `condition` holds, polling; throws after `timeoutMs` (a bound, not a timing claim). */
export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'a condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
