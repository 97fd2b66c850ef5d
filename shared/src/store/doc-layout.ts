// How the body docs are laid out, shared by the clients' store and the relay so that both hold
// byte-compatible Yjs docs: a page content's HTML is one value in the `page` map; an AI chat's
// messages are a `messages` Y.Array, written by keeping the common prefix so appends merge.
import type * as Y from 'yjs'
import type { AiChatMessage } from '../domain/entities/ai-chat'

const PAGE_BODY_MAP = 'page'
const CONTENT_KEY = 'content'
const MESSAGES_ARRAY = 'messages'

/** The HTML stored in a page content body doc. */
export function readPageContentBody(doc: Y.Doc): string | undefined {
  const content = doc.getMap<unknown>(PAGE_BODY_MAP).get(CONTENT_KEY)
  return typeof content === 'string' ? content : undefined
}

/** Stores the HTML of a page content body doc in one transaction. */
export function writePageContentBody(doc: Y.Doc, content: string, origin: unknown): void {
  doc.transact(() => doc.getMap<unknown>(PAGE_BODY_MAP).set(CONTENT_KEY, content), origin)
}

/** The messages stored in an AI chat body doc. */
export function readChatMessagesBody(doc: Y.Doc): AiChatMessage[] {
  return doc.getArray<AiChatMessage>(MESSAGES_ARRAY).toArray()
}

/** Makes the chat body doc hold `messages`, keeping the common prefix, in one transaction. */
export function writeChatMessagesBody(
  doc: Y.Doc,
  messages: readonly AiChatMessage[],
  origin: unknown,
): void {
  const stored = doc.getArray<AiChatMessage>(MESSAGES_ARRAY)
  doc.transact(() => {
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
  }, origin)
}

/** The room name of the library doc. */
export const LIBRARY_ROOM = 'library'

/** The room (relay doc) name of an entity's body doc. */
export function bodyRoomName(kind: 'pagecontent' | 'aichat' | 'usertext', id: string): string {
  return `${kind}-${id}`
}
