// AI chats: the metadata lives in the library doc, the messages in a doc of their own per chat
// (body-docs.ts). Writing messages stamps the chat too, so that sync and observers see the change.
// One reference has one conversation: new chats get the id aiChatIdFor(reference), and every live
// chat of a reference (those made earlier with random ids, on any device) is read as one, its
// messages merged by id and ordered by time (docs/adr/047-ai-logic.md).
import {
  AiChatRole,
  aiChatIdFor,
  aiChatMessagesLack,
  createAiChat,
  mergeAiChatMessages,
  type AiChat,
  type AiChatMessage,
} from '../domain/entities/ai-chat'
import { Message } from '../domain/messages'
import type { LibraryWriter } from './library-writer'
import { TransactionOrigin } from './origins'
import type { StoreCore } from './store-core'

/** The AI chat reads and writes of the local store. */
export class AiChatRepository {
  constructor(
    private readonly core: StoreCore,
    private readonly writer: LibraryWriter,
  ) {}

  /** AI chat metadata (messages stay in their own docs: see `forReference`). */
  all(): AiChat[] {
    return this.core.cache.get('aichats', () => this.core.aiChats.live())
  }

  /**
   * The AI chat about a bookmark or mark, with its messages: the messages of every live chat of
   * the reference as one conversation, under the reference's own chat when there is one.
   */
  async forReference(referenceId: string): Promise<AiChat | undefined> {
    const chats = this.core.indexes.chatsOf(referenceId)
    const chat = chats.find((c) => c._id === aiChatIdFor(referenceId)) ?? chats[0]
    if (!chat) {
      return undefined
    }
    return { ...chat, messages: await this.conversationOf(chats) }
  }

  /** The merged messages of `chats` (all about one reference), less those cleared. */
  private async conversationOf(chats: readonly AiChat[]): Promise<AiChatMessage[]> {
    const lists = await Promise.all(chats.map((c) => this.core.bodies.readChatMessages(c._id)))
    return mergeAiChatMessages(lists, latestClear(chats))
  }

  /**
   * Writes chat messages of an existing chat (they live in the chat's own doc). The chat's
   * metadata is stamped too: sync finds changes by their stamps, and observers by the library.
   */
  setMessages(chatId: string, messages: readonly AiChatMessage[]): Promise<void> {
    return this.core.serialized(async () => {
      const chat = this.core.aiChats.getLive(chatId)
      if (chat === undefined) {
        await this.core.bodies.writeChatMessages(chatId, messages)
        return
      }
      // Emptying a chat clears its conversation: the time is kept (synced) so that no merge with
      // another device's copy, nor another chat of the reference, brings the messages back.
      const clear = messages.length === 0 ? { clearedAt: this.core.now() } : {}
      const { rejected } = await this.writer.writeEntities(
        [{ ...chat, ...clear, messages }],
        TransactionOrigin.LOCAL,
      )
      if (rejected[0]) {
        throw new Error(rejected[0].message)
      }
    })
  }

  /**
   * Adds messages to the chat about `referenceId`, creating the chat when there is none yet. An
   * assistant reply among them (complete, or cancelled after some text) sets the chat's
   * `lastUserMessageAt` to `now`, the synced field the AI chat daily limit counts: a question
   * whose turn failed, or was cancelled before any text, does not use up the day's chat.
   * Resolves with the chat and all its messages.
   */
  append(referenceId: string, added: readonly AiChatMessage[], now: number): Promise<AiChat> {
    return this.core.serialized(async () => {
      const chats = this.core.indexes.chatsOf(referenceId)
      const id = aiChatIdFor(referenceId)
      const existing = chats.find((c) => c._id === id)
      const clearedAt = latestClear(chats)
      const chat =
        existing ??
        createAiChat(
          { _id: id, _referenceId: referenceId, ...(clearedAt === undefined ? {} : { clearedAt }) },
          now,
        )
      const earlier = await this.conversationOf(chats)
      const messages = [...earlier, ...added]
      const answered = added.some(isAnswer)
      const { messages: _listed, ...metadata } = chat
      const record: AiChat = {
        ...metadata,
        ...(answered ? { lastUserMessageAt: now } : {}),
        messages,
      }
      const { rejected } = await this.writer.writeEntities([record], TransactionOrigin.LOCAL)
      if (rejected[0]) {
        throw new Error(rejected[0].message)
      }
      return { ...(this.core.aiChats.getLive(chat._id) ?? record), messages }
    })
  }

  /**
   * Takes another copy's messages into the chat `chatId` (a pulled copy this device's newer one
   * wins over): written back as a local write, which syncs, when the stored chat lacks any.
   */
  mergeMessages(chatId: string, other: readonly AiChatMessage[]): Promise<void> {
    return this.core.serialized(async () => {
      const chat = this.core.aiChats.getLive(chatId)
      if (chat === undefined) {
        return
      }
      const stored = await this.core.bodies.readChatMessages(chatId)
      const merged = mergeAiChatMessages([stored, other], chat.clearedAt)
      if (!aiChatMessagesLack(stored, merged)) {
        return
      }
      const { messages: _listed, ...metadata } = chat
      await this.writer.writeEntities([{ ...metadata, messages: merged }], TransactionOrigin.LOCAL)
    })
  }
}

/** Whether `message` is a reply the model gave (not only the note of a turn cancelled at once). */
function isAnswer(message: AiChatMessage): boolean {
  const text = message.content.trim()
  return (
    message.role === AiChatRole.ASSISTANT &&
    text !== '' &&
    text !== Message.CHAT_CANCELLED_BY_USER &&
    text !== Message.CHAT_CANCELLED_BY_NEW_MESSAGE
  )
}

/** The latest time any of `chats` was cleared. */
function latestClear(chats: readonly AiChat[]): number | undefined {
  const times = chats.flatMap((c) => (c.clearedAt === undefined ? [] : [c.clearedAt]))
  return times.length === 0 ? undefined : Math.max(...times)
}
