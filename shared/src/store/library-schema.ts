// The one module that knows how the library doc is laid out: a top-level Y.Map per entity kind,
// `_id` -> the entity as a plain JSON value (replaced whole on update), plus a `meta` map with the
// schema version. Page content bodies and AI chat messages live in docs of their own, named here.
// Plain values, not a nested Y.Map per record: measured on yjs 13.6, 100k records as nested maps
// load 4-5x slower and take 4.5x the heap (docs/adr/008-local-store.md).
import type * as Y from 'yjs'
import { ObjectStore } from '../domain/entities/object-store'

/** The IndexedDB database of the library doc (spec: database {product}). */
export const DATABASE_NAME = 'inkmark'
/** The schema version this code writes (spec: version 3). */
export const SCHEMA_VERSION = 3

/** The id of the one chrome settings record, the same on every device so that sync keeps one. */
export const CHROME_SETTINGS_ID = 'chromesettings'

const META_MAP = 'meta'
const SCHEMA_VERSION_KEY = 'schemaVersion'

/** A stored entity: a plain JSON object with an id. */
export interface StoredRecord {
  _id: string
  [field: string]: unknown
}

/** The Y.Map holding one kind of entity. */
export function entityMap(doc: Y.Doc, store: ObjectStore): Y.Map<StoredRecord> {
  return doc.getMap<StoredRecord>(store)
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
export const BodyKind = { PAGE_CONTENT: 'pagecontent', AI_CHAT: 'aichat' } as const
export type BodyKind = (typeof BodyKind)[keyof typeof BodyKind]

/** The database name of the doc holding one entity's body. */
export function bodyDocName(databaseName: string, kind: BodyKind, id: string): string {
  return `${databaseName}-${kind}-${id}`
}
