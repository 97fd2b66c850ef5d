// Typed reads and writes of one entity kind in the library doc. Values come back deeply frozen:
// they are the very objects Yjs holds, and a caller mutating one would change the doc's memory
// without a transaction, so no listener or provider would ever hear of it. For the same reason a
// value is copied on the way in: Yjs keeps the object it is given, so without the copy a caller
// changing its own object later would change the doc, and a read would freeze the caller's object.
import type * as Y from 'yjs'
import type { ObjectStore } from '../domain/entities/object-store'
import { entityMap, type StoredRecord } from './library-schema'

function deepFreeze<T>(value: T): T {
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

/** The entities of one kind, as frozen plain values. */
export class EntityTable<T extends StoredRecord> {
  readonly map: Y.Map<StoredRecord>

  constructor(
    doc: Y.Doc,
    readonly store: ObjectStore,
  ) {
    this.map = entityMap(doc, store)
  }

  /** The entity with this id, deleted or not. */
  get(id: string): T | undefined {
    const value = this.map.get(id)
    return value === undefined ? undefined : deepFreeze(value as T)
  }

  /** Every entity, including those marked deleted (for sync and backup restore). */
  all(): T[] {
    const result: T[] = []
    for (const value of this.map.values()) {
      result.push(deepFreeze(value as T))
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

  /** Stores a copy of the entity, whole (call inside a transaction). */
  put(entity: T): void {
    this.map.set(entity._id, clonePlainValue(entity))
  }

  /** Removes the entity (call inside a transaction). */
  remove(id: string): void {
    this.map.delete(id)
  }
}
