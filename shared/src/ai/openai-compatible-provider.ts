// The OpenAI-compatible provider: any endpoint that speaks OpenAI's chat-completions API (Ollama,
// llama.cpp server, LM Studio, vLLM or a hosted service) at a base URL the user gives, with the
// model and optional key the user gives, through the official `openai` client. Summaries are a
// chat completion with a system prompt that mirrors the Summarizer's types and lengths.
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai'
import { estimateTokens } from '../domain/tokens'
import { AiError, isAbortError } from './ai-error'
import { AI_CHAT_ANSWER_CUT_NOTE } from './ai-messages'
import type {
  AiAvailability,
  AiPromptMessage,
  AiProvider,
  AiRunOptions,
  AiSummaryRequest,
  AiTask,
} from './ai-provider'
import { isEndpointConfigured, type AiEndpointSettings } from './ai-settings'
import { retryAfterMs } from './retry-after'
import { summaryPromptMessages } from './summary-prompts'

/**
 * The input quota assumed for an endpoint, in tokens. The chat-completions API does not say how
 * long a model's context is, so Inkmark assumes 8,192 (ADR 046): most local models run with at
 * least that, and a longer input is refused by the endpoint with a context-length error that we
 * report as 'quota-exceeded'.
 */
export const DEFAULT_ENDPOINT_INPUT_QUOTA = 8192

/**
 * Tokens of the assumed context kept for the answer: the context holds the prompt and the answer
 * together, so the input quota the provider reports is DEFAULT_ENDPOINT_INPUT_QUOTA less this.
 */
export const ENDPOINT_ANSWER_RESERVE_TOKENS = 1024

/** What the provider may take from its surroundings (tests pass their own fetch). */
export interface OpenAiCompatibleEnv {
  fetch?: typeof fetch
  /** The clock used to read a Retry-After date. */
  now?: () => number
}

/** The result of checking an endpoint from the settings screen. */
export type AiEndpointTestResult = { ok: true; models: string[] } | { ok: false; message: string }

/** A provider that calls the OpenAI-compatible endpoint `endpoint`. */
export function createOpenAiCompatibleProvider(
  endpoint: AiEndpointSettings,
  env: OpenAiCompatibleEnv = {},
): AiProvider {
  const now = env.now ?? Date.now
  return {
    kind: 'openai-compatible',
    label: endpointLabel(endpoint),
    availability(): Promise<AiAvailability> {
      return Promise.resolve(isEndpointConfigured(endpoint) ? 'available' : 'unavailable')
    },
    inputQuota(): Promise<number | undefined> {
      return Promise.resolve(DEFAULT_ENDPOINT_INPUT_QUOTA - ENDPOINT_ANSWER_RESERVE_TOKENS)
    },
    measureTokens(text: string, _task: AiTask): Promise<number> {
      return Promise.resolve(estimateTokens(text))
    },
    summarize(request: AiSummaryRequest, options: AiRunOptions = {}): AsyncIterable<string> {
      return streamChat(endpoint, env, now, summaryPromptMessages(request), options, 'summarize')
    },
    chat(messages: readonly AiPromptMessage[], options: AiRunOptions = {}): AsyncIterable<string> {
      return streamChat(endpoint, env, now, messages, options, 'chat')
    },
  }
}

/** Lists the endpoint's models (GET /models): ok with their ids, or a plain message why not. */
export async function testAiEndpoint(
  endpoint: Pick<AiEndpointSettings, 'baseUrl' | 'apiKey'>,
  env: OpenAiCompatibleEnv = {},
): Promise<AiEndpointTestResult> {
  if (!isEndpointConfigured({ ...endpoint, model: 'any' })) {
    return {
      ok: false,
      message: 'Enter the endpoint’s address, starting with http:// or https://.',
    }
  }
  try {
    const client = createClient({ ...endpoint, model: '' }, env)
    const models: string[] = []
    for await (const model of client.models.list()) {
      models.push(model.id)
    }
    return { ok: true, models }
  } catch (error) {
    return { ok: false, message: endpointTestMessage(endpoint.baseUrl, error) }
  }
}

async function* streamChat(
  endpoint: AiEndpointSettings,
  env: OpenAiCompatibleEnv,
  now: () => number,
  messages: readonly AiPromptMessage[],
  { signal }: AiRunOptions,
  task: AiTask,
): AsyncGenerator<string> {
  if (!isEndpointConfigured(endpoint)) {
    throw new AiError('not-configured', 'The endpoint has no valid base URL or no model.')
  }
  throwIfAborted(signal)
  const client = createClient(endpoint, env)
  let stream
  try {
    stream = await client.chat.completions.create(
      { model: endpoint.model, messages: [...messages], stream: true },
      { signal },
    )
  } catch (error) {
    throw toAiError(error, now, signal, 'bad-response', endpoint.apiKey)
  }
  let finishReason: string | undefined
  try {
    for await (const chunk of stream) {
      const choice = chunk.choices[0]
      const delta = choice?.delta?.content
      if (typeof delta === 'string' && delta !== '') {
        yield delta
      }
      if (choice?.finish_reason) {
        finishReason = choice.finish_reason
      }
    }
  } catch (error) {
    throw toAiError(error, now, signal, 'stream-dropped', endpoint.apiKey)
  }
  // The client ends the iteration quietly when its signal aborts, and a server that dies between
  // chunks may close the connection cleanly: only a finish_reason says the answer is complete.
  throwIfAborted(signal)
  if (finishReason === undefined) {
    throw new AiError('stream-dropped', 'The stream ended before the model finished its answer.')
  }
  // 'length': the model ran out of room (its context, num_ctx for Ollama, or max tokens). A cut
  // summary is not one (nothing is saved); a cut chat answer is kept and says it was cut.
  if (finishReason === 'length') {
    if (task === 'summarize') {
      throw new AiError(
        'quota-exceeded',
        'The summary was cut off: the model reached its length limit (finish_reason length).',
      )
    }
    yield `\n\n${AI_CHAT_ANSWER_CUT_NOTE}`
  }
}

// The key is the user's own and stays on this device: it goes from the device straight to the
// endpoint the user named, which is what `dangerouslyAllowBrowser` guards against for keys that
// belong to a site's owner. Retries are off (maxRetries: 0): a retry would repeat a long prompt
// behind the user's back, and a 429's wait is the user's to see (Retry-After in the message).
function createClient(endpoint: AiEndpointSettings, env: OpenAiCompatibleEnv): OpenAI {
  const hasKey = endpoint.apiKey !== undefined && endpoint.apiKey !== ''
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    // The client insists on a key; without one the Authorization header is removed below.
    apiKey: hasKey ? endpoint.apiKey : 'none',
    // Set explicitly so that nothing is read from the environment (OPENAI_* variables).
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    ...(env.fetch === undefined ? {} : { fetch: env.fetch }),
    // Only Content-Type and Authorization cross origins: every extra header is one more that a
    // local server's CORS preflight must allow, and the client's telemetry headers add nothing.
    defaultHeaders: {
      ...(hasKey ? {} : { Authorization: null }),
      'User-Agent': null,
      'X-Stainless-Lang': null,
      'X-Stainless-Package-Version': null,
      'X-Stainless-OS': null,
      'X-Stainless-Arch': null,
      'X-Stainless-Runtime': null,
      'X-Stainless-Runtime-Version': null,
      'X-Stainless-Retry-Count': null,
      'X-Stainless-Timeout': null,
    },
  })
}

const CONTEXT_LENGTH_CODES = new Set(['context_length_exceeded', 'exceed_context_size_error'])
const CONTEXT_LENGTH_TEXT =
  /context[ _-]?(length|window|size)|maximum context|too many tokens|exceeds? the (available )?context/i

/** Translates the client's errors (and the platform's) into an AiError. */
function toAiError(
  error: unknown,
  now: () => number,
  signal: AbortSignal | undefined,
  otherwise: 'bad-response' | 'stream-dropped' = 'bad-response',
  apiKey?: string,
): AiError {
  if (error instanceof AiError) {
    return error
  }
  if (signal?.aborted || error instanceof APIUserAbortError || isAbortError(error)) {
    return new AiError('aborted', 'The run was cancelled.', { cause: error })
  }
  if (error instanceof APIConnectionError) {
    return new AiError('network', 'The endpoint could not be reached.', { cause: error })
  }
  if (error instanceof APIError) {
    return fromApiError(error as EndpointApiError, now, apiKey)
  }
  // No cause: an error the endpoint's answer produced may quote that answer, and so the key.
  return new AiError(otherwise, 'The answer from the endpoint broke off or could not be read.')
}

type EndpointApiError = APIError<number | undefined, Headers | undefined, object | undefined>

// The client's APIError is never kept as the cause: its message, body and headers are the
// endpoint's own words, which may echo the key (OpenAI's 401 quotes part of it), and a cause
// travels with the error into logs and error reports. Only the status and a redacted sentence stay.

function fromApiError(
  error: EndpointApiError,
  now: () => number,
  apiKey: string | undefined,
): AiError {
  const status = error.status
  const withStatus = status === undefined ? {} : { status }
  if (status === 401 || status === 403) {
    return new AiError('unauthorized', `The endpoint refused the request (${status}).`, { status })
  }
  if (status === 429) {
    const wait = retryAfterMs(error.headers, now())
    return new AiError('rate-limited', 'The endpoint is rate-limiting requests (429).', {
      status,
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
    })
  }
  if (isContextLengthError(error)) {
    return new AiError(
      'quota-exceeded',
      'The input is longer than the model’s context.',
      withStatus,
    )
  }
  // An error without a status is one the endpoint sent inside the stream (an SSE error event).
  // The endpoint's own words may echo the key (OpenAI's 401 quotes part of it): never keep it.
  const said = redactKey(error.message, apiKey)
  return new AiError('bad-response', `The endpoint answered with an error: ${said}`, withStatus)
}

function isContextLengthError(error: EndpointApiError): boolean {
  if (error.status !== undefined && error.status !== 400 && error.status !== 413) {
    return false
  }
  const body = error.error as { type?: unknown; code?: unknown } | undefined
  const codes = [error.code, body?.type, body?.code].filter((v) => typeof v === 'string')
  return (
    codes.some((code) => CONTEXT_LENGTH_CODES.has(code)) || CONTEXT_LENGTH_TEXT.test(error.message)
  )
}

function redactKey(text: string, apiKey: string | undefined): string {
  return apiKey === undefined || apiKey === '' ? text : text.split(apiKey).join('[key]')
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new AiError('aborted', 'The run was cancelled.')
  }
}

function endpointTestMessage(baseUrl: string, error: unknown): string {
  const aiError = toAiError(error, Date.now, undefined)
  if (aiError.code === 'network') {
    return `Inkmark could not reach ${baseUrl}. Check the address, that the server is running and that it accepts requests from this app (CORS).`
  }
  if (aiError.code === 'unauthorized') {
    return `The endpoint refused the API key (${aiError.status ?? 401}). Check the key.`
  }
  if (aiError.status === 404) {
    return `There is no model list at ${baseUrl}/models. Check the address: it usually ends in /v1.`
  }
  if (aiError.code === 'rate-limited') {
    return 'The endpoint has had too many requests. Try again in a moment.'
  }
  return aiError.status === undefined
    ? 'The endpoint sent an answer Inkmark could not read. Check the address.'
    : `The endpoint answered with an error (${aiError.status}). Check the address.`
}

function endpointLabel(endpoint: AiEndpointSettings): string {
  let host = endpoint.baseUrl
  try {
    host = new URL(endpoint.baseUrl).host
  } catch {
    // An unparsable URL is shown as typed; the provider then says it is not configured.
  }
  return endpoint.model === '' ? host : `${endpoint.model} at ${host}`
}
