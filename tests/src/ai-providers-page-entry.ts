// Test-only page script for tests/ai-providers.e2e.test.ts, bundled with Vite into a tiny page on
// loopback: it runs the real AI providers of @inkmark/shared in Chromium (the built-in one on the
// stand-in globals the test installs, the OpenAI-compatible one against the stand-in server on
// another origin, so through CORS) and hands the test what streamed and how it ended.
import {
  AiError,
  aiErrorMessage,
  createAiProvider,
  parseAiSettings,
  testAiEndpoint,
  type AiEndpointTestResult,
  type AiPromptMessage,
  type AiSummaryRequest,
} from '@inkmark/shared'

/** What one run gave the page. */
export interface AiPageRun {
  deltas: string[]
  progress: number[]
  error?: { code: string; message: string; retryAfterMs?: number; status?: number }
}

/** What a run asks for: the settings (as stored) and a summary or a chat. */
export interface AiPageRequest {
  settings: unknown
  summarize?: AiSummaryRequest
  chat?: AiPromptMessage[]
  /** Aborts the run once this many deltas arrived. */
  abortAfterDeltas?: number
}

declare global {
  interface Window {
    inkmarkAiRun?: (request: AiPageRequest) => Promise<AiPageRun>
    /** The latest run as it goes, so a test can wait for its deltas. */
    inkmarkAiLastRun?: AiPageRun
    inkmarkAiTestEndpoint?: (endpoint: {
      baseUrl: string
      apiKey?: string
    }) => Promise<AiEndpointTestResult>
    inkmarkAiAvailability?: (settings: unknown) => Promise<string>
  }
}

window.inkmarkAiRun = async (request) => {
  const provider = createAiProvider(parseAiSettings(request.settings))
  const run: AiPageRun = { deltas: [], progress: [] }
  window.inkmarkAiLastRun = run
  if (provider === undefined) {
    return run
  }
  const controller = new AbortController()
  const options = {
    signal: controller.signal,
    onDownloadProgress: (fraction: number) => run.progress.push(fraction),
  }
  try {
    const stream =
      request.summarize === undefined
        ? provider.chat(request.chat ?? [], options)
        : provider.summarize(request.summarize, options)
    for await (const delta of stream) {
      run.deltas.push(delta)
      if (run.deltas.length === request.abortAfterDeltas) {
        controller.abort()
      }
    }
  } catch (error) {
    run.error = {
      code: error instanceof AiError ? error.code : 'not an AiError',
      message: aiErrorMessage(error),
      ...(error instanceof AiError && error.retryAfterMs !== undefined
        ? { retryAfterMs: error.retryAfterMs }
        : {}),
      ...(error instanceof AiError && error.status !== undefined ? { status: error.status } : {}),
    }
  }
  return run
}

window.inkmarkAiTestEndpoint = (endpoint) => testAiEndpoint(endpoint)

window.inkmarkAiAvailability = async (settings) =>
  (await createAiProvider(parseAiSettings(settings))?.availability()) ?? 'off'
