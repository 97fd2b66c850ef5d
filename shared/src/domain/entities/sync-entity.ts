// The wire shapes of the /sync calls: POST and PUT carry whole entities of the five kinds, told
// apart by `_objectStore`; DELETE carries only `_id` and `_objectStore`. The relay validates request
// bodies with these schemas and the client builds them, so both ends agree by construction.
import { z } from 'zod'
import { AiChatSchema } from './ai-chat'
import { BookmarkSchema } from './bookmark'
import { ChromeSettingsSchema } from './chrome-settings'
import { EntityIdSchema } from './common'
import { MarkSchema } from './mark'
import { ObjectStore, ObjectStoreSchema } from './object-store'
import { PageContentSchema } from './page-content'

/** Validates one synced entity: any of the five kinds, with its `_objectStore` required. */
export const SyncEntitySchema = z.discriminatedUnion('_objectStore', [
  MarkSchema.extend({ _objectStore: z.literal(ObjectStore.MARKS) }),
  BookmarkSchema.extend({ _objectStore: z.literal(ObjectStore.BOOKMARKS) }),
  ChromeSettingsSchema.extend({ _objectStore: z.literal(ObjectStore.CHROME_SETTINGS) }),
  PageContentSchema.extend({ _objectStore: z.literal(ObjectStore.PAGE_CONTENTS) }),
  AiChatSchema.extend({ _objectStore: z.literal(ObjectStore.AI_CHATS) }),
])
export type SyncEntity = z.infer<typeof SyncEntitySchema>

/** Validates the body of POST and PUT /sync. */
export const SyncRequestBodySchema = z.object({ entities: z.array(SyncEntitySchema) })
export type SyncRequestBody = z.infer<typeof SyncRequestBodySchema>

/** Validates one entity of DELETE /sync: only `_id` and `_objectStore` (other keys are dropped). */
export const SyncDeleteEntitySchema = z.object({
  _id: EntityIdSchema,
  _objectStore: ObjectStoreSchema,
})
export type SyncDeleteEntity = z.infer<typeof SyncDeleteEntitySchema>

/** Validates the body of DELETE /sync. */
export const SyncDeleteRequestBodySchema = z.object({ entities: z.array(SyncDeleteEntitySchema) })
export type SyncDeleteRequestBody = z.infer<typeof SyncDeleteRequestBodySchema>

/** Thrown when an entity to delete carries no `_objectStore` and none is given. */
export const MISSING_OBJECT_STORE_MESSAGE = 'Cannot sync an entity without _objectStore'

/** The DELETE /sync form of an entity: its `_id` and its (or the given) `_objectStore` only. */
export function toSyncDeleteEntity(
  entity: { _id: string; _objectStore?: ObjectStore | undefined },
  objectStore?: ObjectStore,
): SyncDeleteEntity {
  const store = objectStore ?? entity._objectStore
  if (store === undefined) {
    throw new Error(MISSING_OBJECT_STORE_MESSAGE)
  }
  return { _id: entity._id, _objectStore: store }
}
