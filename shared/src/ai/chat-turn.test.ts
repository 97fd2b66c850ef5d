import { describe, expect, it } from 'vitest'
import type { AiChatMessage } from '../domain/entities/ai-chat'
import { createTestClock } from '../testing/store-harness'
import { createScriptedAiProvider } from '../testing/scripted-ai-provider'
import { AI_CHAT_CANCELLED_BY_NEW_MESSAGE, AI_CHAT_CANCELLED_BY_USER } from './ai-messages'
import { AiChatCancelReason, ChatTurns, runChatTurn } from './chat-turn'
import { AiError } from './ai-error'

/** Matches any message id (each message gets a random one). */
const anyId: unknown = expect.any(String)

/** A promise with its resolve, to hold a stream at a piece until the test lets it go on. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

describe('runChatTurn', () => {
  it('streams the reply and sends the system message, history and the new question', async () => {
    const clock = createTestClock()
    const provider = createScriptedAiProvider({ pieces: ['It is ', 'about sleep.'] })
    const history: AiChatMessage[] = [
      { role: 'user', content: 'Hi', createdAt: clock.now() },
      { role: 'assistant', content: 'Hello', createdAt: clock.now() },
    ]
    const texts: string[] = []
    const turn = await runChatTurn({
      provider,
      system: 'About a page',
      history,
      userText: 'What is it about?',
      onText: (text) => texts.push(text),
      now: clock.now,
    })
    expect(texts).toEqual(['It is ', 'It is about sleep.'])
    expect(turn).toEqual({
      user: {
        id: anyId,
        role: 'user',
        content: 'What is it about?',
        createdAt: clock.now(),
      },
      assistant: {
        id: anyId,
        role: 'assistant',
        content: 'It is about sleep.',
        createdAt: clock.now(),
      },
      dropped: 0,
    })
    expect(provider.chats).toEqual([
      [
        { role: 'system', content: 'About a page' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: 'What is it about?' },
      ],
    ])
  })

  it("keeps what streamed plus 'Cancelled by user' when the user stops it", async () => {
    const controller = new AbortController()
    const provider = createScriptedAiProvider({
      pieces: ['Part one.', ' Part two.'],
      beforePiece: (index) => {
        if (index === 1) {
          controller.abort(AiChatCancelReason.BY_USER)
        }
      },
    })
    const turn = await runChatTurn({
      provider,
      system: 'S',
      history: [],
      userText: 'Q',
      signal: controller.signal,
      now: () => 1,
    })
    expect(turn.cancelled).toBe(AI_CHAT_CANCELLED_BY_USER)
    expect(turn.assistant.content).toBe(`Part one.\n\n${AI_CHAT_CANCELLED_BY_USER}`)
  })

  it('throws a provider failure that is not a cancel', async () => {
    const failure = new AiError('rate-limited', 'Slow down', { retryAfterMs: 2000 })
    const provider = createScriptedAiProvider({ failWith: failure, failAfterPieces: 1 })
    await expect(
      runChatTurn({ provider, system: 'S', history: [], userText: 'Q', now: () => 1 }),
    ).rejects.toBe(failure)
  })
})

describe('ChatTurns', () => {
  it('saves the question when the turn starts and the reply when it ends', async () => {
    const saved: AiChatMessage[][] = []
    const turns = new ChatTurns({
      provider: createScriptedAiProvider({ pieces: ['Answer'] }),
      system: 'S',
      save: (messages) => {
        saved.push(messages)
        return Promise.resolve()
      },
      now: () => 5,
    })
    await turns.send('Question')
    expect(saved).toEqual([
      [{ id: anyId, role: 'user', content: 'Question', createdAt: 5 }],
      [{ id: anyId, role: 'assistant', content: 'Answer', createdAt: 5 }],
    ])
    expect(turns.messages.map((message) => message.content)).toEqual(['Question', 'Answer'])
    expect(turns.busy).toBe(false)
  })

  it("a new message cancels the running turn with 'Cancelled by sending new message', in order", async () => {
    const held = gate()
    const reached = gate()
    let calls = 0
    const provider = createScriptedAiProvider({
      pieces: ['First part.', ' Never sent.'],
      beforePiece: async (index) => {
        if (index === 1 && calls === 1) {
          reached.open()
          await held.opened
        }
      },
    })
    const chat = provider.chat.bind(provider)
    provider.chat = (messages, options) => {
      calls += 1
      return chat(messages, options)
    }
    const saved: string[] = []
    const turns = new ChatTurns({
      provider,
      system: 'S',
      save: (messages) => {
        saved.push(...messages.map((message) => `${message.role}: ${message.content}`))
        return Promise.resolve()
      },
      now: () => 1,
    })
    const first = turns.send('One')
    await reached.opened
    const second = turns.send('Two')
    held.open()
    expect((await first).cancelled).toBe(AI_CHAT_CANCELLED_BY_NEW_MESSAGE)
    expect((await second).cancelled).toBeUndefined()
    expect(saved).toEqual([
      'user: One',
      `assistant: First part.\n\n${AI_CHAT_CANCELLED_BY_NEW_MESSAGE}`,
      'user: Two',
      'assistant: First part. Never sent.',
    ])
    // The second turn was sent the first, cancelled one as its history.
    expect(provider.chats[1]?.slice(1).map((message) => message.content)).toEqual([
      'One',
      `First part.\n\n${AI_CHAT_CANCELLED_BY_NEW_MESSAGE}`,
      'Two',
    ])
  })

  it("cancel() stops the running turn with 'Cancelled by user'", async () => {
    const held = gate()
    const reached = gate()
    const provider = createScriptedAiProvider({
      pieces: ['Some', ' more'],
      beforePiece: async (index) => {
        if (index === 1) {
          reached.open()
          await held.opened
        }
      },
    })
    const turns = new ChatTurns({
      provider,
      system: 'S',
      save: () => Promise.resolve(),
      now: () => 1,
    })
    const turn = turns.send('Q')
    await reached.opened
    expect(turns.busy).toBe(true)
    turns.cancel()
    held.open()
    expect((await turn).assistant.content).toBe(`Some\n\n${AI_CHAT_CANCELLED_BY_USER}`)
  })

  it('saves the question of a failed turn but no reply', async () => {
    const saved: string[] = []
    const turns = new ChatTurns({
      provider: createScriptedAiProvider({ failWith: new AiError('network', 'Offline') }),
      system: 'S',
      save: (messages) => {
        saved.push(...messages.map((message) => message.content))
        return Promise.resolve()
      },
      now: () => 1,
    })
    await expect(turns.send('Q')).rejects.toMatchObject({ code: 'network' })
    expect(saved).toEqual(['Q'])
    expect(turns.busy).toBe(false)
  })
})
