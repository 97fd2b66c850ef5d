// The extension's contract for its own pages (popup, sidebar, options, reader, viewer): the spec's
// local-store method names, each with a schema for its arguments. The background checks that a
// call comes from one of the extension's own pages, validates the arguments here, and only then
// runs the store method; nothing else of the store (sync bookkeeping, origins) is reachable.
import { z } from 'zod'
import { AiChatMessageSchema } from '../domain/entities/ai-chat'
import { AiSummarySchema } from '../domain/entities/ai-summary'
import { EntityIdSchema } from '../domain/entities/common'
import { ObjectStoreSchema } from '../domain/entities/object-store'
import { ChromeSettingsEditSchema } from '../domain/settings-edits'
import type { LocalStore } from '../store/local-store'

const text = z.string().max(10_000)
const id = EntityIdSchema.max(256)
const url = z.string().min(1).max(8_192)
const ref = z.object({ _id: id, _objectStore: ObjectStoreSchema })
/** A write names its kind; the store validates the rest with the entity schemas. */
const entity = z.looseObject({ _objectStore: ObjectStoreSchema })

/** Every store method the extension's pages may call, with the schema of its argument list. */
export const STORE_CALLS = {
  clearDatabases: z.tuple([]),
  getEntitiesForSearchValue: z.tuple([text]),
  searchLibrary: z.tuple([text, z.number().int().min(1).max(500).optional()]),
  getAllEntities: z.tuple([]),
  getAllBookmarks: z.tuple([]),
  getAllAiChats: z.tuple([]),
  getBookmarksForAiLimits: z.tuple([]),
  getAiChatsForAiLimits: z.tuple([]),
  getAllMarks: z.tuple([]),
  getEntitiesThatNeedSync: z.tuple([]),
  updateChromeSettings: z.tuple([z.record(z.string(), z.unknown())]),
  editChromeSettings: z.tuple([ChromeSettingsEditSchema]),
  getBackupData: z.tuple([]),
  getAllTags: z.tuple([]),
  getBookmarkForUrl: z.tuple([url]),
  getChromeSettings: z.tuple([]),
  getEntityById: z.tuple([id, ObjectStoreSchema.optional()]),
  getAllOrigins: z.tuple([]),
  getMarksForDomain: z.tuple([text]),
  getMarksForTag: z.tuple([text]),
  getMarksForBookmark: z.tuple([id]),
  getBookmarksForTag: z.tuple([text]),
  getBookmarksForDomain: z.tuple([text]),
  getBookmarksWithCount: z.tuple([]),
  createOrUpdateEntities: z.tuple([z.array(entity).max(10_000)]),
  markEntitiesAsDeleted: z.tuple([z.array(ref).max(10_000)]),
  deleteEntities: z.tuple([z.array(ref).max(10_000)]),
  getBookmark: z.tuple([id]),
  getAllCount: z.tuple([]),
  importBackupData: z.tuple([z.unknown()]),
  getLastHighlightedMark: z.tuple([]),
  getLearningStatus: z.tuple([]),
  getPageContentForUrl: z.tuple([url]),
  getAllPageContents: z.tuple([]),
  deleteUnreachablePageContents: z.tuple([]),
  getPageContentSizeUsedInBytes: z.tuple([]),
  getAiChatByReferenceId: z.tuple([id]),
  saveAiSummary: z.tuple([id, AiSummarySchema]),
  /** The page was opened (openedAt, at the store's time; not an edit, ADR 079). */
  recordBookmarkOpened: z.tuple([id]),
  appendAiChatMessages: z.tuple([
    id,
    z
      .array(AiChatMessageSchema.extend({ content: z.string().max(200_000) }))
      .min(1)
      .max(100),
    z.number().nonnegative(),
  ]),
} as const

export type StoreCallName = keyof typeof STORE_CALLS

/** A message from an extension page asking the background to run a store method. */
export const StoreCallMessageSchema = z.object({
  channel: z.literal('inkmark:store'),
  method: z.enum(Object.keys(STORE_CALLS) as [StoreCallName, ...StoreCallName[]]),
  args: z.array(z.unknown()).max(4),
})
export type StoreCallMessage = z.infer<typeof StoreCallMessageSchema>

/** The arguments of `method` as a caller passes them. */
export type StoreCallArgs<M extends StoreCallName> = z.input<(typeof STORE_CALLS)[M]>

/** The message for calling `method` with `args`. */
export function storeCallMessage<M extends StoreCallName>(
  method: M,
  ...args: StoreCallArgs<M>
): StoreCallMessage {
  return { channel: 'inkmark:store', method, args: [...(args as unknown[])] }
}

/** A call refused before it reached the store. */
export class InvalidCallError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidCallError'
  }
}

/** Validates a message and runs the store method it names; throws InvalidCallError if invalid. */
export async function runStoreCall(store: LocalStore, message: unknown): Promise<unknown> {
  const parsed = StoreCallMessageSchema.safeParse(message)
  if (!parsed.success) {
    throw new InvalidCallError('Invalid store call')
  }
  const { method, args } = parsed.data
  const checked = STORE_CALLS[method].safeParse(args)
  if (!checked.success) {
    throw new InvalidCallError(`Invalid arguments for ${method}`)
  }
  // Only the validated arguments are passed: a caller can never reach a method's further
  // parameters (such as the transaction origin of createOrUpdateEntities).
  const call = (store[method] as (...callArgs: unknown[]) => unknown).bind(store)
  return await call(...(checked.data as unknown[]))
}
