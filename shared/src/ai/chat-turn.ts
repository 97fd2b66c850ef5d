// One chat turn: the new user message and the history fitted to the budget, the assistant's reply
// streamed, and a cancel that keeps what had streamed with the spec's note ('Cancelled by user',
// or 'Cancelled by sending new message' when a newer message replaced the turn). `ChatTurns` runs
// the turns of one chat in order, so that what is saved reads in the order it happened.
import { AiChatRole, createAiChatMessage, type AiChatMessage } from '../domain/entities/ai-chat'
import { AI_CHAT_MAX_TOKENS } from '../domain/tokens'
import { AI_CHAT_CANCELLED_BY_NEW_MESSAGE, AI_CHAT_CANCELLED_BY_USER } from './ai-messages'
import { fitChatToBudget } from './chat-budget'
import type { AiPromptMessage, AiProvider } from './ai-provider'

/** Why a turn was cancelled: the abort reason a caller gives, and the note the reply keeps. */
export const AiChatCancelReason = {
  BY_USER: AI_CHAT_CANCELLED_BY_USER,
  BY_NEW_MESSAGE: AI_CHAT_CANCELLED_BY_NEW_MESSAGE,
} as const
export type AiChatCancelReason = (typeof AiChatCancelReason)[keyof typeof AiChatCancelReason]

/** The note of an aborted turn: by a new message when that was the abort reason, else by the user. */
export function chatCancelNote(reason: unknown): AiChatCancelReason {
  return reason === AiChatCancelReason.BY_NEW_MESSAGE
    ? AiChatCancelReason.BY_NEW_MESSAGE
    : AiChatCancelReason.BY_USER
}

/** A cancelled reply: what had streamed, then the note on a paragraph of its own. */
export function cancelledReplyText(streamed: string, note: AiChatCancelReason): string {
  const kept = streamed.trimEnd()
  return kept === '' ? note : `${kept}\n\n${note}`
}

export interface ChatTurnOptions {
  provider: AiProvider
  /** The system message (see `pageChatSystemPrompt`). */
  system: string
  /** The chat's messages so far, oldest first. */
  history: readonly AiChatMessage[]
  userText: string
  /** The user's message when the caller created (and saved) it already; else made from userText. */
  userMessage?: AiChatMessage
  /** Aborting ends the turn; its reason says who cancelled (see `AiChatCancelReason`). */
  signal?: AbortSignal
  /** The reply's whole text so far, after each streamed piece. */
  onText?: (fullTextSoFar: string) => void
  now: () => number
}

export interface ChatTurnResult {
  /** The user's message, created at the start of the turn. */
  user: AiChatMessage
  /** The reply: complete, or what streamed plus the cancellation note. */
  assistant: AiChatMessage
  /** Set when the turn was cancelled. */
  cancelled?: AiChatCancelReason
  /** Older messages left out of the prompt by the budget. */
  dropped: number
}

/** Runs one turn. A provider failure other than a cancel is thrown (an AiError). */
export async function runChatTurn(options: ChatTurnOptions): Promise<ChatTurnResult> {
  const { provider, signal, now } = options
  const user = options.userMessage ?? createAiChatMessage(AiChatRole.USER, options.userText, now())
  const conversation: AiPromptMessage[] = [
    ...options.history.map(({ role, content }) => ({ role, content })),
    { role: 'user', content: user.content },
  ]
  const quota = await provider.inputQuota('chat')
  const { prompt, dropped } = await fitChatToBudget({
    system: options.system,
    messages: conversation,
    measure: (text) => provider.measureTokens(text, 'chat'),
    maxTokens: quota ?? AI_CHAT_MAX_TOKENS,
  })
  let reply = ''
  const cancelled = (): ChatTurnResult => {
    const note = chatCancelNote(signal?.reason)
    return {
      user,
      assistant: createAiChatMessage(AiChatRole.ASSISTANT, cancelledReplyText(reply, note), now()),
      cancelled: note,
      dropped,
    }
  }
  if (signal?.aborted) {
    return cancelled()
  }
  try {
    for await (const delta of provider.chat(prompt, { signal })) {
      reply += delta
      options.onText?.(reply)
      if (signal?.aborted) {
        break
      }
    }
  } catch (error) {
    if (signal?.aborted) {
      return cancelled()
    }
    throw error
  }
  if (signal?.aborted) {
    return cancelled()
  }
  return {
    user,
    assistant: createAiChatMessage(AiChatRole.ASSISTANT, reply.trim(), now()),
    dropped,
  }
}

export interface ChatTurnsOptions {
  provider: AiProvider
  system: string
  /** The chat's stored messages, oldest first. */
  messages?: readonly AiChatMessage[]
  /** Saves new messages (e.g. `store.appendAiChatMessages(referenceId, messages, now())`). */
  save: (messages: AiChatMessage[]) => Promise<void>
  now: () => number
}

/**
 * The turns of one chat, one at a time. `send` cancels a running turn (its reply is saved with
 * 'Cancelled by sending new message') and starts after it has been saved; `cancel` stops the
 * running turn ('Cancelled by user'). The user's message is saved when its turn starts, the
 * reply when it ends; a failed turn saves no reply and its promise rejects.
 */
export class ChatTurns {
  private readonly history: AiChatMessage[]
  private running?: { controller: AbortController; done: Promise<unknown> }

  constructor(private readonly options: ChatTurnsOptions) {
    this.history = [...(options.messages ?? [])]
  }

  /** The chat's messages, oldest first, as saved so far. */
  get messages(): readonly AiChatMessage[] {
    return this.history
  }

  /** Whether a turn is running. */
  get busy(): boolean {
    return this.running !== undefined
  }

  /** Sends a user message; resolves with the turn once its reply is saved. */
  send(userText: string, onText?: (fullTextSoFar: string) => void): Promise<ChatTurnResult> {
    const previous = this.running
    previous?.controller.abort(AiChatCancelReason.BY_NEW_MESSAGE)
    const controller = new AbortController()
    const done = (async () => {
      await previous?.done.catch(() => undefined)
      const { provider, system, save, now } = this.options
      const history = [...this.history]
      const user = createAiChatMessage(AiChatRole.USER, userText, now())
      this.history.push(user)
      await save([user])
      const turn = await runChatTurn({
        provider,
        system,
        history,
        userText,
        userMessage: user,
        signal: controller.signal,
        onText,
        now,
      })
      this.history.push(turn.assistant)
      await save([turn.assistant])
      return turn
    })()
    const running = { controller, done }
    this.running = running
    void done
      .finally(() => {
        if (this.running === running) {
          this.running = undefined
        }
      })
      .catch(() => undefined)
    return done
  }

  /** Stops the running turn, if any ('Cancelled by user'). */
  cancel(): void {
    this.running?.controller.abort(AiChatCancelReason.BY_USER)
  }
}
