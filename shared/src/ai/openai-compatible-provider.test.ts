import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOpenAiStandIn, type OpenAiStandIn } from '../testing/openai-stand-in'
import { AiError } from './ai-error'
import { AI_CHAT_ANSWER_CUT_NOTE } from './ai-messages'
import type { AiProvider } from './ai-provider'
import {
  DEFAULT_ENDPOINT_INPUT_QUOTA,
  ENDPOINT_ANSWER_RESERVE_TOKENS,
  createOpenAiCompatibleProvider,
  testAiEndpoint,
} from './openai-compatible-provider'

const MODEL = 'llama-stand-in'
const KEY = 'sk-device-local-key'

let standIn: OpenAiStandIn

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ models: [MODEL, 'other-model'] })
})

afterAll(async () => {
  await standIn.close()
})

function provider(apiKey?: string): AiProvider {
  return createOpenAiCompatibleProvider({
    baseUrl: standIn.url,
    model: MODEL,
    ...(apiKey === undefined ? {} : { apiKey }),
  })
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const deltas: string[] = []
  for await (const delta of stream) {
    deltas.push(delta)
  }
  return deltas
}

async function failure(stream: AsyncIterable<string>): Promise<AiError> {
  try {
    await collect(stream)
  } catch (error) {
    if (error instanceof AiError) {
      return error
    }
    throw error
  }
  throw new Error('The run did not fail')
}

const hello = [{ role: 'user' as const, content: 'Hello?' }]

describe('the OpenAI-compatible provider against the stand-in endpoint', () => {
  it('streams a chat answer as the deltas the endpoint sent, sending the messages and the model', async () => {
    standIn.reply({ chunks: ['Hel', 'lo ', 'there.'] })
    const messages = [
      { role: 'system' as const, content: 'Be brief.' },
      { role: 'user' as const, content: 'Say hello.' },
    ]
    expect(await collect(provider().chat(messages))).toEqual(['Hel', 'lo ', 'there.'])
    const sent = standIn.chatRequests().at(-1)
    expect(sent).toMatchObject({ model: MODEL, messages, stream: true })
  })

  it('sends no Authorization header without a key, and the key as a Bearer token with one', async () => {
    await collect(provider().chat(hello))
    expect(standIn.requests.at(-1)?.headers.authorization).toBeUndefined()
    await collect(provider(KEY).chat(hello))
    expect(standIn.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('sends no telemetry headers, so a local server’s CORS needs to allow only what matters', async () => {
    await collect(provider(KEY).chat(hello))
    const names = Object.keys(standIn.requests.at(-1)?.headers ?? {})
    expect(names.filter((name) => name.startsWith('x-stainless'))).toEqual([])
  })

  it('summarises with a system prompt for the type and length and the text as the user message', async () => {
    standIn.reply({ text: '- One\n- Two\n- Three' })
    const text = 'A long article about tides. '.repeat(20)
    const deltas = await collect(
      provider().summarize({ text, type: 'key-points', length: 'short', context: 'Tides' }),
    )
    expect(deltas.join('')).toBe('- One\n- Two\n- Three')
    const [system, user] = standIn.chatRequests().at(-1)?.messages ?? []
    expect(system?.role).toBe('system')
    expect(system?.content).toContain('3 bullet points')
    expect(user?.content).toContain(text)
    expect(user?.content).toContain('Tides')
  })

  it('maps 401 to unauthorized', async () => {
    standIn.reply({ requireKey: KEY })
    const error = await failure(provider('sk-wrong').chat(hello))
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 })
  })

  it('answers when the key is the one the endpoint requires', async () => {
    standIn.reply({ requireKey: KEY, text: 'Welcome.' })
    expect((await collect(provider(KEY).chat(hello))).join('')).toBe('Welcome.')
  })

  it('maps 403 to unauthorized', async () => {
    standIn.reply({ status: 403 })
    expect(await failure(provider().chat(hello))).toMatchObject({ code: 'unauthorized' })
  })

  it('maps 429 to rate-limited with Retry-After in seconds, once (no retries)', async () => {
    const before = standIn.chatRequests().length
    standIn.reply({ status: 429, retryAfter: 7 })
    const error = await failure(provider().chat(hello))
    expect(error).toMatchObject({ code: 'rate-limited', status: 429, retryAfterMs: 7000 })
    expect(standIn.chatRequests().length).toBe(before + 1)
  })

  it('reads a Retry-After HTTP date against the provider’s clock', async () => {
    const now = Date.parse('2026-06-15T12:00:00Z')
    standIn.reply({ status: 429, retryAfter: 'Mon, 15 Jun 2026 12:00:30 GMT' })
    const dated = createOpenAiCompatibleProvider(
      { baseUrl: standIn.url, model: MODEL },
      { now: () => now },
    )
    expect(await failure(dated.chat(hello))).toMatchObject({ retryAfterMs: 30_000 })
  })

  it('waits for a slow first token and streams the answer after it', async () => {
    standIn.reply({ firstTokenDelayMs: 300, chunks: ['Late ', 'but ', 'here.'] })
    expect(await collect(provider().chat(hello))).toEqual(['Late ', 'but ', 'here.'])
  })

  it('fails with stream-dropped when the connection dies mid-stream, after yielding what came', async () => {
    standIn.reply({ chunks: ['One ', 'two ', 'three.'], holdAfterChunks: 2 })
    const received: string[] = []
    let caught: unknown
    try {
      for await (const delta of provider().chat(hello)) {
        received.push(delta)
        if (received.length === 2) {
          standIn.dropHeld()
        }
      }
    } catch (error) {
      caught = error
    }
    expect(received).toEqual(['One ', 'two '])
    expect(caught).toMatchObject({ code: 'stream-dropped' })
  })

  it('fails with stream-dropped when the connection dies before the first chunk', async () => {
    standIn.reply({ chunks: ['Never ', 'sent.'], dropAfterChunks: 0 })
    expect(await failure(provider().chat(hello))).toMatchObject({ code: 'stream-dropped' })
  })

  it('fails with stream-dropped when the stream closes without a finish_reason', async () => {
    standIn.reply({ chunks: ['Only ', 'part.'], omitFinish: true })
    expect(await failure(provider().chat(hello))).toMatchObject({ code: 'stream-dropped' })
  })

  it('fails with aborted when the signal aborts mid-stream, and the endpoint sees the client leave', async () => {
    standIn.reply({ chunks: ['First ', 'second.'], holdAfterChunks: 1 })
    const controller = new AbortController()
    const received: string[] = []
    let caught: unknown
    try {
      for await (const delta of provider().chat(hello, { signal: controller.signal })) {
        received.push(delta)
        controller.abort()
      }
    } catch (error) {
      caught = error
    }
    expect(received).toEqual(['First '])
    expect(caught).toMatchObject({ code: 'aborted' })
  })

  it('fails with aborted at once when the signal aborted before the run', async () => {
    const before = standIn.requests.length
    const error = await failure(provider().chat(hello, { signal: AbortSignal.abort() }))
    expect(error.code).toBe('aborted')
    expect(standIn.requests.length).toBe(before)
  })

  it('maps a context-length error (400, context_length_exceeded) to quota-exceeded', async () => {
    standIn.reply({ status: 400, errorCode: 'context_length_exceeded' })
    expect(await failure(provider().chat(hello))).toMatchObject({
      code: 'quota-exceeded',
      status: 400,
    })
  })

  it('maps a context-length error known only by its message to quota-exceeded', async () => {
    standIn.reply({
      status: 400,
      errorCode: 'invalid_request',
      errorMessage: 'the request exceeds the available context size, try increasing it',
    })
    expect(await failure(provider().chat(hello))).toMatchObject({ code: 'quota-exceeded' })
  })

  it('never keeps the key in its message, even when the endpoint echoes it', async () => {
    standIn.reply({ status: 400, errorMessage: `Key ${KEY} has no access to this model` })
    const error = await failure(provider(KEY).chat(hello))
    expect(error.code).toBe('bad-response')
    expect(error.message).toBe(
      'The endpoint answered with an error: 400 Key [key] has no access to this model',
    )
  })

  it('keeps no trace of an echoed key in the cause, the JSON or the stack', async () => {
    for (const status of [400, 401, 500]) {
      standIn.reply({ status, errorMessage: `Incorrect API key provided: ${KEY}` })
      const error = await failure(provider(KEY).chat(hello))
      expect(String(error.cause)).not.toContain(KEY)
      expect(JSON.stringify(error)).not.toContain(KEY)
      expect(String(error.stack)).not.toContain(KEY)
      expect(error.message).not.toContain(KEY)
    }
  })

  it('fails a summary the model cut at its length limit, and marks a cut chat answer', async () => {
    standIn.reply({ chunks: ['The page ', 'is about'], finishReason: 'length' })
    const summary = provider().summarize({ text: 'Tides.', type: 'tldr', length: 'short' })
    expect(await failure(summary)).toMatchObject({ code: 'quota-exceeded' })
    standIn.reply({ chunks: ['Tides rise ', 'and'], finishReason: 'length' })
    expect((await collect(provider().chat(hello))).join('')).toBe(
      `Tides rise and\n\n${AI_CHAT_ANSWER_CUT_NOTE}`,
    )
  })

  it('maps another 400 and a 500 to bad-response', async () => {
    standIn.reply({ status: 400, errorMessage: 'model not found' })
    expect(await failure(provider().chat(hello))).toMatchObject({
      code: 'bad-response',
      status: 400,
    })
    standIn.reply({ status: 500 })
    expect(await failure(provider().chat(hello))).toMatchObject({
      code: 'bad-response',
      status: 500,
    })
  })

  it('maps an endpoint nobody listens on to network', async () => {
    const closed = await startOpenAiStandIn()
    await closed.close()
    const gone = createOpenAiCompatibleProvider({ baseUrl: closed.url, model: MODEL })
    expect(await failure(gone.chat(hello))).toMatchObject({ code: 'network' })
  })

  it('fails with not-configured without a valid base URL or a model', async () => {
    const noModel = createOpenAiCompatibleProvider({ baseUrl: standIn.url, model: '' })
    expect(await failure(noModel.chat(hello))).toMatchObject({ code: 'not-configured' })
    expect(await noModel.availability()).toBe('unavailable')
    const badUrl = createOpenAiCompatibleProvider({ baseUrl: 'localhost:11434', model: MODEL })
    expect(await failure(badUrl.chat(hello))).toMatchObject({ code: 'not-configured' })
  })

  it('is available when configured, assumes the default context less room for the answer, and estimates tokens', async () => {
    expect(await provider().availability()).toBe('available')
    const quota = DEFAULT_ENDPOINT_INPUT_QUOTA - ENDPOINT_ANSWER_RESERVE_TOKENS
    expect(await provider().inputQuota('chat')).toBe(quota)
    expect(await provider().inputQuota('summarize')).toBe(quota)
    expect(await provider().measureTokens('one two three four', 'chat')).toBe(6)
    expect(provider().label).toBe(`${MODEL} at ${new URL(standIn.url).host}`)
  })
})

describe('testAiEndpoint', () => {
  it('lists the endpoint’s models', async () => {
    expect(await testAiEndpoint({ baseUrl: standIn.url })).toEqual({
      ok: true,
      models: [MODEL, 'other-model'],
    })
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' })
  })

  it('says plainly when the key is refused', async () => {
    const locked = await startOpenAiStandIn({ requireKey: KEY })
    try {
      const refused = await testAiEndpoint({ baseUrl: locked.url, apiKey: 'sk-wrong' })
      expect(refused).toEqual({
        ok: false,
        message: 'The endpoint refused the API key (401). Check the key.',
      })
      expect(await testAiEndpoint({ baseUrl: locked.url, apiKey: KEY })).toMatchObject({
        ok: true,
      })
    } finally {
      await locked.close()
    }
  })

  it('says plainly when nothing answers at the address, without the key in the message', async () => {
    const closed = await startOpenAiStandIn()
    await closed.close()
    const result = await testAiEndpoint({ baseUrl: closed.url, apiKey: KEY })
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.message).toContain(`could not reach ${closed.url}`)
    expect(JSON.stringify(result)).not.toContain(KEY)
  })

  it('says where the base URL is probably wrong when there is no model list', async () => {
    const result = await testAiEndpoint({ baseUrl: standIn.url.replace(/\/v1$/, '') })
    expect(result).toEqual({
      ok: false,
      message: `There is no model list at ${standIn.url.replace(/\/v1$/, '')}/models. Check the address: it usually ends in /v1.`,
    })
  })

  it('asks for an address when the base URL is not one', async () => {
    expect(await testAiEndpoint({ baseUrl: 'ollama' })).toMatchObject({ ok: false })
  })
})
