// A STAND-IN for tests of the browser's built-in AI: `Summarizer` and `LanguageModel` globals
// shaped as Chrome 138+ documents them (developer.chrome.com/docs/ai/summarizer-api and
// /prompt-api): availability() with its four states, create({ monitor, signal }) firing
// `downloadprogress` events (loaded 0..1) when the model must be fetched, inputQuota,
// measureInputUsage, summarizeStreaming/promptStreaming as ReadableStreams of text deltas,
// QuotaExceededError past the quota, AbortError when the signal aborts, destroy(). It is never
// installed outside tests and answers with the text a test configured, not with a model.
//
// One function, `installBuiltinAiStandIn(scope, config)`, installs it into a scope: globalThis of a
// Chromium page (through `builtinAiStandInScript`, its source stringified for addInitScript) or a
// plain object in Node unit tests. So its body refers to nothing outside itself.

/** Chrome's availability values. */
export type BuiltinAiStandInAvailability =
  'unavailable' | 'downloadable' | 'downloading' | 'available'

/** How one of the two APIs behaves. */
export interface BuiltinAiApiStandInConfig {
  /** Whether the global exists at all (default true). */
  present?: boolean
  /** What availability() answers until a create() has downloaded the model (default available). */
  availability?: BuiltinAiStandInAvailability
  /** The `loaded` values of the downloadprogress events a create() fires when not available. */
  downloadSteps?: number[]
  /** The session's inputQuota in tokens (default 4,000 for summaries, 9,216 for chat). */
  inputQuota?: number
  /** The answer as these stream chunks (deltas). */
  chunks?: string[]
  /** The answer, streamed word by word, when no chunks are given. */
  text?: string
  /** A DOMException name to fail with, e.g. 'QuotaExceededError' or 'NotAllowedError'. */
  failWith?: string
  /** Whether failWith fails create() or the stream (default the stream). */
  failAt?: 'create' | 'stream'
  /** The stream stops after this many chunks and waits until the signal aborts. */
  stallAfterChunks?: number
  /**
   * As Chrome: create() refuses to start a download (NotAllowedError) without a user's click
   * (`navigator.userActivation.isActive`). Off by default so scripts may call it directly.
   */
  requireUserActivation?: boolean
}

/** The stand-in's configuration: one part per API. */
export interface BuiltinAiStandInConfig {
  summarizer?: BuiltinAiApiStandInConfig
  languageModel?: BuiltinAiApiStandInConfig
}

/** One call the stand-in received, so tests can assert what text went to the provider. */
export interface BuiltinAiStandInRequest {
  api: 'Summarizer' | 'LanguageModel'
  method: string
  /** The text or messages given. */
  input?: unknown
  /** The options given, without signal and monitor. */
  options?: Record<string, unknown>
}

/** What the stand-in keeps on `scope.__inkmarkBuiltinAiStandIn`. */
export interface BuiltinAiStandInState {
  config: BuiltinAiStandInConfig
  requests: BuiltinAiStandInRequest[]
  /** Sessions created and destroyed per API. */
  sessions: { created: number; destroyed: number }
  configure(config: BuiltinAiStandInConfig): void
}

/** The property of the scope that holds the stand-in's state. */
export const BUILTIN_AI_STAND_IN_KEY = '__inkmarkBuiltinAiStandIn'

/** The answer when a test configured none. */
export const BUILTIN_AI_STAND_IN_DEFAULT_TEXT = 'This is the built-in AI stand-in answering.'

/**
 * Installs the stand-in's globals into `scope` with `config`; later calls to the state's
 * configure() replace the config. Self-contained: it is stringified into pages.
 */
export function installBuiltinAiStandIn(
  scope: object,
  initialConfig: BuiltinAiStandInConfig,
): BuiltinAiStandInState {
  type ApiName = 'Summarizer' | 'LanguageModel'
  type Listener = (event: { loaded: number; total: number }) => void
  const target = scope as Record<string, unknown>
  const defaultText = 'This is the built-in AI stand-in answering.'
  const defaultQuota: Record<ApiName, number> = { Summarizer: 4000, LanguageModel: 9216 }
  const availabilityNow: Partial<Record<ApiName, BuiltinAiStandInAvailability>> = {}

  const state: BuiltinAiStandInState = {
    config: initialConfig,
    requests: [],
    sessions: { created: 0, destroyed: 0 },
    configure(config) {
      state.config = config
      availabilityNow.Summarizer = undefined
      availabilityNow.LanguageModel = undefined
      defineGlobals()
    },
  }

  function apiConfig(api: ApiName): BuiltinAiApiStandInConfig {
    return (api === 'Summarizer' ? state.config.summarizer : state.config.languageModel) ?? {}
  }

  function availabilityOf(api: ApiName): BuiltinAiStandInAvailability {
    return availabilityNow[api] ?? apiConfig(api).availability ?? 'available'
  }

  function plainOptions(options: Record<string, unknown> | undefined): Record<string, unknown> {
    const copy: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(options ?? {})) {
      if (key !== 'signal' && key !== 'monitor') {
        copy[key] = value
      }
    }
    return copy
  }

  function abortError(): DOMException {
    return new DOMException('The operation was aborted.', 'AbortError')
  }

  function fail(api: ApiName, at: 'create' | 'stream'): void {
    const config = apiConfig(api)
    if (config.failWith !== undefined && (config.failAt ?? 'stream') === at) {
      throw new DOMException(`The stand-in was told to fail (${config.failWith}).`, config.failWith)
    }
  }

  function tokensOf(input: unknown): number {
    // The stand-in counts one token per four characters of the text (or of every message).
    const text =
      typeof input === 'string'
        ? input
        : Array.isArray(input)
          ? input
              .map((message: { content?: unknown }) =>
                typeof message.content === 'string'
                  ? message.content
                  : JSON.stringify(message.content),
              )
              .join('')
          : String(input)
    return Math.ceil(text.length / 4)
  }

  function checkQuota(api: ApiName, input: unknown): void {
    const quota = apiConfig(api).inputQuota ?? defaultQuota[api]
    const requested = tokensOf(input)
    if (requested > quota) {
      const error = new DOMException(
        `The input is too large: ${requested} tokens, quota ${quota}.`,
        'QuotaExceededError',
      )
      Object.assign(error, { requested, quota })
      throw error
    }
  }

  function answerStream(api: ApiName, signal: AbortSignal | undefined): ReadableStream<string> {
    const config = apiConfig(api)
    const chunks = config.chunks ?? (config.text ?? defaultText).match(/\S+\s*|\s+/g) ?? []
    let index = 0
    let failure: unknown
    try {
      fail(api, 'stream')
    } catch (error) {
      failure = error
    }
    return new ReadableStream<string>({
      start(controller) {
        signal?.addEventListener('abort', () => controller.error(abortError()), { once: true })
      },
      pull(controller) {
        if (signal?.aborted) {
          controller.error(abortError())
          return undefined
        }
        if (failure !== undefined) {
          controller.error(failure)
          return undefined
        }
        if (index === config.stallAfterChunks) {
          // Stalls: only the signal's abort (errored in start) ends the stream.
          return new Promise<void>(() => undefined)
        }
        const chunk = chunks[index]
        index += 1
        if (chunk === undefined) {
          controller.close()
        } else {
          controller.enqueue(chunk)
        }
        return undefined
      },
    })
  }

  async function create(
    api: ApiName,
    options: Record<string, unknown> | undefined,
  ): Promise<{ quota: number }> {
    state.requests.push({ api, method: 'create', options: plainOptions(options) })
    const signal = options?.signal as AbortSignal | undefined
    if (signal?.aborted) {
      throw abortError()
    }
    const availability = availabilityOf(api)
    if (availability === 'unavailable') {
      throw new DOMException('The model is not available.', 'NotSupportedError')
    }
    fail(api, 'create')
    if (availability !== 'available' && apiConfig(api).requireUserActivation === true) {
      const { navigator } = scope as { navigator?: { userActivation?: { isActive?: boolean } } }
      if (navigator?.userActivation?.isActive !== true) {
        throw new DOMException('Downloading the model needs a user activation.', 'NotAllowedError')
      }
    }
    if (availability !== 'available') {
      const listeners: Listener[] = []
      const monitor = options?.monitor as
        ((m: { addEventListener(type: string, listener: Listener): void }) => void) | undefined
      monitor?.({
        addEventListener(type, listener) {
          if (type === 'downloadprogress') {
            listeners.push(listener)
          }
        },
      })
      availabilityNow[api] = 'downloading'
      for (const loaded of apiConfig(api).downloadSteps ?? [0, 0.5, 1]) {
        // Each step is its own task, as the browser's events are.
        await new Promise((resolve) => setTimeout(resolve, 0))
        for (const listener of listeners) {
          listener({ loaded, total: 1 })
        }
      }
      availabilityNow[api] = 'available'
    }
    state.sessions.created += 1
    return { quota: apiConfig(api).inputQuota ?? defaultQuota[api] }
  }

  function destroyer(): () => void {
    let destroyed = false
    return () => {
      if (!destroyed) {
        destroyed = true
        state.sessions.destroyed += 1
      }
    }
  }

  const Summarizer = {
    availability(options?: Record<string, unknown>): Promise<string> {
      state.requests.push({
        api: 'Summarizer',
        method: 'availability',
        options: plainOptions(options),
      })
      return Promise.resolve(availabilityOf('Summarizer'))
    },
    async create(options?: Record<string, unknown>) {
      const { quota } = await create('Summarizer', options)
      return {
        inputQuota: quota,
        type: options?.type ?? 'key-points',
        length: options?.length ?? 'short',
        format: options?.format ?? 'markdown',
        sharedContext: options?.sharedContext ?? '',
        measureInputUsage(input: string): Promise<number> {
          state.requests.push({ api: 'Summarizer', method: 'measureInputUsage', input })
          return Promise.resolve(tokensOf(input))
        },
        summarizeStreaming(
          input: string,
          streamOptions?: { context?: string; signal?: AbortSignal },
        ): ReadableStream<string> {
          state.requests.push({
            api: 'Summarizer',
            method: 'summarizeStreaming',
            input,
            options: plainOptions(streamOptions),
          })
          checkQuota('Summarizer', input)
          return answerStream('Summarizer', streamOptions?.signal)
        },
        destroy: destroyer(),
      }
    },
  }

  const LanguageModel = {
    availability(options?: Record<string, unknown>): Promise<string> {
      state.requests.push({
        api: 'LanguageModel',
        method: 'availability',
        options: plainOptions(options),
      })
      return Promise.resolve(availabilityOf('LanguageModel'))
    },
    async create(options?: Record<string, unknown>) {
      const initialPrompts = options?.initialPrompts ?? []
      checkQuota('LanguageModel', initialPrompts)
      const { quota } = await create('LanguageModel', options)
      return {
        inputQuota: quota,
        inputUsage: tokensOf(initialPrompts),
        measureInputUsage(input: unknown): Promise<number> {
          state.requests.push({ api: 'LanguageModel', method: 'measureInputUsage', input })
          return Promise.resolve(tokensOf(input))
        },
        promptStreaming(
          input: unknown,
          streamOptions?: { signal?: AbortSignal },
        ): ReadableStream<string> {
          state.requests.push({
            api: 'LanguageModel',
            method: 'promptStreaming',
            input,
            options: plainOptions(streamOptions),
          })
          checkQuota('LanguageModel', [
            ...(Array.isArray(initialPrompts) ? (initialPrompts as unknown[]) : []),
            { content: typeof input === 'string' ? input : JSON.stringify(input) },
          ])
          return answerStream('LanguageModel', streamOptions?.signal)
        },
        destroy: destroyer(),
      }
    },
  }

  function defineGlobals(): void {
    for (const [name, api] of [
      ['Summarizer', Summarizer],
      ['LanguageModel', LanguageModel],
    ] as const) {
      if (apiConfig(name).present === false) {
        delete target[name]
      } else {
        Object.defineProperty(scope, name, { value: api, configurable: true, writable: true })
      }
    }
  }

  defineGlobals()
  Object.defineProperty(scope, '__inkmarkBuiltinAiStandIn', {
    value: state,
    configurable: true,
    writable: true,
  })
  return state
}

/** A script for `page.addInitScript` / `context.addInitScript` installing the stand-in. */
export function builtinAiStandInScript(config: BuiltinAiStandInConfig = {}): string {
  return `(${installBuiltinAiStandIn.toString()})(globalThis, ${JSON.stringify(config)});`
}

/** The stand-in's state on a scope it was installed into, or undefined. */
export function builtinAiStandInState(scope: object): BuiltinAiStandInState | undefined {
  return (scope as Record<string, BuiltinAiStandInState | undefined>)[BUILTIN_AI_STAND_IN_KEY]
}
