// Part (b) of the AI benchmark: the time to the first streamed token that Inkmark adds over the
// provider's own. The OpenAI-compatible stand-in server (a loopback HTTP server following the
// chat-completions SSE contract, from @inkmark/shared/testing) holds every answer's first chunk for
// a fixed delay; the same request is timed three ways, in rotating order: a raw fetch reading the
// SSE bytes until the first content delta (the provider's own time), the OpenAI-compatible
// provider's chat (the official client), and Inkmark's whole chat turn (the page's system prompt
// fitted to the budget, then the provider) until its first onText. The summary path is timed the
// same way (runSummary until its first onText, against a raw fetch of the same messages).
import {
  createOpenAiCompatibleProvider,
  fitChatToBudget,
  pageChatSystemPrompt,
  runChatTurn,
  runSummary,
  summaryInputFor,
  summaryPromptMessages,
  type AiChatMessage,
  type AiPromptMessage,
  type AiProvider,
} from '@inkmark/shared'
import { startOpenAiStandIn } from '@inkmark/shared/testing'
import { createRandom } from '../store/generate'

/** The stand-in's fixed wait before the first chunk. */
export const FIRST_TOKEN_DELAY_MS = 150
const MODEL = 'stand-in-model'
const REPLY_CHUNKS = ['The ', 'page ', 'says ', 'that ', 'sleep ', 'matters.']

export interface FirstTokenFigures {
  delayMs: number
  runs: number
  rawChat: number[]
  providerChat: number[]
  chatTurn: number[]
  rawSummary: number[]
  summary: number[]
  systemTokens: number
}

/** A long page: about 12,000 words, so the system message is cut to the budget. */
function longPage(): string {
  const random = createRandom(7)
  const words = ['sleep', 'memory', 'night', 'brain', 'study', 'rest', 'dream', 'hours', 'deep']
  return Array.from({ length: 12_000 }, (_, index) => {
    const word = words[Math.floor(random() * words.length)]!
    return index % 15 === 14 ? `${word}.` : word
  }).join(' ')
}

/** Reads an SSE response until its first non-empty content delta; resolves with the time. */
async function rawFirstToken(url: string, messages: readonly AiPromptMessage[]): Promise<number> {
  const start = performance.now()
  const response = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL, messages, stream: true }),
  })
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  let first: number | undefined
  for (;;) {
    const { done, value } = await reader.read()
    if (done) {
      break
    }
    buffered += decoder.decode(value, { stream: true })
    if (first === undefined) {
      for (const line of buffered.split('\n')) {
        if (line.startsWith('data: {') && /"content":"[^"]/.test(line)) {
          first = performance.now() - start
          break
        }
      }
    }
  }
  if (first === undefined) {
    throw new Error('the stand-in sent no content')
  }
  return first
}

async function providerFirstToken(
  provider: AiProvider,
  messages: readonly AiPromptMessage[],
): Promise<number> {
  const start = performance.now()
  let first: number | undefined
  for await (const delta of provider.chat(messages)) {
    if (first === undefined && delta !== '') {
      first = performance.now() - start
    }
  }
  return first!
}

/** Runs part (b). */
export async function measureFirstToken(
  runs: number,
  log: (line: string) => void,
): Promise<FirstTokenFigures> {
  const standIn = await startOpenAiStandIn({
    defaultReply: { chunks: REPLY_CHUNKS, firstTokenDelayMs: FIRST_TOKEN_DELAY_MS },
  })
  try {
    const provider = createOpenAiCompatibleProvider({ baseUrl: standIn.url, model: MODEL })
    const page = longPage()
    const system = pageChatSystemPrompt({
      title: 'Why sleep matters',
      url: 'https://example.com/sleep',
      content: page,
      marks: [{ text: 'Deep sleep consolidates memory', notes: 'see the study' }],
    })
    const history: AiChatMessage[] = [
      { role: 'user', content: 'What is the page about?', createdAt: 1 },
      { role: 'assistant', content: 'It is about sleep and memory.', createdAt: 2 },
    ]
    const userText = 'What does it say about dreams?'
    // The prompt Inkmark sends, so that the raw fetch sends the same bytes.
    const { prompt: chatPrompt } = await fitChatToBudget({
      system,
      messages: [
        ...history.map(({ role, content }) => ({ role, content })),
        { role: 'user', content: userText },
      ],
      measure: (text) => provider.measureTokens(text, 'chat'),
      maxTokens: (await provider.inputQuota('chat')) ?? undefined,
    })
    const summaryText = await summaryInputFor(provider, page)
    const summaryMessages = summaryPromptMessages({
      text: summaryText,
      type: 'key-points',
      length: 'medium',
      context: "The page's title: Why sleep matters",
    })
    const systemTokens = await provider.measureTokens(chatPrompt[0]!.content, 'chat')

    const chatTurnFirst = async () => {
      const start = performance.now()
      let first: number | undefined
      await runChatTurn({
        provider,
        system,
        history,
        userText,
        now: Date.now,
        onText: () => {
          first ??= performance.now() - start
        },
      })
      return first!
    }
    const summaryFirst = async () => {
      const start = performance.now()
      let first: number | undefined
      await runSummary({
        provider,
        text: page,
        title: 'Why sleep matters',
        type: 'key-points',
        length: 'medium',
        now: Date.now,
        onStatus: () => undefined,
        onText: () => {
          first ??= performance.now() - start
        },
      })
      return first!
    }
    const figures: FirstTokenFigures = {
      delayMs: FIRST_TOKEN_DELAY_MS,
      runs,
      rawChat: [],
      providerChat: [],
      chatTurn: [],
      rawSummary: [],
      summary: [],
      systemTokens,
    }
    type Path = 'rawChat' | 'providerChat' | 'chatTurn' | 'rawSummary' | 'summary'
    const paths: [Path, () => Promise<number>][] = [
      ['rawChat', () => rawFirstToken(standIn.url, chatPrompt)],
      ['providerChat', () => providerFirstToken(provider, chatPrompt)],
      ['chatTurn', chatTurnFirst],
      ['rawSummary', () => rawFirstToken(standIn.url, summaryMessages)],
      ['summary', summaryFirst],
    ]
    // Warm up every path (connections, the client, JIT).
    for (const [, run] of paths) {
      await run()
    }
    log(
      `timing ${runs} first tokens on each of ${paths.length} paths (${FIRST_TOKEN_DELAY_MS} ms delay)`,
    )
    for (let run = 0; run < runs; run += 1) {
      for (let offset = 0; offset < paths.length; offset += 1) {
        const [name, path] = paths[(run + offset) % paths.length]!
        figures[name].push(await path())
      }
    }
    return figures
  } finally {
    await standIn.close()
  }
}
