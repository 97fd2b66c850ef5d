// Short ways for sync tests to write what a user would: bookmarks, highlights with notes and tags,
// saved page contents, edits and deletions, through the device's store like the apps do.
import {
  AiChatRole,
  ObjectStore,
  createAiChat,
  createAiChatMessage,
  createBookmark,
  createMark,
  createPageContent,
  type Bookmark,
  type Mark,
  type StoredRecord,
} from '@inkmark/shared'
import type { SyncDevice } from './sync-device'

export const urlOf = (bookmarkId: string) => `https://example.com/${bookmarkId}`

/** Stores entities locally and fails the test if any was refused. */
export async function put(device: SyncDevice, entities: readonly unknown[]): Promise<void> {
  const { rejected } = await device.store.createOrUpdateEntities(entities)
  if (rejected.length > 0) {
    throw new Error(`${device.name} refused ${JSON.stringify(rejected)}`)
  }
}

export function bookmark(id: string, fields: Partial<Bookmark> = {}): Bookmark {
  return createBookmark({ _id: id, url: urlOf(id), title: `Title ${id}`, ...fields }, Date.now())
}

export function mark(id: string, bookmarkId: string, fields: Partial<Mark> = {}): Mark {
  return createMark(
    { _id: id, _bookmark: bookmarkId, url: urlOf(bookmarkId), text: `text of ${id}`, ...fields },
    Date.now(),
  )
}

export function pageContent(id: string, bookmarkId: string, content: string): StoredRecord {
  return createPageContent({ _id: id, url: urlOf(bookmarkId), content }, Date.now())
}

/** An AI chat about a bookmark, with its messages. */
export function aiChat(id: string, bookmarkId: string, ...questions: string[]): StoredRecord {
  const now = Date.now()
  return createAiChat(
    {
      _id: id,
      _referenceId: bookmarkId,
      messages: questions.flatMap((question) => [
        createAiChatMessage(AiChatRole.USER, question, now),
        createAiChatMessage(AiChatRole.ASSISTANT, `an answer to ${question}`, now),
      ]),
    },
    now,
  )
}

/** Changes fields of a live entity (a local edit: the store stamps it). */
export async function edit(
  device: SyncDevice,
  store: ObjectStore,
  id: string,
  changes: Record<string, unknown>,
): Promise<void> {
  const current = device.store.getEntityById(id, store)
  if (!current) {
    throw new Error(`${device.name} has no live ${store}/${id}`)
  }
  const withBody = await device.store.withBody(store, current)
  await put(device, [{ ...withBody, ...changes }])
}

/** Deletes entities locally (with the store's cascades). */
export async function remove(device: SyncDevice, store: ObjectStore, ...ids: string[]) {
  return device.store.markEntitiesAsDeleted(ids.map((_id) => ({ _id, _objectStore: store })))
}

export { ObjectStore }
