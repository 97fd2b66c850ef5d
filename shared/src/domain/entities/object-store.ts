// The five kinds of stored entity. Their names are the local store names and the `_objectStore`
// value that sync, backup and AI chat references carry, so they are fixed strings from the spec.
import { z } from 'zod'

/** The entity kinds, by local store name (spec: marks, bookmarks, chromesettings, pagecontents, aichats). */
export const ObjectStore = {
  MARKS: 'marks',
  BOOKMARKS: 'bookmarks',
  CHROME_SETTINGS: 'chromesettings',
  PAGE_CONTENTS: 'pagecontents',
  AI_CHATS: 'aichats',
} as const
export type ObjectStore = (typeof ObjectStore)[keyof typeof ObjectStore]

/** Every entity kind, in the spec's order. */
export const OBJECT_STORES: readonly ObjectStore[] = Object.values(ObjectStore)

/** Validates an `_objectStore` value. */
export const ObjectStoreSchema = z.enum(ObjectStore)

/** Whether a value names one of the five entity kinds. */
export function isObjectStore(value: unknown): value is ObjectStore {
  return typeof value === 'string' && (OBJECT_STORES as readonly string[]).includes(value)
}
