// What the /sync contract and the read endpoints do to a user's docs: entities go into the
// library doc (bodies into their own docs) in the stored form the clients use, deletions leave the
// revision index a tombstone, and pulls read back whatever changed since a cursor. The docs are
// per user, so a client can never write into, or read from, another user's docs. Device-local
// fields (`lastSync`, `_user`) are never stored, so the same entity is the same value whether it
// came by REST or through a live room, and an unchanged entity written again changes nothing;
// `_user` is added on the way out from the token's user, whatever a client claimed.
import {
  ObjectStore,
  bodyRoomName,
  decodeEntity,
  entityMap,
  readChatMessagesBody,
  readPageContentBody,
  writeChatMessagesBody,
  writeEntity,
  writePageContentBody,
  type AiChatMessage,
  type StoredRecord,
} from '@inkmark/shared'
import * as Y from 'yjs'
import type { RelayStorage } from '../storage/relay-storage'
import {
  forgetCanonicalText,
  pageJson,
  rememberCanonicalText,
  splicedEntity,
  userSuffix,
} from './pull-page'
import { forgetDeletion, rememberDeletion } from './deletion-guard'
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

/** Origin of changes made through the REST endpoints. */
export const REST_ORIGIN = Symbol('rest')
export const LIBRARY_DOC = 'library'

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

export class LibraryService {
  constructor(
    private readonly docs: UserDocs,
    private readonly storage: RelayStorage,
  ) {}

  /** Stores entities (validated already) for `userId`; resolves when durable. */
  async upsert(userId: string, entities: readonly StoredRecord[]): Promise<string[]> {
    for (const entity of entities) {
      if (entity._objectStore === ObjectStore.PAGE_CONTENTS && typeof entity.content === 'string') {
        const body = await this.docs.open(userId, bodyRoomName('pagecontent', entity._id))
        await body.transactDurably(
          (doc) => writePageContentBody(doc, entity.content as string, REST_ORIGIN),
          REST_ORIGIN,
        )
      }
      if (entity._objectStore === ObjectStore.AI_CHATS && Array.isArray(entity.messages)) {
        const body = await this.docs.open(userId, bodyRoomName('aichat', entity._id))
        await body.transactDurably(
          (doc) => writeChatMessagesBody(doc, entity.messages as AiChatMessage[], REST_ORIGIN),
          REST_ORIGIN,
        )
      }
    }
    const library = await this.docs.open(userId, LIBRARY_DOC)
    await library.transactDurably((doc) => {
      for (const entity of entities) {
        const {
          content,
          messages: _messages,
          lastSync: _lastSync,
          _user: _ignoredUser,
          ...metadata
        } = entity
        const record: StoredRecord = {
          ...metadata,
          ...(typeof content === 'string' ? { length: content.length } : {}),
        }
        const store = entity._objectStore as ObjectStore
        forgetDeletion(doc, store, entity._id)
        writeEntity(doc, store, record)
        // The text just stored is JSON.stringify of a parsed body without `_user`: canonical.
        rememberCanonicalText(entityMap(doc, store), entity._id)
      }
    }, REST_ORIGIN)
    return entities.map((entity) => entity._id)
  }

  /** Deletes entities of `userId`; resolves when durable. */
  async delete(userId: string, references: readonly EntityReference[]): Promise<string[]> {
    const library = await this.docs.open(userId, LIBRARY_DOC)
    await library.transactDurably((doc) => {
      for (const reference of references) {
        rememberDeletion(doc, reference._objectStore, reference._id)
        entityMap(doc, reference._objectStore).delete(reference._id)
      }
    }, REST_ORIGIN)
    return references.map((reference) => reference._id)
  }

  /** Every entity of a kind. */
  async list(userId: string, store: ObjectStore): Promise<StoredRecord[]> {
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
    const library = await this.docs.open(userId, LIBRARY_DOC)
    const suffix = userSuffix(userId)
    const entities: string[] = []
    for (const change of changes) {
      const map = entityMap(library.doc, change.store as ObjectStore)
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
        entities.push(JSON.stringify(content === undefined ? entity : { ...entity, content }))
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
