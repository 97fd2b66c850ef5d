// Typed reads and writes of one entity kind in the library doc. An entity is stored as its JSON
// text (library-schema.ts) and decoded once per stored value; values come back deeply frozen, so
// that a caller cannot change what other readers of the cache see. Writing encodes, so a caller
// changing its own object later cannot reach the doc.
import type * as Y from 'yjs'
import type { ObjectStore } from '../domain/entities/object-store'
import { deviceKey, type DeviceState } from './device-state'
import {
  decodeEntity,
  entityMap,
  writeEntity,
  type StoredRecord,
  type StoredValue,
} from './library-schema'

/** Freezes a value and everything in it (what is frozen already is taken as frozen through). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value as Record<string, unknown>)) {
      deepFreeze(child)
    }
  }
  return value
}

/** A copy of a plain JSON-like value, object by object as Yjs encodes it (own enumerable keys). */
export function clonePlainValue<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map((item: unknown) => clonePlainValue(item)) as T
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
    const copy: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(value)) {
      copy[key] = clonePlainValue(child)
    }
    return copy as T
  }
  return value
}

/**
 * The entities of one kind, as frozen plain values decoded once per stored value. `lastSync` is
 * this device's bookkeeping, kept apart from the shared doc (device-state.ts) and attached on read.
 */
export class EntityTable<T extends StoredRecord> {
  readonly map: Y.Map<StoredValue>
  private readonly decoded = new Map<
    string,
    { raw: unknown; lastSync: number | undefined; value: T }
  >()

  /**
   * Every readable entity in the map's order, kept between reads so that reading all of them
   * after a write of a few costs the few, not the whole table (an import writes 50 chunks while
   * the page reads the library after each). Undefined until the first full walk.
   */
  private everything?: Map<string, T>
  /** Ids changed in the doc or in this device's lastSync since `everything` was brought up to date. */
  private readonly stale = new Set<string>()

  constructor(
    private readonly doc: Y.Doc,
    readonly store: ObjectStore,
    private readonly device: DeviceState,
  ) {
    this.map = entityMap(doc, store)
    this.map.observe((event) => this.noteChanged(event.keysChanged))
    const prefix = deviceKey(store, '')
    device.observeLastSync((keys) => {
      for (const key of keys) {
        if (key.startsWith(prefix)) {
          this.noteChanged([key.slice(prefix.length)])
        }
      }
    })
  }

  private noteChanged(ids: Iterable<string>): void {
    if (this.everything !== undefined) {
      for (const id of ids) {
        this.stale.add(id)
      }
    }
  }

  /**
   * Brings `everything` up to date with the stale ids; false when the map's order may now differ
   * from it (an entity removed, or a key written again after a removal keeps its old place in the
   * map), so that a full walk must rebuild it.
   */
  private refreshStale(everything: Map<string, T>): boolean {
    for (const id of this.stale) {
      const entity = this.decode(id, this.map.get(id))
      if (entity === undefined) {
        if (everything.has(id)) {
          return false
        }
      } else if (everything.has(id)) {
        everything.set(id, entity)
      } else if (this.map._map.get(id)?.left) {
        return false
      } else {
        everything.set(id, entity)
      }
    }
    this.stale.clear()
    return true
  }

  private decode(id: string, raw: unknown): T | undefined {
    if (raw === undefined) {
      this.decoded.delete(id)
      return undefined
    }
    const lastSync = this.device.lastSyncOf(this.store, id)
    const cached = this.decoded.get(id)
    if (cached && cached.raw === raw && cached.lastSync === lastSync) {
      return cached.value
    }
    // Legacy object values are the very objects Yjs holds: copy before freezing.
    const entity = decodeEntity(typeof raw === 'string' ? raw : clonePlainValue(raw))
    if (!entity) {
      return undefined
    }
    // Copy only when the stored text carries a lastSync of its own (older data) or one is added.
    let shared: StoredRecord = entity
    if ('lastSync' in entity) {
      const { lastSync: _stored, ...rest } = entity
      shared = rest
    }
    const value = deepFreeze((lastSync === undefined ? shared : { ...shared, lastSync }) as T)
    this.decoded.set(id, { raw, lastSync, value })
    return value
  }

  /**
   * Decodes every stored value not decoded yet, awaiting `pause` whenever `sliceMs` (by `clock`)
   * have passed. Values written meanwhile are decoded by the read that meets them.
   */
  async decodeAhead(
    pause: () => Promise<void>,
    sliceMs: number,
    clock: () => number,
  ): Promise<void> {
    let sliceStart = clock()
    for (const [id, raw] of this.map.entries()) {
      this.decode(id, raw)
      if (clock() - sliceStart >= sliceMs) {
        await pause()
        sliceStart = clock()
      }
    }
  }

  /** The entity with this id, deleted or not. */
  get(id: string): T | undefined {
    return this.decode(id, this.map.get(id))
  }

  /** Every entity, including those marked deleted (for sync and backup restore). */
  all(): T[] {
    // Inside a transaction the map's observers have not run yet: walk the map as it is now.
    if (this.doc._transaction !== null) {
      return this.walk()
    }
    if (this.everything === undefined || !this.refreshStale(this.everything)) {
      const everything = new Map<string, T>()
      for (const [id, raw] of this.map.entries()) {
        const entity = this.decode(id, raw)
        if (entity) {
          everything.set(id, entity)
        }
      }
      this.everything = everything
      this.stale.clear()
    }
    return [...this.everything.values()]
  }

  /** Every readable entity, decoding what changed, in the map's order. */
  private walk(): T[] {
    const result: T[] = []
    for (const [id, raw] of this.map.entries()) {
      const entity = this.decode(id, raw)
      if (entity) {
        result.push(entity)
      }
    }
    return result
  }

  /** Every entity that is not marked deleted. */
  live(): T[] {
    return this.all().filter((entity) => entity.deletedAt === undefined)
  }

  /** The live entity with this id. */
  getLive(id: string): T | undefined {
    const entity = this.get(id)
    return entity && entity.deletedAt === undefined ? entity : undefined
  }

  /** Stores the entity whole (call inside a transaction); its lastSync goes to the device state. */
  put(entity: T): void {
    const { lastSync, ...shared } = entity
    writeEntity(this.doc, this.store, shared as unknown as StoredRecord)
    this.device.setLastSync([
      {
        store: this.store,
        id: entity._id,
        lastSync: typeof lastSync === 'number' ? lastSync : undefined,
      },
    ])
  }

  /** Removes the entity (call inside a transaction). */
  remove(id: string): void {
    this.map.delete(id)
    this.decoded.delete(id)
    this.device.setLastSync([{ store: this.store, id, lastSync: undefined }])
  }
}
