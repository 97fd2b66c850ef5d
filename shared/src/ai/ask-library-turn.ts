// One Ask your library answer from start to end: the passages retrieved for the question within
// what the provider can take, the model asked only when there is a passage (otherwise the answer
// says nothing was found, without a call), the answer streamed, and its citations resolved to
// links. A cancel keeps what streamed plus the spec's note, as in a page chat. The caller saves
// the returned messages in the library chat (`store.appendAiChatMessages('library', ...)`).
import { AiChatRole, createAiChatMessage, type AiChatMessage } from '../domain/entities/ai-chat'
import {
  AI_CHAT_INITIAL_MESSAGES_TOKENS,
  AI_CHAT_MAX_TOKENS,
  AI_CHAT_SAFETY_BUFFER_TOKENS,
  estimateTokens,
  trimToTokenBudget,
} from '../domain/tokens'
import type { AiProvider } from './ai-provider'
import { ASK_LIBRARY_NOTHING_FOUND } from './ai-messages'
import {
  ASK_LIBRARY_INSTRUCTIONS,
  ASK_LIBRARY_PASSAGE_TOKENS,
  buildAskLibraryPrompt,
  citationSegments,
  citationsOfAnswer,
  retrieveLibraryPassages,
  type CitationSegment,
  type LibraryPassage,
  type RetrieveLibraryOptions,
} from './ask-library'
import { cancelledReplyText, chatCancelNote, type AiChatCancelReason } from './chat-turn'

/** Tokens kept for the prompt's framing (passage headers, roles) beyond what is estimated. */
const FRAMING_TOKENS = 100

export interface AskLibraryOptions extends Omit<RetrieveLibraryOptions, 'maxTokens'> {
  provider: AiProvider
  /** Aborting ends the answer; its reason says who cancelled (see `AiChatCancelReason`). */
  signal?: AbortSignal
  /** The answer's whole text so far, after each streamed piece. */
  onText?: (fullTextSoFar: string) => void
  now: () => number
}

export interface AskLibraryResult {
  user: AiChatMessage
  assistant: AiChatMessage
  /** The passages the model was given, numbered as cited ([] when nothing was found). */
  passages: LibraryPassage[]
  /** The answer cut into text and citation links. */
  segments: CitationSegment[]
  /** Whether the answer is ASK_LIBRARY_NOTHING_FOUND (the provider was not asked). */
  nothingFound: boolean
  cancelled?: AiChatCancelReason
}

/** The most of the prompt's room a question may take, so that the passages keep the rest. */
const QUESTION_SHARE = 1 / 3

/** Tokens the prompt has for the question and the passages together, for a provider. */
async function askLibraryRoom(provider: AiProvider): Promise<number> {
  const quota = Math.min(
    (await provider.inputQuota('chat')) ?? AI_CHAT_MAX_TOKENS,
    AI_CHAT_MAX_TOKENS,
  )
  return (
    quota - AI_CHAT_SAFETY_BUFFER_TOKENS - estimateTokens(ASK_LIBRARY_INSTRUCTIONS) - FRAMING_TOKENS
  )
}

/**
 * The question as sent to the model: cut (at a word) to at most a third of the prompt's room and
 * AI_CHAT_INITIAL_MESSAGES_TOKENS, so that an over-long question leaves the passages room.
 */
export async function askLibraryQuestionFor(
  provider: AiProvider,
  question: string,
): Promise<string> {
  const room = await askLibraryRoom(provider)
  const budget = Math.floor(Math.min(AI_CHAT_INITIAL_MESSAGES_TOKENS, room * QUESTION_SHARE))
  return budget > 0 ? trimToTokenBudget(question, budget) : ''
}

/** The passages' token budget for a provider: 6,000, or less when its input quota is smaller. */
export async function askLibraryPassageBudget(
  provider: AiProvider,
  question: string,
): Promise<number> {
  const left = (await askLibraryRoom(provider)) - estimateTokens(question)
  return Math.max(0, Math.min(ASK_LIBRARY_PASSAGE_TOKENS, left))
}

/** Answers a question from the library. A provider failure other than a cancel is thrown. */
export async function runAskLibrary(options: AskLibraryOptions): Promise<AskLibraryResult> {
  const { provider, signal, now } = options
  // The question is saved as asked; the model gets it cut so the passages keep their room.
  const user = createAiChatMessage(AiChatRole.USER, options.question.trim(), now())
  const question = await askLibraryQuestionFor(provider, user.content)
  const passages = retrieveLibraryPassages({
    ...options,
    question,
    maxTokens: await askLibraryPassageBudget(provider, question),
  })
  const finish = (text: string, extra: Partial<AskLibraryResult> = {}): AskLibraryResult => {
    // The saved answer keeps what it cites, so a reopened or synced chat still links its [n].
    const citations = citationsOfAnswer(text, extra.passages ?? [])
    const assistant = createAiChatMessage(AiChatRole.ASSISTANT, text, now())
    return {
      user,
      assistant: citations.length === 0 ? assistant : { ...assistant, citations },
      passages: extra.passages ?? [],
      segments: citationSegments(text, extra.passages ?? []),
      nothingFound: false,
      ...extra,
    }
  }
  if (passages.length === 0) {
    options.onText?.(ASK_LIBRARY_NOTHING_FOUND)
    return finish(ASK_LIBRARY_NOTHING_FOUND, { nothingFound: true })
  }
  const built = buildAskLibraryPrompt(question, passages)
  let answer = ''
  const cancelled = () => {
    const note = chatCancelNote(signal?.reason)
    return finish(cancelledReplyText(answer, note), { passages: built.passages, cancelled: note })
  }
  if (signal?.aborted) {
    return cancelled()
  }
  try {
    for await (const delta of provider.chat(built.prompt, { signal })) {
      answer += delta
      options.onText?.(answer)
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
  return finish(answer.trim(), { passages: built.passages })
}
