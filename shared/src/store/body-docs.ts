// The bodies that stay out of the library doc: the HTML of a page content and the messages of an
// AI chat, each in a persisted doc of its own, opened only when asked for and closed right after,
// so that opening the library never reads them.
import type * as Y from 'yjs'
import type { AiChatMessage } from '../domain/entities/ai-chat'
import { BodyKind, bodyDocName } from './library-schema'
import { TransactionOrigin } from './origins'
import { deletePersistedDoc, openPersistedDoc, type PersistedDoc } from './persisted-doc'

const PAGE_BODY_MAP = 'page'
const CONTENT_KEY = 'content'
const MESSAGES_ARRAY = 'messages'

/** Reads and writes entity bodies. An interface so tests can make a body write fail. */
export interface BodyStore {
  readPageContent(id: string): Promise<string | undefined>
  writePageContent(id: string, content: string): Promise<void>
  readChatMessages(id: string): Promise<AiChatMessage[]>
  writeChatMessages(id: string, messages: readonly AiChatMessage[]): Promise<void>
  delete(kind: BodyKind, id: string): Promise<void>
}

/** Bodies persisted with y-indexeddb, one database per body, next to the library database. */
export function createIndexeddbBodyStore(databaseName: string): BodyStore {
  async function withDoc<T>(kind: BodyKind, id: string, use: (doc: Y.Doc) => T): Promise<T> {
    const persisted: PersistedDoc = await openPersistedDoc(bodyDocName(databaseName, kind, id))
    try {
      return use(persisted.doc)
    } finally {
      await persisted.close()
      persisted.doc.destroy()
    }
  }

  return {
    readPageContent: (id) =>
      withDoc(BodyKind.PAGE_CONTENT, id, (doc) => {
        const content = doc.getMap<unknown>(PAGE_BODY_MAP).get(CONTENT_KEY)
        return typeof content === 'string' ? content : undefined
      }),
    writePageContent: (id, content) =>
      withDoc(BodyKind.PAGE_CONTENT, id, (doc) => {
        doc.transact(
          () => doc.getMap<unknown>(PAGE_BODY_MAP).set(CONTENT_KEY, content),
          TransactionOrigin.LOCAL,
        )
      }),
    readChatMessages: (id) =>
      withDoc(BodyKind.AI_CHAT, id, (doc) => doc.getArray<AiChatMessage>(MESSAGES_ARRAY).toArray()),
    writeChatMessages: (id, messages) =>
      withDoc(BodyKind.AI_CHAT, id, (doc) => {
        const stored = doc.getArray<AiChatMessage>(MESSAGES_ARRAY)
        doc.transact(() => {
          // Chats grow by appending: keep the common prefix so concurrent appends merge.
          const current = stored.toArray()
          let common = 0
          while (
            common < current.length &&
            common < messages.length &&
            JSON.stringify(current[common]) === JSON.stringify(messages[common])
          ) {
            common += 1
          }
          if (common < current.length) {
            stored.delete(common, current.length - common)
          }
          if (common < messages.length) {
            stored.insert(common, messages.slice(common))
          }
        }, TransactionOrigin.LOCAL)
      }),
    delete: (kind, id) => deletePersistedDoc(bodyDocName(databaseName, kind, id)),
  }
}
