import { describe, expect, it } from 'vitest'
import { AiChatSchema, createAiChat, createAiChatMessage, mergeAiChatMessages } from './ai-chat'

const NOW = 1_700_000_000_000
const BASE = { _id: 'c1', _referenceId: 'b1' }

describe('createAiChat', () => {
  it('is an empty chat about a bookmark, created at now', () => {
    expect(createAiChat(BASE, NOW)).toEqual({
      ...BASE,
      _objectStore: 'aichats',
      _referenceObjectStore: 'bookmarks',
      messages: [],
      createdAt: NOW,
      updatedAt: NOW,
    })
  })

  it('takes a highlight reference, messages and the app type', () => {
    const chat = createAiChat(
      {
        ...BASE,
        _referenceObjectStore: 'marks',
        messages: [
          createAiChatMessage('user', 'Why?', NOW),
          { role: 'assistant', content: 'Because.' },
        ],
        wasUpdatedLastFromAppType: 'webapp',
      },
      NOW,
    )
    expect(chat._referenceObjectStore).toBe('marks')
    expect(chat.messages).toMatchObject([
      { role: 'user', content: 'Why?', createdAt: NOW },
      { role: 'assistant', content: 'Because.' },
    ])
  })
})

describe('AiChatSchema', () => {
  const valid = createAiChat(BASE, NOW)

  it('accepts its defaults unchanged, a chat without messages, and unknown keys', () => {
    expect(AiChatSchema.parse(valid)).toEqual(valid)
    const { messages: _messages, ...metadata } = valid
    expect(AiChatSchema.parse(metadata).messages).toBeUndefined()
    expect(AiChatSchema.parse({ ...valid, model: 'nano' }).model).toBe('nano')
    expect(
      AiChatSchema.parse({ ...valid, messages: [{ role: 'user', content: 'a', tokens: 3 }] })
        .messages?.[0]?.tokens,
    ).toBe(3)
  })

  it.each([
    ['_referenceId', undefined],
    ['_referenceObjectStore', 'tags'],
    ['messages', [{ role: 'bot', content: 'a' }]],
    ['messages', [{ role: 'user', content: 1 }]],
    ['messages', [{ role: 'user', content: 'a', createdAt: 'now' }]],
    ['wasUpdatedLastFromAppType', 3],
  ])('rejects %s = %j', (key, value) => {
    expect(AiChatSchema.safeParse({ ...valid, [key]: value }).success).toBe(false)
  })
})

describe('mergeAiChatMessages', () => {
  it('keeps every message once, by id (or role, time and text without one), ordered by time', () => {
    const a = createAiChatMessage('user', 'A', NOW + 1)
    const b = createAiChatMessage('user', 'B', NOW + 2)
    const old = { role: 'assistant' as const, content: 'Old', createdAt: NOW }
    const merged = mergeAiChatMessages([
      [old, b],
      [{ ...old }, a, b],
    ])
    expect(merged.map((message) => message.content)).toEqual(['Old', 'A', 'B'])
    expect(a.id).not.toBe(b.id)
  })

  it('drops the messages written at or before a clear', () => {
    const before = createAiChatMessage('user', 'Before', NOW)
    const after = createAiChatMessage('user', 'After', NOW + 1)
    expect(mergeAiChatMessages([[before, after]], NOW)).toEqual([after])
  })
})
