import { describe, expect, it } from 'vitest'
import { estimateTokens } from '../domain/tokens'
import { fitChatToBudget, pageChatSystemPrompt } from './chat-budget'
import type { AiPromptMessage } from './ai-provider'

/** A text of exactly `tokens` estimated tokens (4 characters a token, one long word each 40). */
function textOf(tokens: number, letter = 'a'): string {
  const text = Array.from({ length: tokens / 10 }, () => letter.repeat(39)).join(' ')
  expect(estimateTokens(text)).toBe(tokens)
  return text
}
const measure = (text: string) => Promise.resolve(estimateTokens(text))
const user = (content: string): AiPromptMessage => ({ role: 'user', content })
const assistant = (content: string): AiPromptMessage => ({ role: 'assistant', content })
const total = (prompt: readonly AiPromptMessage[]) =>
  prompt.reduce((sum, message) => sum + estimateTokens(message.content), 0)

describe('pageChatSystemPrompt', () => {
  it('has the title, address, highlights with notes, then the text', () => {
    const prompt = pageChatSystemPrompt({
      title: 'Sleep and memory',
      url: 'https://example.com/sleep',
      content: 'Sleep consolidates memory.',
      marks: [
        { text: 'Deep sleep replays the day', notes: 'check the study' },
        { text: '', richText: [{ insert: 'a rich note' }] },
        { text: '  ' },
      ],
    })
    expect(prompt).toContain('Page title: Sleep and memory')
    expect(prompt).toContain('Page address: https://example.com/sleep')
    expect(prompt).toContain('- "Deep sleep replays the day" (the reader\'s note: check the study)')
    expect(prompt).toContain("- (image) (the reader's note: a rich note)")
    expect(prompt.indexOf('Deep sleep')).toBeLessThan(prompt.indexOf('Sleep consolidates'))
    expect(prompt.trimEnd().endsWith('Sleep consolidates memory.')).toBe(true)
  })

  it("cuts the page's text, not the highlights, to the 8,000-token system budget", () => {
    const prompt = pageChatSystemPrompt({
      title: 'Long',
      content: textOf(20_000, 'p'),
      marks: [{ text: 'the highlight survives' }],
    })
    expect(estimateTokens(prompt)).toBeLessThanOrEqual(8000)
    expect(estimateTokens(prompt)).toBeGreaterThan(7900)
    expect(prompt).toContain('the highlight survives')
  })
})

describe('fitChatToBudget', () => {
  it('keeps a short chat whole, system first', async () => {
    const messages = [user('Hi'), assistant('Hello'), user('What is it about?')]
    const { prompt, dropped } = await fitChatToBudget({ system: 'System', messages, measure })
    expect(prompt).toEqual([{ role: 'system', content: 'System' }, ...messages])
    expect(dropped).toBe(0)
  })

  it('stays within 9,216 less the 1,000 buffer, system at most 8,000', async () => {
    const { prompt } = await fitChatToBudget({
      system: textOf(10_000, 's'),
      messages: [user('Short question')],
      measure,
    })
    expect(estimateTokens(prompt[0]!.content)).toBeLessThanOrEqual(8000)
    expect(estimateTokens(prompt[0]!.content)).toBeGreaterThan(7900)
    expect(total(prompt)).toBeLessThanOrEqual(9216 - 1000)
  })

  it('cuts the system message so the conversation keeps 2,000 tokens', async () => {
    const messages = Array.from({ length: 13 }, (_, i) =>
      i % 2 === 0 ? user(textOf(300, 'u')) : assistant(textOf(300, 'r')),
    )
    const { prompt, dropped } = await fitChatToBudget({
      system: textOf(10_000, 's'),
      messages,
      measure,
    })
    const system = estimateTokens(prompt[0]!.content)
    expect(system).toBeLessThanOrEqual(9216 - 1000 - 2000)
    expect(system).toBeGreaterThan(9216 - 1000 - 2000 - 100)
    // About 2,000 tokens are left: the newest six messages (1,800) fit; the oldest of them is the
    // assistant's, dropped too, so that the chat sent starts with the user.
    expect(prompt.slice(1)).toEqual(messages.slice(8))
    expect(dropped).toBe(8)
    expect(total(prompt)).toBeLessThanOrEqual(9216 - 1000)
  })

  it('gives a short conversation all the room the system message can use', async () => {
    const { prompt } = await fitChatToBudget({
      system: textOf(10_000, 's'),
      messages: [user(textOf(500, 'u'))],
      measure,
    })
    // 8,216 less the 500 the conversation needs, under the system cap of 8,000.
    expect(estimateTokens(prompt[0]!.content)).toBeLessThanOrEqual(7716)
    expect(estimateTokens(prompt[0]!.content)).toBeGreaterThan(7600)
    expect(prompt).toHaveLength(2)
  })

  it('drops the oldest messages first', async () => {
    const messages = [
      user(textOf(1000, 'a')),
      assistant(textOf(1000, 'b')),
      user(textOf(1000, 'c')),
      assistant(textOf(1000, 'd')),
      user(textOf(1000, 'e')),
    ]
    const { prompt, dropped } = await fitChatToBudget({
      system: textOf(5000, 's'),
      messages,
      measure,
    })
    // 8,216 - 5,000 leaves 3,216: the newest three.
    expect(prompt.slice(1)).toEqual(messages.slice(2))
    expect(dropped).toBe(2)
  })

  it('cuts a new message that alone is over the budget instead of dropping it', async () => {
    const { prompt, dropped } = await fitChatToBudget({
      system: 'System',
      messages: [user(textOf(20_000, 'q'))],
      measure,
    })
    expect(prompt).toHaveLength(2)
    expect(total(prompt)).toBeLessThanOrEqual(8216)
    expect(dropped).toBe(0)
  })

  it("uses a provider's smaller input quota as the whole budget", async () => {
    const { prompt } = await fitChatToBudget({
      system: textOf(10_000, 's'),
      messages: [user('Question')],
      measure,
      maxTokens: 4096,
    })
    expect(total(prompt)).toBeLessThanOrEqual(4096 - 1000)
  })

  it('fails with quota-exceeded, not an empty prompt, when the quota has no room for the message', async () => {
    await expect(
      fitChatToBudget({ system: 'System', messages: [user('Question')], measure, maxTokens: 900 }),
    ).rejects.toMatchObject({ code: 'quota-exceeded' })
  })

  it('leaves out system messages of the history', async () => {
    const { prompt } = await fitChatToBudget({
      system: 'Now',
      messages: [{ role: 'system', content: 'Old system' }, user('Q')],
      measure,
    })
    expect(prompt).toEqual([
      { role: 'system', content: 'Now' },
      { role: 'user', content: 'Q' },
    ])
  })
})
