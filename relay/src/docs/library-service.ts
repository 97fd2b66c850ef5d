// What the /sync contract and the read endpoints do to a user's docs: entities go into the
// library doc (bodies into their own docs) in the stored form the clients use, deletions leave the
// revision index a tombstone, and pulls read back whatever changed since a cursor. The docs are
// per user, so a client can never write into, or read from, another user's docs. Device-local
// fields (`lastSync`, `_user`) are never stored, so the same entity is the same value whether it
// came by REST or through a live room, and an unchanged entity written again changes nothing;
// `_user` is added on the way out from the token's user, whatever a client claimed. Deleting a
// page content or chat destroys its body doc and removes its stored log. A user's writes and
// deletions run one at a time, so a body is never written and destroyed at once.
import {
  ObjectStore,
  bodyRoomName,
  decodeEntity,
  entityMap,
  encodeUserTextState,
  hasUserText,
  mergeSharingFields,
  readChatMessagesBody,
  readPageContentBody,
  writeChatMessagesBody,
  writeEntity,
  writePageContentBody,
  type AiChatMessage,
  type StoredRecord,
  userTextDocHtml,
} from '@inkmark/shared'
import * as Y from 'yjs'
import type { RelayStorage, RevisionEntry } from '../storage/relay-storage'
import {
  forgetCanonicalText,
  pageJson,
  rememberCanonicalText,
  splicedEntity,
  userSuffix,
} from './pull-page'
import { forgetDeletions, rememberDeletions } from './deletion-guard'
import { LIBRARY_DOC, REST_ORIGIN } from './origins'
import { checkUserTextMerge } from './user-text-check'
import type { UserDocs } from './user-docs'

/**
 * The entity stored under `id`, or undefined. REST writes only store entities, but a live client
 * can put anything into its own doc (null, numbers, arrays, nested Yjs types); the reads treat such
 * values as absent rather than failing on them, and name a record by its key.
 */
function readRecord(value: unknown, id: string, userId: string): StoredRecord | undefined {
  if (value instanceof Y.AbstractType) {
    return undefined
  }
  const record = decodeEntity(
    typeof value === 'object' && value !== null && !Array.isArray(value) && !('_id' in value)
      ? { ...value, _id: id }
      : value,
  )
  return record && { ...record, _id: id, _user: userId }
}

/** The entity stored under `id` as written (no `_user`), or undefined. */
function storedRecord(doc: Y.Doc, store: ObjectStore, id: string): StoredRecord | undefined {
  const value = entityMap(doc, store).get(id)
  return value instanceof Y.AbstractType ? undefined : decodeEntity(value)
}

/** An entity reference as DELETE /sync carries it. */
export interface EntityReference {
  _id: string
  _objectStore: ObjectStore
}

/** Kinds whose pulled entities carry a body from a doc of their own (never spliced). */
const BODY_STORES: ReadonlySet<string> = new Set([ObjectStore.PAGE_CONTENTS, ObjectStore.AI_CHATS])

/** A pulled deletion as page JSON: `{ _id, _objectStore, deleted: true }`. */
function tombstone(id: string, store: string): string {
  return JSON.stringify({ _id: id, _objectStore: store, deleted: true })
}

/** The body doc of a page content or chat, or undefined for other kinds. */
function bodyDocOf(store: string, id: string): string | undefined {
  if (store === ObjectStore.PAGE_CONTENTS) {
    return bodyRoomName('pagecontent', id)
  }
  return store === ObjectStore.AI_CHATS ? bodyRoomName('aichat', id) : undefined
}

/** A pushed text refused before storing, by id with a code (ADR 081). */
export interface UserTextRejection {
  _id: string
  _objectStore: string
  message: string
  code: string
}

/** A page content's HTML written without a mergeable text (restored backup, old client). */
function isHtmlWithoutText(entity: StoredRecord): boolean {
  return (
    entity._objectStore === ObjectStore.PAGE_CONTENTS &&
    typeof entity.content === 'string' &&
    typeof entity.textState !== 'string' &&
    entity.mergeableText !== true
  )
}

export class LibraryService {
  /** The tail of each user's queue of writes. */
  private readonly queues = new Map<string, Promise<unknown>>()

  constructor(
    private readonly docs: UserDocs,
    private readonly storage: RelayStorage,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `work` after the user's earlier writes have finished. */
  private async queued<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(userId) ?? Promise.resolve()
    const run = previous.then(work, work)
    const tail = run.catch(() => undefined)
    this.queues.set(userId, tail)
    try {
      return await run
    } finally {
      if (this.queues.get(userId) === tail) {
        this.queues.delete(userId)
      }
    }
  }

  /** Stores entities (validated already) for `userId`; resolves when durable. */
  upsert(userId: string, entities: readonly StoredRecord[]): Promise<string[]> {
    return this.queued(userId, () => this.upsertNow(userId, entities))
  }

  private async upsertNow(userId: string, received: readonly StoredRecord[]): Promise<string[]> {
    const entities: StoredRecord[] = []
    for (const entity of received) {
      if (
        entity._objectStore === ObjectStore.PAGE_CONTENTS &&
        typeof entity.textState === 'string'
      ) {
        // Checked before (checkUserTexts); one that fails now (a merge came in between) is left
        // out of `stored`, so the device keeps it pending: never a 500, nothing half stored.
        const merged = await this.mergeUserText(userId, entity)
        if (merged) {
          entities.push(merged)
        }
      } else {
        entities.push(entity)
      }
    }
    for (const entity of entities) {
      if (entity._objectStore === ObjectStore.PAGE_CONTENTS && typeof entity.content === 'string') {
        await this.docs.use(userId, bodyRoomName('pagecontent', entity._id), (body) =>
          body.transactDurably(
            (doc) => writePageContentBody(doc, entity.content as string, REST_ORIGIN),
            REST_ORIGIN,
          ),
        )
      }
      if (entity._objectStore === ObjectStore.AI_CHATS && Array.isArray(entity.messages)) {
        await this.docs.use(userId, bodyRoomName('aichat', entity._id), (body) =>
          body.transactDurably(
            (doc) => writeChatMessagesBody(doc, entity.messages as AiChatMessage[], REST_ORIGIN),
            REST_ORIGIN,
          ),
        )
      }
    }
    await forgetDeletions(
      this.storage,
      userId,
      entities.map((entity) => ({ store: entity._objectStore as ObjectStore, id: entity._id })),
    )
    await this.docs.use(userId, LIBRARY_DOC, (library) =>
      library.transactDurably((doc) => {
        for (const entity of entities) {
          const {
            content,
            textState: _textState,
            messages: _messages,
            lastSync: _lastSync,
            _user: _ignoredUser,
            ...metadata
          } = entity
          const store = entity._objectStore as ObjectStore
          // An old copy pushed by a device that was away keeps the newer sharing stored here
          // (ADR 064): it cannot re-publish a page or a note unshared since.
          const record: StoredRecord = mergeSharingFields(storedRecord(doc, store, entity._id), {
            ...metadata,
            ...(typeof content === 'string' ? { length: content.length } : {}),
          })
          writeEntity(doc, store, record)
          // The text just stored is JSON.stringify of a parsed body without `_user`: canonical.
          rememberCanonicalText(entityMap(doc, store), entity._id)
        }
      }, REST_ORIGIN),
    )
    // HTML written without a text (a backup restored, an old client) replaces the text: the stale
    // text doc goes, so the next editor seeds from this HTML instead of overwriting it (ADR 081).
    for (const entity of entities) {
      if (isHtmlWithoutText(entity)) {
        await this.docs.destroy(userId, bodyRoomName('usertext', entity._id))
      }
    }
    return entities.map((entity) => entity._id)
  }

  /**
   * Checks the pushed texts of page contents on a copy of the stored text (ADR 081): each valid one
   * comes back carrying the merged HTML as its `content` (what the quota measures and what is
   * stored), each invalid one is refused by id with a code. Nothing is stored here.
   */
  async checkUserTexts(
    userId: string,
    entities: readonly StoredRecord[],
  ): Promise<{ valid: StoredRecord[]; rejected: UserTextRejection[] }> {
    const valid: StoredRecord[] = []
    const rejected: UserTextRejection[] = []
    for (const entity of entities) {
      if (
        entity._objectStore !== ObjectStore.PAGE_CONTENTS ||
        typeof entity.textState !== 'string'
      ) {
        valid.push(entity)
        continue
      }
      const textState = entity.textState
      const oldHtml = await this.oldStyleHtml(userId, entity._id)
      const check = await this.docs.use(userId, bodyRoomName('usertext', entity._id), (text) =>
        checkUserTextMerge(text.doc, textState, hasUserText(text.doc) ? undefined : oldHtml),
      )
      if (check.ok) {
        valid.push({ ...entity, content: check.html, mergeableText: true })
      } else {
        rejected.push({
          _id: entity._id,
          _objectStore: String(entity._objectStore),
          message: check.message,
          code: check.code,
        })
      }
    }
    return { valid, rejected }
  }

  /**
   * Deletes entities of `userId`; resolves when durable. The bodies of deleted page contents and
   * chats are destroyed once the deletion is stored (a crash in between leaves an orphan log, never
   * an entity without its body); a later write of the entity brings a new body with it.
   */
  delete(userId: string, references: readonly EntityReference[]): Promise<string[]> {
    return this.queued(userId, async () => {
      const entities = references.map((reference) => ({
        store: reference._objectStore,
        id: reference._id,
      }))
      await this.docs.use(userId, LIBRARY_DOC, async (library) => {
        await rememberDeletions(this.storage, library, entities, this.now())
        await library.transactDurably((doc) => {
          for (const { store, id } of entities) {
            entityMap(doc, store).delete(id)
          }
        }, REST_ORIGIN)
      })
      for (const { store, id } of entities) {
        const body = bodyDocOf(store, id)
        if (body) {
          await this.docs.destroy(userId, body)
        }
        if (store === ObjectStore.PAGE_CONTENTS) {
          await this.docs.destroy(userId, bodyRoomName('usertext', id))
        }
      }
      return references.map((reference) => reference._id)
    })
  }

  /**
   * Merges a page content's mergeable text into its text doc (ADR 081) and gives the entity the HTML
   * of the merged text: whatever HTML a device sent, the stored one is the merge's.
   */
  private async mergeUserText(
    userId: string,
    entity: StoredRecord,
  ): Promise<StoredRecord | undefined> {
    const html = await this.docs.use(userId, bodyRoomName('usertext', entity._id), async (text) => {
      // Merged on a copy first: the stored text is touched only by an update known to be good.
      const check = checkUserTextMerge(text.doc, entity.textState as string)
      if (!check.ok) {
        return undefined
      }
      await text.transactDurably(
        (doc) => Y.applyUpdate(doc, check.update, REST_ORIGIN),
        REST_ORIGIN,
      )
      return userTextDocHtml(text.doc)
    })
    return html === undefined ? undefined : { ...entity, content: html, mergeableText: true }
  }

  /** A page content's mergeable text as base64, or undefined. */
  private async userTextState(userId: string, id: string): Promise<string | undefined> {
    const text = await this.docs.open(userId, bodyRoomName('usertext', id))
    return encodeUserTextState(text.doc)
  }

  /** Every entity of a kind. */
  async list(userId: string, store: ObjectStore): Promise<StoredRecord[]> {
    // Read in the turn the doc is handed over in: no eviction can come between.
    const library = await this.docs.open(userId, LIBRARY_DOC)
    const records: StoredRecord[] = []
    for (const [id, value] of entityMap(library.doc, store).entries()) {
      const record = readRecord(value, id, userId)
      if (record) {
        records.push(record)
      }
    }
    return records
  }

  /** One entity, or undefined. */
  async get(userId: string, store: ObjectStore, id: string): Promise<StoredRecord | undefined> {
    const library = await this.docs.open(userId, LIBRARY_DOC)
    return readRecord(entityMap(library.doc, store).get(id), id, userId)
  }

  /**
   * The stored HTML of page content `id` when it is old-style (HTML only, no mergeable text: written
   * before texts merged, restored from a backup, or by an old client) and not empty; else undefined.
   */
  private async oldStyleHtml(userId: string, id: string): Promise<string | undefined> {
    const stored = await this.get(userId, ObjectStore.PAGE_CONTENTS, id)
    if (stored === undefined || stored.mergeableText === true) {
      return undefined
    }
    const html = await this.pageContentHtml(userId, id)
    return html !== undefined && html.trim() !== '' ? html : undefined
  }

  /** The HTML of a page content, or undefined. */
  async pageContentHtml(userId: string, id: string): Promise<string | undefined> {
    if (!(await this.get(userId, ObjectStore.PAGE_CONTENTS, id))) {
      return undefined
    }
    const body = await this.docs.open(userId, bodyRoomName('pagecontent', id))
    return readPageContentBody(body.doc)
  }

  /** The messages of an AI chat, or undefined. */
  async chatMessages(userId: string, id: string): Promise<AiChatMessage[] | undefined> {
    if (!(await this.get(userId, ObjectStore.AI_CHATS, id))) {
      return undefined
    }
    const body = await this.docs.open(userId, bodyRoomName('aichat', id))
    return readChatMessagesBody(body.doc)
  }

  /**
   * A GET /sync page as JSON text: entities (with bodies) and tombstones changed after `cursor`, at
   * most `limit`, `{ entities, cursor, hasMore }`. Entities are spliced from their stored texts
   * (pull-page.ts); bodies, and values that are not canonical texts, are parsed and serialized.
   */
  async changesSince(userId: string, cursor: number, limit: number): Promise<string> {
    const changes = await this.storage.listChangesSince(userId, cursor, limit)
    return this.docs.use(userId, LIBRARY_DOC, (library) =>
      this.pageOfChanges(userId, cursor, limit, changes, library.doc),
    )
  }

  private async pageOfChanges(
    userId: string,
    cursor: number,
    limit: number,
    changes: readonly RevisionEntry[],
    library: Y.Doc,
  ): Promise<string> {
    const suffix = userSuffix(userId)
    const entities: string[] = []
    for (const change of changes) {
      const map = entityMap(library, change.store as ObjectStore)
      if (change.deleted) {
        forgetCanonicalText(map, change.entityId)
        entities.push(tombstone(change.entityId, change.store))
        continue
      }
      const spliced = BODY_STORES.has(change.store)
        ? undefined
        : splicedEntity(map, change.entityId, suffix)
      if (spliced !== undefined) {
        entities.push(spliced)
        continue
      }
      const entity = readRecord(map.get(change.entityId), change.entityId, userId)
      if (!entity) {
        // No value yet (a body stored before its library entry: the entry's own revision comes
        // later), or a value that is no entity, which clients must drop like a deletion.
        if (map.has(change.entityId)) {
          entities.push(tombstone(change.entityId, change.store))
        }
      } else if (change.store === ObjectStore.PAGE_CONTENTS) {
        const content = await this.pageContentHtml(userId, entity._id)
        const textState =
          entity.mergeableText === true ? await this.userTextState(userId, entity._id) : undefined
        entities.push(
          JSON.stringify({
            ...entity,
            ...(content === undefined ? {} : { content }),
            ...(textState === undefined ? {} : { textState }),
          }),
        )
      } else if (change.store === ObjectStore.AI_CHATS) {
        const messages = (await this.chatMessages(userId, entity._id)) ?? []
        entities.push(JSON.stringify({ ...entity, messages }))
      } else {
        entities.push(JSON.stringify(entity))
      }
    }
    const last = changes[changes.length - 1]
    return pageJson(entities, last ? last.revision : cursor, changes.length === limit)
  }
}
