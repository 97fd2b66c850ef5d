// The provider contract the AI logic is written against (issue 15's AI API). The providers
// themselves (built-in, OpenAI-compatible) live beside this file; this module holds only the
// type declarations the logic needs, so that summaries, chat and Ask your library can be written
// and tested against any provider, including a small scripted one in unit tests.
import type { AiSummaryLength, AiSummaryType } from '../domain/entities/ai-summary'

export type AiProviderKind = 'builtin' | 'openai-compatible'
export type AiAvailability = 'available' | 'downloadable' | 'downloading' | 'unavailable'
export type AiTask = 'summarize' | 'chat'

export interface AiRunOptions {
  signal?: AbortSignal
  onDownloadProgress?: (fraction: number) => void
}

/** One message of a prompt, in the chat-completions roles. */
export interface AiPromptMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** What a summary asks of a provider. */
export interface AiSummarizeRequest {
  text: string
  type: AiSummaryType
  length: AiSummaryLength
  context?: string
}

/** A model the user chose: the browser's built-in AI or an OpenAI-compatible endpoint. */
export interface AiProvider {
  readonly kind: AiProviderKind
  readonly label: string
  availability(): Promise<AiAvailability>
  /** Tokens the task accepts as input; undefined when unknown. */
  inputQuota(task: AiTask): Promise<number | undefined>
  /** Tokens of `text` for the task (the estimate where the provider cannot measure). */
  measureTokens(text: string, task: AiTask): Promise<number>
  /** The summary's text deltas as they stream. */
  summarize(request: AiSummarizeRequest, options?: AiRunOptions): AsyncIterable<string>
  /** The reply's text deltas as they stream. */
  chat(messages: readonly AiPromptMessage[], options?: AiRunOptions): AsyncIterable<string>
}

/** Why an AI call failed, in the providers' words (see `AiError`). */
export type AiErrorCode =
  | 'not-configured'
  | 'unavailable'
  | 'quota-exceeded'
  | 'unauthorized'
  | 'rate-limited'
  | 'aborted'
  | 'network'
  | 'stream-dropped'
  | 'bad-response'

/** A failed AI call: what went wrong (`code`), and the HTTP status and retry delay when known. */
export class AiError extends Error {
  readonly code: AiErrorCode
  readonly status?: number
  readonly retryAfterMs?: number

  constructor(
    code: AiErrorCode,
    message: string,
    details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = 'AiError'
    this.code = code
    this.status = details.status
    this.retryAfterMs = details.retryAfterMs
  }
}
