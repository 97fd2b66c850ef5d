// The one shape every AI provider has, so that summaries and chat are written once and run on the
// browser's built-in AI or on an OpenAI-compatible endpoint alike (issue 15). Every method streams
// text deltas as an async iterable and fails with an AiError (ai-error.ts).
import type { AiSummaryLength, AiSummaryType } from '../domain/entities'

/** Which provider answers: the browser's own models or an endpoint the user named. */
export type AiProviderKind = 'builtin' | 'openai-compatible'

/** Whether a provider can run now, after a model download, or not at all (Chrome's values). */
export type AiAvailability = 'available' | 'downloadable' | 'downloading' | 'unavailable'

/** The two things Inkmark asks of a provider. */
export type AiTask = 'summarize' | 'chat'

/** Options of one run: cancel it, and hear how far a model download has come. */
export interface AiRunOptions {
  signal?: AbortSignal
  /** Called with 0..1 while the browser downloads the model before the run starts. */
  onDownloadProgress?: (fraction: number) => void
}

/** One message of a chat prompt (the OpenAI and Prompt API roles). */
export interface AiPromptMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** What a summary is asked for: the text, the Summarizer's type and length, and optional context. */
export interface AiSummaryRequest {
  text: string
  type: AiSummaryType
  length: AiSummaryLength
  /** A sentence about the text (e.g. its title), given to the model beside it. */
  context?: string
}

/** An AI provider: availability, token budget, summaries and chat, all streaming deltas. */
export interface AiProvider {
  readonly kind: AiProviderKind
  /** A short name for the user, e.g. "Chrome's built-in AI" or "llama3 at localhost:11434". */
  readonly label: string
  /**
   * Whether the provider can run. Without `task`, the weaker of summaries and chat; with it, that
   * task's only (the built-in Summarizer may be there while the Prompt API is not).
   */
  availability(task?: AiTask): Promise<AiAvailability>
  /** Tokens the task accepts as input; undefined when unknown. */
  inputQuota(task: AiTask): Promise<number | undefined>
  /** Tokens `text` uses of the task's input quota (estimateTokens where it cannot measure). */
  measureTokens(text: string, task: AiTask): Promise<number>
  /** Summarises `request.text`, yielding text deltas as they stream. */
  summarize(request: AiSummaryRequest, options?: AiRunOptions): AsyncIterable<string>
  /** Answers the last message of `messages`, yielding text deltas as they stream. */
  chat(messages: readonly AiPromptMessage[], options?: AiRunOptions): AsyncIterable<string>
}

const AVAILABILITY_ORDER: readonly AiAvailability[] = [
  'unavailable',
  'downloadable',
  'downloading',
  'available',
]

/** The weaker of two availabilities (unavailable < downloadable < downloading < available). */
export function weakerAvailability(a: AiAvailability, b: AiAvailability): AiAvailability {
  return AVAILABILITY_ORDER.indexOf(a) <= AVAILABILITY_ORDER.indexOf(b) ? a : b
}
