// The built-in provider: the browser's own models through Chrome's Summarizer API (summaries) and
// Prompt API (chat), as documented for Chrome 138 stable (ADR 046). Both stream text deltas.
// The globals are read from `scope` (globalThis in the apps; a test's object in unit tests), each
// session is destroyed when its run ends, and DOMExceptions are translated into AiErrors.
import { estimateTokens, summaryInputTokenBudget } from '../domain/tokens'
import { AiError } from './ai-error'
import { trimToMeasuredBudget } from './measured-trim'
import {
  weakerAvailability,
  type AiAvailability,
  type AiPromptMessage,
  type AiProvider,
  type AiRunOptions,
  type AiSummaryRequest,
  type AiTask,
} from './ai-provider'
import type {
  BuiltinAiScope,
  BuiltinCreateMonitor,
  BuiltinLanguageModel,
  BuiltinSummarizer,
  LanguageModelMessage,
} from './builtin-ai-globals'

/** What the built-in provider reads its globals from. */
export interface BuiltinProviderEnv {
  scope?: object
  /** How long a session kept for measuring tokens lives after its last use (tests shorten it). */
  measuringSessionIdleMs?: number
}

/** The name users see for this provider. */
export const BUILTIN_AI_LABEL = 'Browser’s built-in AI'

/** Told to every summarizer: what the texts are, so the model writes for that reader. */
const SHARED_CONTEXT = 'Web pages and videos a reader saved to read, highlight and learn from.'

/** How long a session kept for measuring tokens lives after its last use. */
export const MEASURING_SESSION_IDLE_MS = 30_000

interface Measurer {
  quota: number
  measure(text: string): Promise<number>
  destroy(): void
}

/** A provider on the browser's built-in Summarizer and LanguageModel globals of `env.scope`. */
export function createBuiltinProvider(env: BuiltinProviderEnv = {}): AiProvider {
  const scope = (env.scope ?? globalThis) as BuiltinAiScope
  const measurers = new MeasurerCache(
    scope,
    env.measuringSessionIdleMs ?? MEASURING_SESSION_IDLE_MS,
  )

  async function availabilityOf(task: AiTask): Promise<AiAvailability> {
    try {
      const api = task === 'summarize' ? scope.Summarizer : scope.LanguageModel
      return api === undefined ? 'unavailable' : toAvailability(await api.availability())
    } catch {
      return 'unavailable'
    }
  }

  return {
    kind: 'builtin',
    label: BUILTIN_AI_LABEL,
    async availability(task?: AiTask): Promise<AiAvailability> {
      if (task !== undefined) {
        return availabilityOf(task)
      }
      const [summarize, chat] = await Promise.all([
        availabilityOf('summarize'),
        availabilityOf('chat'),
      ])
      return weakerAvailability(summarize, chat)
    },
    async inputQuota(task: AiTask): Promise<number | undefined> {
      if ((await availabilityOf(task)) !== 'available') {
        return undefined
      }
      return (await measurers.get(task))?.quota
    },
    async measureTokens(text: string, task: AiTask): Promise<number> {
      if ((await availabilityOf(task)) !== 'available') {
        return estimateTokens(text)
      }
      const measurer = await measurers.get(task)
      return measurer === undefined ? estimateTokens(text) : measurer.measure(text)
    },
    summarize(request: AiSummaryRequest, options: AiRunOptions = {}): AsyncIterable<string> {
      return summarizeWith(scope, request, options)
    },
    chat(messages: readonly AiPromptMessage[], options: AiRunOptions = {}): AsyncIterable<string> {
      return chatWith(scope, messages, options)
    },
  }
}

async function* summarizeWith(
  scope: BuiltinAiScope,
  request: AiSummaryRequest,
  { signal, onDownloadProgress }: AiRunOptions,
): AsyncGenerator<string> {
  const api = scope.Summarizer
  if (api === undefined) {
    throw new AiError('unavailable', 'This browser has no Summarizer API.')
  }
  throwIfAborted(signal)
  const options = {
    type: request.type,
    length: request.length,
    format: 'markdown' as const,
    sharedContext: SHARED_CONTEXT,
  }
  await requireAvailable(() => api.availability(options), 'Summarizer')
  let summarizer: BuiltinSummarizer
  try {
    summarizer = await api.create({
      ...options,
      ...monitorOption(onDownloadProgress),
      ...(signal === undefined ? {} : { signal }),
    })
  } catch (error) {
    throw toAiError(error, signal)
  }
  try {
    const context = request.context?.trim()
    // The quota is only known once the model is on the device: a text trimmed while it was still
    // downloading was trimmed to a guess, so it is trimmed again to the session's own quota.
    const text = await fittedToSummarizer(summarizer, request.text, signal)
    if (text === '') {
      throw new AiError(
        'quota-exceeded',
        'QuotaExceededError: the summarizer has no room for text.',
      )
    }
    yield* readDeltas(
      () =>
        summarizer.summarizeStreaming(text, {
          ...(context ? { context } : {}),
          ...(signal === undefined ? {} : { signal }),
        }),
      signal,
    )
  } finally {
    summarizer.destroy()
  }
}

/** `text` trimmed to the summarizer session's input quota less the summary margin. */
async function fittedToSummarizer(
  summarizer: BuiltinSummarizer,
  text: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  const quota = summarizer.inputQuota
  if (typeof quota !== 'number' || !Number.isFinite(quota)) {
    return text
  }
  try {
    return await trimToMeasuredBudget(text, summaryInputTokenBudget(quota), (candidate) =>
      summarizer.measureInputUsage(candidate),
    )
  } catch (error) {
    throw toAiError(error, signal)
  }
}

async function* chatWith(
  scope: BuiltinAiScope,
  messages: readonly AiPromptMessage[],
  { signal, onDownloadProgress }: AiRunOptions,
): AsyncGenerator<string> {
  const api = scope.LanguageModel
  if (api === undefined) {
    throw new AiError('unavailable', 'This browser has no Prompt API (LanguageModel).')
  }
  throwIfAborted(signal)
  const { initialPrompts, prompt } = promptParts(messages)
  await requireAvailable(() => api.availability(), 'LanguageModel')
  let session: BuiltinLanguageModel
  try {
    session = await api.create({
      initialPrompts,
      ...monitorOption(onDownloadProgress),
      ...(signal === undefined ? {} : { signal }),
    })
  } catch (error) {
    throw toAiError(error, signal)
  }
  try {
    yield* readDeltas(
      () => session.promptStreaming(prompt, signal === undefined ? {} : { signal }),
      signal,
    )
  } finally {
    session.destroy()
  }
}

/**
 * The Prompt API takes one system message, first, in the initial prompts, and the message to
 * answer apart: the system messages are joined into one and the last user message is prompted.
 */
function promptParts(messages: readonly AiPromptMessage[]): {
  initialPrompts: LanguageModelMessage[]
  prompt: string
} {
  const system = messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n\n')
  const conversation = messages.filter((message) => message.role !== 'system')
  const last = conversation.at(-1)
  if (last === undefined || last.role !== 'user') {
    throw new AiError('bad-response', 'A chat prompt must end with a user message.')
  }
  const initialPrompts: LanguageModelMessage[] = [
    ...(system === '' ? [] : [{ role: 'system' as const, content: system }]),
    ...conversation.slice(0, -1).map(({ role, content }) => ({ role, content })),
  ]
  return { initialPrompts, prompt: last.content }
}

async function requireAvailable(check: () => Promise<string>, name: string): Promise<void> {
  let availability: AiAvailability
  try {
    availability = toAvailability(await check())
  } catch (error) {
    throw new AiError('unavailable', `${name}.availability() failed.`, { cause: error })
  }
  if (availability === 'unavailable') {
    throw new AiError('unavailable', `${name} says it is unavailable on this device.`)
  }
}

/** Reads a stream of text deltas, cancelling it when `signal` aborts. */
async function* readDeltas(
  open: () => ReadableStream<string>,
  signal: AbortSignal | undefined,
): AsyncGenerator<string> {
  let reader: ReadableStreamDefaultReader<string>
  try {
    reader = open().getReader()
  } catch (error) {
    throw toAiError(error, signal)
  }
  // Chrome errors the stream with an AbortError when the signal aborts; cancelling the reader
  // as well ends a pending read even where a stream does not watch the signal.
  const cancel = (): void => {
    reader.cancel().catch(() => undefined)
  }
  signal?.addEventListener('abort', cancel, { once: true })
  try {
    for (;;) {
      let result: ReadableStreamReadResult<string>
      try {
        result = await reader.read()
      } catch (error) {
        throw toAiError(error, signal)
      }
      throwIfAborted(signal)
      if (result.done) {
        return
      }
      if (typeof result.value === 'string' && result.value !== '') {
        yield result.value
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancel)
    reader.cancel().catch(() => undefined)
  }
}

function monitorOption(onDownloadProgress: ((fraction: number) => void) | undefined): {
  monitor?: (monitor: BuiltinCreateMonitor) => void
} {
  if (onDownloadProgress === undefined) {
    return {}
  }
  return {
    monitor(monitor) {
      monitor.addEventListener('downloadprogress', (event) => {
        // Chrome reports `loaded` as a fraction (total 1); older drafts gave bytes and a total.
        const total = typeof event.total === 'number' && event.total > 1 ? event.total : 1
        onDownloadProgress(Math.min(1, Math.max(0, event.loaded / total)))
      })
    },
  }
}

function toAvailability(value: string): AiAvailability {
  // Chrome before 138 answered 'readily' / 'after-download' / 'no' (capabilities()); 138 and
  // later answer these four, and anything else is treated as unavailable.
  return value === 'available' || value === 'downloadable' || value === 'downloading'
    ? value
    : 'unavailable'
}

/** Translates the browser's DOMExceptions into AiErrors. */
function toAiError(error: unknown, signal: AbortSignal | undefined): AiError {
  if (error instanceof AiError) {
    return error
  }
  const name = typeof error === 'object' && error !== null ? (error as Error).name : undefined
  if (signal?.aborted || name === 'AbortError') {
    return new AiError('aborted', 'The run was cancelled.', { cause: error })
  }
  if (name === 'QuotaExceededError') {
    return new AiError('quota-exceeded', 'QuotaExceededError: the input is over the quota.', {
      cause: error,
    })
  }
  if (name === 'NotAllowedError' || name === 'NotSupportedError' || name === 'InvalidStateError') {
    // NotAllowedError: blocked by policy, or a download started without a user's click;
    // NotSupportedError: the options or languages are not supported.
    return new AiError('unavailable', `The built-in AI refused the request (${name}).`, {
      cause: error,
    })
  }
  return new AiError('bad-response', `The built-in AI failed (${name ?? 'unknown error'}).`, {
    cause: error,
  })
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new AiError('aborted', 'The run was cancelled.')
  }
}

/**
 * Sessions kept for measuring tokens, one per task: creating a session per measurement would
 * cost a model load each time, and the chat budget measures every message. Each is destroyed
 * after MEASURING_SESSION_IDLE_MS without use.
 */
class MeasurerCache {
  private readonly entries = new Map<
    AiTask,
    { measurer: Promise<Measurer | undefined>; timer?: ReturnType<typeof setTimeout> }
  >()

  constructor(
    private readonly scope: BuiltinAiScope,
    private readonly idleMs: number,
  ) {}

  async get(task: AiTask): Promise<Measurer | undefined> {
    let entry = this.entries.get(task)
    if (entry === undefined) {
      entry = { measurer: this.create(task).catch(() => undefined) }
      this.entries.set(task, entry)
    }
    clearTimeout(entry.timer)
    const current = entry
    current.timer = setTimeout(() => {
      this.entries.delete(task)
      void current.measurer.then((measurer) => measurer?.destroy())
    }, this.idleMs)
    const measurer = await current.measurer
    if (measurer === undefined) {
      clearTimeout(current.timer)
      this.entries.delete(task)
    }
    return measurer
  }

  private async create(task: AiTask): Promise<Measurer | undefined> {
    if (task === 'summarize') {
      const summarizer = await this.scope.Summarizer?.create({
        format: 'markdown',
        sharedContext: SHARED_CONTEXT,
      })
      return (
        summarizer && {
          quota: summarizer.inputQuota,
          measure: (text) => summarizer.measureInputUsage(text),
          destroy: () => summarizer.destroy(),
        }
      )
    }
    const session = await this.scope.LanguageModel?.create()
    if (session === undefined) {
      return undefined
    }
    const quota = session.contextWindow ?? session.inputQuota
    const canMeasure =
      session.measureContextUsage !== undefined || session.measureInputUsage !== undefined
    if (quota === undefined || !canMeasure) {
      session.destroy()
      return undefined
    }
    return {
      quota,
      measure: (text) =>
        session.measureContextUsage?.(text) ??
        session.measureInputUsage?.(text) ??
        Promise.resolve(estimateTokens(text)),
      destroy: () => session.destroy(),
    }
  }
}
