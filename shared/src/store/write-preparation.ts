// Turns what a caller asks to store into validated records ready for one transaction: unknown kinds
// and invalid entities are rejected with a reason (never thrown), local writes get the spec's
// createdAt/updatedAt/modifiedAt stamps, marks need a live bookmark, page contents must fit the
// plan's quota, and bodies are split off for their own docs.
import { isUserTextState } from './user-text-doc'
import type { AiChatMessage } from '../domain/entities/ai-chat'
import { BookmarkType } from '../domain/entities/bookmark'
import { ObjectStore, isObjectStore } from '../domain/entities/object-store'
import { checkPageContentQuota, type QuotaPlan } from '../domain/storage-quota'
import { SCHEMA_BY_STORE } from './entity-schemas'
import type { StoredRecord } from './library-schema'
import { TransactionOrigin } from './origins'

/** Why an entity was not stored. */
export const RejectionReason = {
  INVALID: 'invalid',
  MISSING_BOOKMARK: 'missing-bookmark',
  QUOTA_EXCEEDED: 'quota-exceeded',
  STORAGE_ERROR: 'storage-error',
} as const
export type RejectionReason = (typeof RejectionReason)[keyof typeof RejectionReason]

/** An entity the store refused, and why, in words a person can read. */
export interface RejectedEntity {
  _id: string | undefined
  _objectStore: string | undefined
  reason: RejectionReason
  message: string
}

/** A record ready to be put, with its body split off. */
export interface PreparedWrite {
  store: ObjectStore
  record: StoredRecord
  pageContent?: string
  /** A page content's mergeable text state to merge in (ADR 081). */
  textState?: string
  chatMessages?: AiChatMessage[]
  /** A bookmark that was starred before this write and is not after it. */
  unstarred: boolean
}

/** What preparation needs to know about the library. */
export interface PrepareContext {
  now: number
  origin: TransactionOrigin
  quotaPlan: QuotaPlan
  existing(store: ObjectStore, id: string): StoredRecord | undefined
  isLiveBookmark(id: string): boolean
  pageContentBytesUsed(): number
}

function describe(value: unknown): { id: string | undefined; store: string | undefined } {
  const record =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  return {
    id: typeof record._id === 'string' ? record._id : undefined,
    store: typeof record._objectStore === 'string' ? record._objectStore : undefined,
  }
}

/** The latest of createdAt, updatedAt and deletedAt: what sync compares with lastSync. */
export function stampOf(entity: StoredRecord): number {
  return Math.max(
    ...[entity.createdAt, entity.updatedAt, entity.deletedAt].map((value) =>
      typeof value === 'number' ? value : 0,
    ),
  )
}

function stamp(
  record: StoredRecord,
  existing: StoredRecord | undefined,
  now: number,
): StoredRecord {
  const createdAt = existing?.createdAt ?? record.createdAt ?? now
  return {
    ...record,
    createdAt,
    // Strictly after every earlier stamp of the entity, even within one millisecond, so that an
    // edit made while a push is in flight is never taken for the pushed version.
    ...(existing ? { updatedAt: Math.max(now, stampOf(existing) + 1) } : {}),
    modifiedAt: now,
    ...(record.lastSync === undefined && existing?.lastSync !== undefined
      ? { lastSync: existing.lastSync }
      : {}),
  }
}

/** Validates and prepares `entities`; the order of the input is kept. */
export function prepareWrites(
  entities: readonly unknown[],
  context: PrepareContext,
): { writes: PreparedWrite[]; rejected: RejectedEntity[] } {
  const writes: PreparedWrite[] = []
  const rejected: RejectedEntity[] = []
  const reject = (value: unknown, reason: RejectionReason, message: string) => {
    const { id, store } = describe(value)
    rejected.push({ _id: id, _objectStore: store, reason, message })
  }
  const bookmarksInBatch = new Set<string>()
  for (const entity of entities) {
    const { store } = describe(entity)
    if (store === ObjectStore.BOOKMARKS && typeof (entity as StoredRecord)._id === 'string') {
      bookmarksInBatch.add((entity as StoredRecord)._id)
    }
  }
  let pageBytes = context.pageContentBytesUsed()
  const local = context.origin !== TransactionOrigin.REMOTE

  for (const entity of entities) {
    const { store } = describe(entity)
    if (!isObjectStore(store)) {
      reject(entity, RejectionReason.INVALID, `Unknown _objectStore '${String(store)}'`)
      continue
    }
    const parsed = SCHEMA_BY_STORE[store].safeParse(entity)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      reject(
        entity,
        RejectionReason.INVALID,
        `${issue?.path.join('.') || store}: ${issue?.message}`,
      )
      continue
    }
    let record = { ...parsed.data, _objectStore: store } as unknown as StoredRecord
    const existing = context.existing(store, record._id)

    if (store === ObjectStore.MARKS && local) {
      const bookmarkId = record._bookmark as string
      if (!bookmarkBelongs(bookmarkId, bookmarksInBatch, context)) {
        reject(
          entity,
          RejectionReason.MISSING_BOOKMARK,
          `The bookmark ${bookmarkId} of this highlight does not exist`,
        )
        continue
      }
    }
    const write: PreparedWrite = { store, record, unstarred: false }
    if (store === ObjectStore.PAGE_CONTENTS) {
      const { content, textState, ...withoutText } = record
      let metadata: StoredRecord = withoutText
      if (typeof textState === 'string' && isUserTextState(textState)) {
        write.textState = textState
        metadata = { ...metadata, mergeableText: true }
      }
      if (typeof content === 'string') {
        const previous =
          existing && existing.deletedAt === undefined ? Number(existing.length ?? 0) : 0
        const check = checkPageContentQuota(pageBytes - previous, content.length, context.quotaPlan)
        // What the relay already holds is applied whatever the quota: refusing it would make this
        // device diverge from the others for good.
        if (!check.ok && local) {
          reject(entity, RejectionReason.QUOTA_EXCEEDED, check.message)
          continue
        }
        pageBytes += content.length - previous
        write.pageContent = content
        record = { ...metadata, length: content.length }
      } else {
        record = {
          ...metadata,
          ...(existing?.length === undefined ? {} : { length: existing.length }),
        }
      }
    }
    if (store === ObjectStore.AI_CHATS) {
      const { messages, ...metadata } = record
      if (Array.isArray(messages)) {
        write.chatMessages = messages as AiChatMessage[]
      }
      record = metadata
    }
    if (store === ObjectStore.BOOKMARKS) {
      // Text the person wrote is the bookmark itself: unstarring it must not delete it (ADR 019).
      write.unstarred =
        existing?.isStarred === true &&
        record.isStarred === false &&
        record.type !== BookmarkType.CONTENT_TEXT
    }
    write.record = local ? stamp(record, existing, context.now) : record
    writes.push(write)
  }
  return dropMarksOfRejectedBookmarks(writes, rejected, context, local)
}

/** A mark whose bookmark came in the same batch but was rejected must not be stored alone. */
function dropMarksOfRejectedBookmarks(
  writes: PreparedWrite[],
  rejected: RejectedEntity[],
  context: PrepareContext,
  local: boolean,
): { writes: PreparedWrite[]; rejected: RejectedEntity[] } {
  if (!local) {
    return { writes, rejected }
  }
  const acceptedBookmarks = new Set(
    writes
      .filter((write) => write.store === ObjectStore.BOOKMARKS)
      .map((write) => write.record._id),
  )
  const kept: PreparedWrite[] = []
  for (const write of writes) {
    const bookmarkId = write.record._bookmark as string
    if (
      write.store === ObjectStore.MARKS &&
      !acceptedBookmarks.has(bookmarkId) &&
      !context.isLiveBookmark(bookmarkId)
    ) {
      rejected.push({
        _id: write.record._id,
        _objectStore: write.store,
        reason: RejectionReason.MISSING_BOOKMARK,
        message: `The bookmark ${bookmarkId} of this highlight was not stored`,
      })
    } else {
      kept.push(write)
    }
  }
  return { writes: kept, rejected }
}

function bookmarkBelongs(id: string, inBatch: Set<string>, context: PrepareContext): boolean {
  return inBatch.has(id) || context.isLiveBookmark(id)
}
