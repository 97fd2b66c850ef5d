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

/** What an Ask your library answer's [n] cites: the highlight and its page (and the page's title). */
export const AiChatCitationSchema = z.looseObject({
  number: z.number().int().positive(),
  markId: EntityIdSchema,
  bookmarkId: EntityIdSchema,
  title: z.string().optional(),
})
export type AiChatCitation = z.infer<typeof AiChatCitationSchema>

/** Validates one chat message. */
export const AiChatMessageSchema = z.looseObject({
  /** A unique id (createAiChatMessage), so two devices' copies of a chat merge message by message. */
  id: z.string().optional(),
  role: z.enum(AiChatRole),
  content: z.string(),
  createdAt: EpochMillisSchema.optional(),
  /** The sources an Ask your library answer cites, so a reopened or synced answer links them. */
  citations: z.array(AiChatCitationSchema).optional(),
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
  /**
   * When the conversation was cleared (epoch millis): messages written at or before it are not
   * part of it, however a merge with another device's copy brings them back.
   */
  clearedAt: EpochMillisSchema.optional(),
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

/** The platform's crypto (browsers, workers and Node 19+), which the domain's types do not declare. */
const platformCrypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto

/** A random message id: a UUID, or (without randomUUID, e.g. an insecure page) random digits. */
function randomMessageId(): string {
  return (
    platformCrypto?.randomUUID?.() ??
    `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`
  )
}

/** A chat message written at `now`, with an id of its own. */
export function createAiChatMessage(role: AiChatRole, content: string, now: number): AiChatMessage {
  return { id: randomMessageId(), role, content, createdAt: now }
}

/**
 * The id of the one chat about `referenceId`. Deterministic, so that two devices (or both apps)
 * starting a chat about the same bookmark, or Ask your library, write one chat, not two.
 */
export function aiChatIdFor(referenceId: string): string {
  return `aichat-${referenceId}`
}

/** What tells one message from another: its id, or (written before ids) its role, time and text. */
export function aiChatMessageKey(message: AiChatMessage): string {
  return typeof message.id === 'string' && message.id !== ''
    ? message.id
    : JSON.stringify([message.role, message.createdAt ?? null, message.content])
}

/**
 * One conversation from several copies of it (two devices' copies of a chat, or several chats
 * about one reference): every message once, ordered by createdAt (ties keep their order), less
 * those written at or before `clearedAt`.
 */
export function mergeAiChatMessages(
  lists: readonly (readonly AiChatMessage[])[],
  clearedAt?: number,
): AiChatMessage[] {
  const byKey = new Map<string, AiChatMessage>()
  for (const list of lists) {
    for (const message of list) {
      const key = aiChatMessageKey(message)
      if (!byKey.has(key)) {
        byKey.set(key, message)
      }
    }
  }
  return [...byKey.values()]
    .filter((message) => clearedAt === undefined || (message.createdAt ?? 0) > clearedAt)
    .map((message, index) => ({ message, index }))
    .sort((a, b) => (a.message.createdAt ?? 0) - (b.message.createdAt ?? 0) || a.index - b.index)
    .map(({ message }) => message)
}

/** Whether `merged` has a message `list` lacks. */
export function aiChatMessagesLack(
  list: readonly AiChatMessage[],
  merged: readonly AiChatMessage[],
): boolean {
  const keys = new Set(list.map(aiChatMessageKey))
  return merged.some((message) => !keys.has(aiChatMessageKey(message)))
}
