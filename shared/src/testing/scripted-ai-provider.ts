// A stand-in AI provider for unit tests of the AI logic (not a real model, never used by the
// apps): it answers with scripted pieces, counts tokens with the product's estimate (or a given
// measure), reports a given input quota, honours the abort signal as the providers do (an
// AiError 'aborted'), and records every request it was given.
import type { AiSummaryLength, AiSummaryType } from '../domain/entities/ai-summary'
import { estimateTokens } from '../domain/tokens'
import { AiError } from '../ai/ai-error'
import type { AiPromptMessage, AiProvider, AiRunOptions } from '../ai/ai-provider'

export interface ScriptedAiProviderOptions {
  /** The pieces each answer streams (summaries and chat alike). */
  pieces?: readonly string[]
  /** Input quota per task (undefined: unknown). */
  inputQuota?: number
  /** Token count; the product's estimate by default. */
  measure?: (text: string) => number
  /** Thrown instead of answering (after `failAfterPieces` pieces). */
  failWith?: Error
  failAfterPieces?: number
  /** Called before each piece is yielded (e.g. to abort in the middle of a stream). */
  beforePiece?: (index: number) => void | Promise<void>
}

export interface ScriptedAiProvider extends AiProvider {
  readonly summaries: {
    text: string
    type: AiSummaryType
    length: AiSummaryLength
    context?: string
  }[]
  readonly chats: AiPromptMessage[][]
  measureCalls: number
}

/** A scripted provider (see the module comment). */
export function createScriptedAiProvider(
  options: ScriptedAiProviderOptions = {},
): ScriptedAiProvider {
  const pieces = options.pieces ?? ['Scripted ', 'answer.']
  async function* stream(runOptions: AiRunOptions = {}): AsyncIterable<string> {
    for (let index = 0; index < pieces.length; index += 1) {
      if (options.failWith && index === (options.failAfterPieces ?? 0)) {
        throw options.failWith
      }
      await options.beforePiece?.(index)
      if (runOptions.signal?.aborted) {
        throw new AiError('aborted', 'Aborted')
      }
      yield pieces[index]!
    }
    if (options.failWith && (options.failAfterPieces ?? 0) >= pieces.length) {
      throw options.failWith
    }
  }
  const provider: ScriptedAiProvider = {
    kind: 'openai-compatible',
    label: 'Scripted stand-in',
    summaries: [],
    chats: [],
    measureCalls: 0,
    availability: () => Promise.resolve('available'),
    inputQuota: () => Promise.resolve(options.inputQuota),
    measureTokens(text) {
      provider.measureCalls += 1
      return Promise.resolve((options.measure ?? estimateTokens)(text))
    },
    summarize(request, runOptions) {
      provider.summaries.push({ ...request })
      return stream(runOptions)
    },
    chat(messages, runOptions) {
      provider.chats.push(messages.map((message) => ({ ...message })))
      return stream(runOptions)
    },
  }
  return provider
}
