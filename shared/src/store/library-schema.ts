// The one module that knows how the library doc is laid out: a top-level Y.Map per entity kind,
// `_id` -> the entity as a plain JSON value (replaced whole on update), plus a `meta` map with the
// schema version. Page content bodies and AI chat messages live in docs of their own, named here.
// Plain values, not a nested Y.Map per record: measured on yjs 13.6, 100k records as nested maps
// load 4-5x slower and take 4.5x the heap (docs/adr/008-local-store.md).
import type * as Y from 'yjs'
import { CHROME_SETTINGS_RECORD_ID } from '../domain/entities/backup-file'
import { ObjectStore } from '../domain/entities/object-store'

/** The IndexedDB database of the library doc (spec: database {product}). */
export const DATABASE_NAME = 'inkmark'
/** The schema version this code writes (spec: version 3). */
export const SCHEMA_VERSION = 3

/** The id of the one chrome settings record, the same on every device so that sync keeps one. */
export const CHROME_SETTINGS_ID = CHROME_SETTINGS_RECORD_ID

const META_MAP = 'meta'
const SCHEMA_VERSION_KEY = 'schemaVersion'

/** A stored entity: a plain JSON object with an id. */
export interface StoredRecord {
  _id: string
  [field: string]: unknown
}

/**
 * How an entity sits in its map: its JSON text. Measured on a 62,000-entity library in Chromium,
 * Yjs decodes a value of plain objects key by key and string by string (a TextDecoder call each),
 * which made the cold open 9x slower than reading the same data as one JSON blob; one string per
 * entity is one decode, and parsing happens only for entities that are read (docs/adr/008).
 * Values written as objects by older code are still read.
 */
export type StoredValue = string | StoredRecord

/** The Y.Map holding one kind of entity. */
export function entityMap(doc: Y.Doc, store: ObjectStore): Y.Map<StoredValue> {
  return doc.getMap<StoredValue>(store)
}

/** The stored form of an entity. */
export function encodeEntity(entity: StoredRecord): string {
  return JSON.stringify(entity)
}

/** The entity of a stored value; undefined for a value that is not an entity. */
export function decodeEntity(value: unknown): StoredRecord | undefined {
  let decoded: unknown = value
  if (typeof value === 'string') {
    try {
      decoded = JSON.parse(value)
    } catch {
      return undefined
    }
  }
  return typeof decoded === 'object' &&
    decoded !== null &&
    !Array.isArray(decoded) &&
    typeof (decoded as StoredRecord)._id === 'string'
    ? (decoded as StoredRecord)
    : undefined
}

/** Every entity of a kind, decoded (values that are not entities are skipped). */
export function entityValues(doc: Y.Doc, store: ObjectStore): StoredRecord[] {
  const entities: StoredRecord[] = []
  for (const value of entityMap(doc, store).values()) {
    const entity = decodeEntity(value)
    if (entity) {
      entities.push(entity)
    }
  }
  return entities
}

/** One entity of a kind, decoded. */
export function readEntity(doc: Y.Doc, store: ObjectStore, id: string): StoredRecord | undefined {
  return decodeEntity(entityMap(doc, store).get(id))
}

/** Stores an entity whole (call inside a transaction); true when the stored value changed. */
export function writeEntity(doc: Y.Doc, store: ObjectStore, entity: StoredRecord): boolean {
  const map = entityMap(doc, store)
  const encoded = encodeEntity(entity)
  if (map.get(entity._id) === encoded) {
    return false
  }
  map.set(entity._id, encoded)
  return true
}

/** The kind a top-level map of the library doc holds, or undefined for other maps. */
export function storeOfMap(doc: Y.Doc, map: Y.AbstractType<unknown>): ObjectStore | undefined {
  for (const store of Object.values(ObjectStore)) {
    if (doc.share.get(store) === map) {
      return store
    }
  }
  return undefined
}

/** The schema version stored in the doc, or undefined for a doc written before versioning. */
export function readSchemaVersion(doc: Y.Doc): number | undefined {
  const version = doc.getMap<unknown>(META_MAP).get(SCHEMA_VERSION_KEY)
  return typeof version === 'number' ? version : undefined
}

/** Records the schema version (call inside a transaction). */
export function writeSchemaVersion(doc: Y.Doc, version: number): void {
  doc.getMap<unknown>(META_MAP).set(SCHEMA_VERSION_KEY, version)
}

/** Whether the doc holds any entity at all. */
export function hasAnyEntity(doc: Y.Doc): boolean {
  return Object.values(ObjectStore).some((store) => entityMap(doc, store).size > 0)
}

/** The kinds whose bodies live in docs of their own. */
export const BodyKind = {
  PAGE_CONTENT: 'pagecontent',
  AI_CHAT: 'aichat',
  /** The mergeable text of user content (ADR 081), beside its page content's HTML. */
  USER_TEXT: 'usertext',
} as const
export type BodyKind = (typeof BodyKind)[keyof typeof BodyKind]

/** The database name of the doc holding one entity's body. */
export function bodyDocName(databaseName: string, kind: BodyKind, id: string): string {
  return `${databaseName}-${kind}-${id}`
}
