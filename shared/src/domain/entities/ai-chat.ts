// A conversation with the AI about a bookmark (or a highlight). The chat record references what it
// is about by id and store; its messages may be absent when the store lists chats by metadata only.
import { z } from 'zod'
import { EntityIdSchema, EpochMillisSchema, syncFieldsShape, withoutUndefined } from './common'
import { ObjectStore, ObjectStoreSchema } from './object-store'

/** Who wrote a chat message. */
export const AiChatRole = { SYSTEM: 'system', USER: 'user', ASSISTANT: 'assistant' } as const
export type AiChatRole = (typeof AiChatRole)[keyof typeof AiChatRole]

/** Store of the entity a new chat is about. */
export const DEFAULT_AI_CHAT_REFERENCE_OBJECT_STORE: ObjectStore = ObjectStore.BOOKMARKS

/** Validates one chat message. */
export const AiChatMessageSchema = z.looseObject({
  role: z.enum(AiChatRole),
  content: z.string(),
  createdAt: EpochMillisSchema.optional(),
})
export type AiChatMessage = z.infer<typeof AiChatMessageSchema>

/** Validates an AI chat; a missing reference store is bookmarks. */
export const AiChatSchema = z.looseObject({
  _id: EntityIdSchema,
  _objectStore: z.literal(ObjectStore.AI_CHATS).optional(),
  /** Id of the entity the chat is about (a bookmark id unless the reference store says otherwise). */
  _referenceId: EntityIdSchema,
  _referenceObjectStore: ObjectStoreSchema.default(DEFAULT_AI_CHAT_REFERENCE_OBJECT_STORE),
  messages: z.array(AiChatMessageSchema).optional(),
  createdAt: EpochMillisSchema,
  /**
   * When a user message was last added (epoch millis): the AI chat daily limit counts the chats
   * written in today from this synced field (docs/adr/047-ai-logic.md).
   */
  lastUserMessageAt: EpochMillisSchema.optional(),
  /** The app type (wh-app-type) that last changed the chat. */
  wasUpdatedLastFromAppType: z.string().optional(),
  ...syncFieldsShape,
})
export type AiChat = z.infer<typeof AiChatSchema>
/** What `createAiChat` accepts: the id and reference id plus any chat field. */
export type AiChatInit = Pick<z.input<typeof AiChatSchema>, '_id' | '_referenceId'> &
  Partial<z.input<typeof AiChatSchema>>

/** A new, empty chat about a bookmark, created at `now`. */
export function createAiChat(fields: AiChatInit, now: number): AiChat {
  return AiChatSchema.parse({
    _objectStore: ObjectStore.AI_CHATS,
    messages: [],
    createdAt: now,
    updatedAt: now,
    ...withoutUndefined(fields),
  })
}

/** A chat message written at `now`. */
export function createAiChatMessage(role: AiChatRole, content: string, now: number): AiChatMessage {
  return { role, content, createdAt: now }
}
