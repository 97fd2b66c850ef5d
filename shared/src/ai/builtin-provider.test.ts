import { describe, expect, it } from 'vitest'
import {
  BUILTIN_AI_STAND_IN_DEFAULT_TEXT,
  installBuiltinAiStandIn,
  type BuiltinAiStandInConfig,
  type BuiltinAiStandInState,
} from '../testing/builtin-ai-stand-in'
import { AiError, isQuotaExceededError } from './ai-error'
import type { AiProvider } from './ai-provider'
import { createBuiltinProvider } from './builtin-provider'

/** A globalThis-like scope with the stand-in installed, and a provider reading it. */
function setup(config: BuiltinAiStandInConfig = {}): {
  provider: AiProvider
  standIn: BuiltinAiStandInState
  scope: Record<string, unknown>
} {
  const scope: Record<string, unknown> = {}
  const standIn = installBuiltinAiStandIn(scope, config)
  return { provider: createBuiltinProvider({ scope, measuringSessionIdleMs: 0 }), standIn, scope }
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

const request = {
  text: 'Tides rise and fall twice a day.',
  type: 'tldr' as const,
  length: 'medium' as const,
}
const chat = [
  { role: 'system' as const, content: 'You answer about the page.' },
  { role: 'user' as const, content: 'What is it about?' },
  { role: 'assistant' as const, content: 'Tides.' },
  { role: 'user' as const, content: 'How often?' },
]

describe('the built-in provider against the Summarizer and LanguageModel stand-in', () => {
  it('summarises with the Summarizer: the type, length and markdown at create, the text and context to the stream', async () => {
    const { provider, standIn } = setup({ summarizer: { chunks: ['Twice ', 'a day.'] } })
    const deltas = await collect(provider.summarize({ ...request, context: 'About tides' }))
    expect(deltas).toEqual(['Twice ', 'a day.'])
    const create = standIn.requests.find((r) => r.api === 'Summarizer' && r.method === 'create')
    expect(create?.options).toMatchObject({ type: 'tldr', length: 'medium', format: 'markdown' })
    const stream = standIn.requests.find((r) => r.method === 'summarizeStreaming')
    expect(stream).toMatchObject({ input: request.text, options: { context: 'About tides' } })
    expect(standIn.sessions).toEqual({ created: 1, destroyed: 1 })
  })

  it('chats with the Prompt API: history as initial prompts, the last user message prompted', async () => {
    const { provider, standIn } = setup({ languageModel: { text: 'Twice a day.' } })
    expect((await collect(provider.chat(chat))).join('')).toBe('Twice a day.')
    const create = standIn.requests.find((r) => r.api === 'LanguageModel' && r.method === 'create')
    expect(create?.options?.initialPrompts).toEqual(chat.slice(0, 3))
    const prompt = standIn.requests.find((r) => r.method === 'promptStreaming')
    expect(prompt?.input).toBe('How often?')
    expect(standIn.sessions).toEqual({ created: 1, destroyed: 1 })
  })

  it('joins several system messages into the one the Prompt API takes first', async () => {
    const { provider, standIn } = setup()
    await collect(
      provider.chat([
        { role: 'system', content: 'Rules.' },
        { role: 'system', content: 'Page.' },
        { role: 'user', content: 'Hi' },
      ]),
    )
    const create = standIn.requests.find((r) => r.api === 'LanguageModel' && r.method === 'create')
    expect(create?.options?.initialPrompts).toEqual([
      { role: 'system', content: 'Rules.\n\nPage.' },
    ])
  })

  it('answers with the default text when none was configured', async () => {
    const { provider } = setup()
    expect((await collect(provider.summarize(request))).join('')).toBe(
      BUILTIN_AI_STAND_IN_DEFAULT_TEXT,
    )
  })

  it('reports availability per task, the weaker of both without a task, unavailable without the global', async () => {
    const { provider, standIn } = setup({
      summarizer: { availability: 'available' },
      languageModel: { availability: 'downloadable' },
    })
    expect(await provider.availability('summarize')).toBe('available')
    expect(await provider.availability('chat')).toBe('downloadable')
    expect(await provider.availability()).toBe('downloadable')
    standIn.configure({ languageModel: { present: false } })
    expect(await provider.availability('chat')).toBe('unavailable')
    expect(await provider.availability()).toBe('unavailable')
    expect(await provider.availability('summarize')).toBe('available')
  })

  it('fails with unavailable when the global is missing or says unavailable', async () => {
    const { provider, standIn } = setup({ summarizer: { present: false } })
    expect(await failure(provider.summarize(request))).toMatchObject({ code: 'unavailable' })
    standIn.configure({ languageModel: { availability: 'unavailable' } })
    expect(await failure(provider.chat(chat))).toMatchObject({ code: 'unavailable' })
  })

  it('reports the model download as fractions, then summarises and is available', async () => {
    const { provider } = setup({
      summarizer: { availability: 'downloadable', downloadSteps: [0, 0.25, 0.75, 1] },
    })
    const progress: number[] = []
    const text = await collect(
      provider.summarize(request, { onDownloadProgress: (fraction) => progress.push(fraction) }),
    )
    expect(progress).toEqual([0, 0.25, 0.75, 1])
    expect(text.join('')).toBe(BUILTIN_AI_STAND_IN_DEFAULT_TEXT)
    expect(await provider.availability('summarize')).toBe('available')
  })

  it('is refused a download without a user’s click when the browser asks for one', async () => {
    const { provider, scope, standIn } = setup({
      summarizer: { availability: 'downloadable', requireUserActivation: true },
    })
    expect(await failure(provider.summarize(request))).toMatchObject({ code: 'unavailable' })
    scope.navigator = { userActivation: { isActive: true } }
    expect((await collect(provider.summarize(request))).join('')).toBe(
      BUILTIN_AI_STAND_IN_DEFAULT_TEXT,
    )
    expect(standIn.sessions).toEqual({ created: 1, destroyed: 1 })
  })

  it('gives the input quota and measures tokens with the session when available', async () => {
    const { provider } = setup({
      summarizer: { inputQuota: 1024 },
      languageModel: { inputQuota: 6000 },
    })
    expect(await provider.inputQuota('summarize')).toBe(1024)
    expect(await provider.inputQuota('chat')).toBe(6000)
    // The stand-in counts one token per four characters; the estimate would say 3 here.
    expect(await provider.measureTokens('abcdefghijklmnop', 'chat')).toBe(4)
    expect(await provider.measureTokens('abcdefghijklmnop', 'summarize')).toBe(4)
  })

  it('estimates tokens and knows no quota while the model is not downloaded', async () => {
    const { provider, standIn } = setup({ summarizer: { availability: 'downloadable' } })
    expect(await provider.inputQuota('summarize')).toBeUndefined()
    expect(await provider.measureTokens('one two three four', 'summarize')).toBe(6)
    // Measuring must not start a download.
    expect(standIn.requests.filter((r) => r.method === 'create')).toEqual([])
  })

  it('fails with quota-exceeded (QuotaExceededError) when the input is over the quota', async () => {
    const { provider, standIn } = setup({ summarizer: { inputQuota: 5 } })
    const error = await failure(provider.summarize(request))
    expect(error.code).toBe('quota-exceeded')
    expect(isQuotaExceededError(error)).toBe(true)
    expect(standIn.sessions.destroyed).toBe(standIn.sessions.created)
  })

  it('trims a text given while the model was downloading to the session quota less 500', async () => {
    // While the model downloads the quota is unknown, so the caller trimmed to a guess; the
    // session's own quota (here 2,000 tokens) is only known after create().
    const { provider, standIn } = setup({
      summarizer: { availability: 'downloadable', inputQuota: 2000 },
    })
    const long = Array.from({ length: 4000 }, (_, i) => `word${i}`).join(' ')
    await collect(provider.summarize({ ...request, text: long }))
    const sent = standIn.requests.find((r) => r.method === 'summarizeStreaming')?.input
    expect(typeof sent).toBe('string')
    const tokens = Math.ceil(String(sent).length / 4)
    expect(tokens).toBeLessThanOrEqual(1500)
    expect(tokens).toBeGreaterThan(1000)
    expect(long.startsWith(String(sent))).toBe(true)
  })

  it('fails with quota-exceeded when the chat history is over the quota at create', async () => {
    const { provider } = setup({ languageModel: { inputQuota: 5 } })
    expect(await failure(provider.chat(chat))).toMatchObject({ code: 'quota-exceeded' })
  })

  it('maps NotAllowedError to unavailable and an unknown failure to bad-response', async () => {
    const { provider, standIn } = setup({
      summarizer: { failWith: 'NotAllowedError', failAt: 'create' },
    })
    expect(await failure(provider.summarize(request))).toMatchObject({ code: 'unavailable' })
    standIn.configure({ languageModel: { failWith: 'UnknownError' } })
    expect(await failure(provider.chat(chat))).toMatchObject({ code: 'bad-response' })
    expect(standIn.sessions.destroyed).toBe(standIn.sessions.created)
  })

  it('fails with aborted when the signal aborts a stalled stream, keeping what streamed, and destroys the session', async () => {
    const { provider, standIn } = setup({
      languageModel: { chunks: ['Part ', 'two'], stallAfterChunks: 1 },
    })
    const controller = new AbortController()
    const received: string[] = []
    let caught: unknown
    try {
      for await (const delta of provider.chat(chat, { signal: controller.signal })) {
        received.push(delta)
        controller.abort()
      }
    } catch (error) {
      caught = error
    }
    expect(received).toEqual(['Part '])
    expect(caught).toMatchObject({ code: 'aborted' })
    expect(standIn.sessions).toEqual({ created: 1, destroyed: 1 })
  })

  it('fails with aborted before creating a session when the signal aborted already', async () => {
    const { provider, standIn } = setup()
    const error = await failure(provider.summarize(request, { signal: AbortSignal.abort() }))
    expect(error.code).toBe('aborted')
    expect(standIn.sessions.created).toBe(0)
  })

  it('refuses a chat that does not end with a user message', async () => {
    const { provider } = setup()
    expect(await failure(provider.chat(chat.slice(0, 3)))).toMatchObject({ code: 'bad-response' })
  })
})
