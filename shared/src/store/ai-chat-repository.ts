// AI chats: the metadata lives in the library doc, the messages in a doc of their own per chat
// (body-docs.ts). Writing messages stamps the chat too, so that sync and observers see the change.
import {
  AiChatRole,
  createAiChat,
  type AiChat,
  type AiChatMessage,
} from '../domain/entities/ai-chat'
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

  /** The AI chat about a bookmark or mark, with its messages. */
  async forReference(referenceId: string): Promise<AiChat | undefined> {
    const chat = this.core.indexes.chatsOf(referenceId)[0]
    if (!chat) {
      return undefined
    }
    return { ...chat, messages: await this.core.bodies.readChatMessages(chat._id) }
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
      const { rejected } = await this.writer.writeEntities(
        [{ ...chat, messages }],
        TransactionOrigin.LOCAL,
      )
      if (rejected[0]) {
        throw new Error(rejected[0].message)
      }
    })
  }

  /**
   * Adds messages to the chat about `referenceId`, creating the chat when there is none yet. A
   * user message among them sets the chat's `lastUserMessageAt` to `now` (the synced field the
   * AI chat daily limit counts). Resolves with the chat and all its messages.
   */
  append(referenceId: string, added: readonly AiChatMessage[], now: number): Promise<AiChat> {
    return this.core.serialized(async () => {
      const existing = this.core.indexes.chatsOf(referenceId)[0]
      const chat =
        existing ?? createAiChat({ _id: this.core.createId(), _referenceId: referenceId }, now)
      const earlier = existing ? await this.core.bodies.readChatMessages(existing._id) : []
      const messages = [...earlier, ...added]
      const hasUserMessage = added.some((message) => message.role === AiChatRole.USER)
      const { messages: _listed, ...metadata } = chat
      const record: AiChat = {
        ...metadata,
        ...(hasUserMessage ? { lastUserMessageAt: now } : {}),
        messages,
      }
      const { rejected } = await this.writer.writeEntities([record], TransactionOrigin.LOCAL)
      if (rejected[0]) {
        throw new Error(rejected[0].message)
      }
      return { ...(this.core.aiChats.getLive(chat._id) ?? record), messages }
    })
  }
}
