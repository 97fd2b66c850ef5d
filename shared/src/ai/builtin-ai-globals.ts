// The parts of Chrome's built-in AI globals (Summarizer API and Prompt API, Chrome 138+) that
// Inkmark uses, typed here because TypeScript's DOM library does not declare them yet. Shapes from
// developer.chrome.com/docs/ai/summarizer-api and /prompt-api and the WebIDL of the drafts.

/** Chrome's availability values. */
export type BuiltinAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available'

/** The monitor a create() call hands to its `monitor` option. */
export interface BuiltinCreateMonitor {
  addEventListener(
    type: 'downloadprogress',
    listener: (event: { loaded: number; total?: number }) => void,
  ): void
}

interface BuiltinCreateCoreOptions {
  signal?: AbortSignal
  monitor?: (monitor: BuiltinCreateMonitor) => void
}

/** Options of Summarizer.create(). */
export interface SummarizerCreateOptions extends BuiltinCreateCoreOptions {
  type?: string
  length?: string
  format?: 'markdown' | 'plain-text'
  sharedContext?: string
}

/** A summarizer session. */
export interface BuiltinSummarizer {
  readonly inputQuota: number
  measureInputUsage(input: string, options?: { context?: string }): Promise<number>
  summarizeStreaming(
    input: string,
    options?: { context?: string; signal?: AbortSignal },
  ): ReadableStream<string>
  destroy(): void
}

/** The Summarizer global. */
export interface SummarizerGlobal {
  availability(options?: Omit<SummarizerCreateOptions, 'signal' | 'monitor'>): Promise<string>
  create(options?: SummarizerCreateOptions): Promise<BuiltinSummarizer>
}

/** One initial prompt of LanguageModel.create(). */
export interface LanguageModelMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** Options of LanguageModel.create(). */
export interface LanguageModelCreateOptions extends BuiltinCreateCoreOptions {
  initialPrompts?: LanguageModelMessage[]
}

/**
 * A Prompt API session. Chrome 138 names the budget inputQuota and measureInputUsage; the
 * current draft renames them contextWindow and measureContextUsage, so both are optional here.
 */
export interface BuiltinLanguageModel {
  readonly inputQuota?: number
  readonly contextWindow?: number
  measureInputUsage?(input: string | LanguageModelMessage[]): Promise<number>
  measureContextUsage?(input: string | LanguageModelMessage[]): Promise<number>
  promptStreaming(
    input: string | LanguageModelMessage[],
    options?: { signal?: AbortSignal },
  ): ReadableStream<string>
  destroy(): void
}

/** The LanguageModel global. */
export interface LanguageModelGlobal {
  availability(options?: Omit<LanguageModelCreateOptions, 'signal' | 'monitor'>): Promise<string>
  create(options?: LanguageModelCreateOptions): Promise<BuiltinLanguageModel>
}

/** The globals object the built-in provider reads them from (globalThis, or a test's scope). */
export interface BuiltinAiScope {
  Summarizer?: SummarizerGlobal
  LanguageModel?: LanguageModelGlobal
}
