import { describe, expect, it } from 'vitest'
import { estimateTokens } from '../domain/tokens'
import { createLibrarySearch } from '../search/library-search'
import { createScriptedAiProvider } from '../testing/scripted-ai-provider'
import { AI_CHAT_CANCELLED_BY_USER, ASK_LIBRARY_NOTHING_FOUND } from './ai-messages'
import { askLibraryPassageBudget, runAskLibrary } from './ask-library-turn'
import { citationSegmentsOfMessage, type PassageBookmark, type PassageMark } from './ask-library'
import { AiChatCancelReason } from './chat-turn'

/** Matches any message id (each message gets a random one). */
const anyId: unknown = expect.any(String)
const containing = (fields: object): unknown => expect.objectContaining(fields)

const bookmarks: PassageBookmark[] = [
  { _id: 'p1', url: 'https://example.com/sleep', title: 'Sleep science' },
]
const marks: PassageMark[] = [
  { _id: 'm1', _bookmark: 'p1', text: 'Melatonin rises in the evening.' },
  { _id: 'm2', _bookmark: 'p1', text: 'Caffeine blocks adenosine.', notes: 'no coffee late' },
]
function library() {
  const search = createLibrarySearch()
  search.syncWith(bookmarks, marks)
  return { search, marks, bookmarks }
}

describe('runAskLibrary', () => {
  it('answers from the passages and resolves its citations to the highlights', async () => {
    const provider = createScriptedAiProvider({ pieces: ['Melatonin rises at night ', '[1].'] })
    const texts: string[] = []
    const result = await runAskLibrary({
      ...library(),
      provider,
      question: 'What did I read about melatonin?',
      onText: (text) => texts.push(text),
      now: () => 9,
    })
    expect(texts.at(-1)).toBe('Melatonin rises at night [1].')
    expect(result.assistant).toEqual({
      id: anyId,
      role: 'assistant',
      content: 'Melatonin rises at night [1].',
      createdAt: 9,
      citations: [{ number: 1, markId: 'm1', bookmarkId: 'p1', title: 'Sleep science' }],
    })
    // Saved and read back (no passages in memory), the answer still links its citation.
    const saved = JSON.parse(JSON.stringify(result.assistant)) as typeof result.assistant
    expect(citationSegmentsOfMessage(saved)).toEqual([
      { kind: 'text', text: 'Melatonin rises at night ' },
      {
        kind: 'citation',
        number: 1,
        href: '/page/p1#mark-m1',
        passage: containing({
          markId: 'm1',
          bookmarkId: 'p1',
          title: 'Sleep science',
        }),
      },
      { kind: 'text', text: '.' },
    ])
    expect(result.user.content).toBe('What did I read about melatonin?')
    expect(result.passages.map((passage) => passage.markId)).toEqual(['m1'])
    expect(result.segments[1]).toMatchObject({ kind: 'citation', href: '/page/p1#mark-m1' })
    expect(provider.chats).toHaveLength(1)
    expect(provider.chats[0]?.[0]?.content).toContain('[1] From "Sleep science"')
    expect(provider.chats[0]?.[1]).toEqual({
      role: 'user',
      content: 'What did I read about melatonin?',
    })
  })

  it('says nothing was found without asking the provider', async () => {
    const provider = createScriptedAiProvider()
    const result = await runAskLibrary({
      ...library(),
      provider,
      question: 'What about volcanoes?',
      now: () => 1,
    })
    expect(result.nothingFound).toBe(true)
    expect(result.assistant.content).toBe(ASK_LIBRARY_NOTHING_FOUND)
    expect(result.segments).toEqual([{ kind: 'text', text: ASK_LIBRARY_NOTHING_FOUND }])
    expect(provider.chats).toEqual([])
  })

  it('keeps what streamed plus the note when cancelled', async () => {
    const controller = new AbortController()
    const provider = createScriptedAiProvider({
      pieces: ['Caffeine ', 'blocks it [1].'],
      beforePiece: (index) => {
        if (index === 1) {
          controller.abort(AiChatCancelReason.BY_USER)
        }
      },
    })
    const result = await runAskLibrary({
      ...library(),
      provider,
      question: 'caffeine',
      signal: controller.signal,
      now: () => 1,
    })
    expect(result.cancelled).toBe(AI_CHAT_CANCELLED_BY_USER)
    expect(result.assistant.content).toBe(`Caffeine\n\n${AI_CHAT_CANCELLED_BY_USER}`)
  })

  it("shrinks the passages' budget to a provider's smaller input quota", async () => {
    expect(await askLibraryPassageBudget(createScriptedAiProvider(), 'q')).toBe(6000)
    const small = createScriptedAiProvider({ inputQuota: 3000 })
    const budget = await askLibraryPassageBudget(small, 'q')
    expect(budget).toBeLessThan(2000)
    expect(budget).toBeGreaterThan(1500)
  })

  it('cuts an over-long question so the passages keep their room, and saves it as asked', async () => {
    const provider = createScriptedAiProvider({ pieces: ['Evening [1].'] })
    const padding = Array.from({ length: 6000 }, (_, i) => `word${i}`).join(' ')
    const question = `What did I read about melatonin? ${padding}`
    const result = await runAskLibrary({ ...library(), provider, question, now: () => 9 })
    expect(result.user.content).toBe(question)
    expect(result.passages.map((passage) => passage.markId)).toContain('m1')
    const sent = provider.chats[0]?.at(-1)?.content ?? ''
    expect(estimateTokens(sent)).toBeLessThanOrEqual(2000)
    expect(question.startsWith(sent)).toBe(true)
  })
})
