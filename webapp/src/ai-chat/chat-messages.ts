// Small pure pieces of the chat screens: finding a conversation's chat entity and the plain
// sentences the screens say.
import type { AiChat } from '@inkmark/shared'

/** The live chat entity about `referenceId` (a page's id, or the library chat's). */
export function chatOf(chats: readonly AiChat[], referenceId: string): AiChat | undefined {
  return chats.find((chat) => chat._referenceId === referenceId && chat.deletedAt === undefined)
}

/** What the chat says when the AI model's input quota refused the conversation (QuotaExceededError). */
export const QUOTA_EXCEEDED_EXPLANATION =
  'This conversation is too long for the AI model in this browser. Clear the conversation, or ask a shorter question.'
