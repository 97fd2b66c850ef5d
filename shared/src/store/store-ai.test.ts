// The AI writes of the store: a complete summary saved on its bookmark (every other field kept,
// anything else refused), chat messages appended to a page's chat (created when missing) with
// lastUserMessageAt for the daily limit, and both reachable as extension store calls.
import { afterEach, describe, expect, it } from 'vitest'
import { aiSummaryAllowance } from '../ai/daily-limits'
import { createAiSummary } from '../domain/entities/ai-summary'
import { ObjectStore } from '../domain/entities/object-store'
import { runStoreCall, storeCallMessage, InvalidCallError } from '../messaging/store-calls'
import { FIXTURE_NOW } from '../testing/factories'
import { trackTestStores } from '../testing/store-harness'
import { asBookmark, asMark } from '../testing/stored-fixtures'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)

const complete = (text: string, now = FIXTURE_NOW) =>
  createAiSummary({ text, type: 'tldr', length: 'short', status: 'complete' }, now)

async function storeWithPage() {
  const opened = await harness()
  await opened.store.createOrUpdateEntities([
    asBookmark({ _id: 'b1', title: 'Sleep', tags: ['science'], isStarred: true }),
    asMark({ _id: 'm1', _bookmark: 'b1', text: 'Deep sleep' }),
  ])
  return opened
}

describe('saveAiSummary', () => {
  it('saves a complete summary on the bookmark and keeps every other field', async () => {
    const { store, clock } = await storeWithPage()
    const before = store.getBookmark('b1')!
    clock.advance(60_000)
    await store.saveAiSummary('b1', complete('Short summary', clock.now()))
    const after = store.getBookmark('b1')!
    expect(after.aiSummary).toEqual({
      text: 'Short summary',
      createdAt: clock.now(),
      format: 'markdown',
      length: 'short',
      type: 'tldr',
      status: 'complete',
    })
    const { aiSummary: _summary, updatedAt: _u, modifiedAt: _m, ...rest } = after
    const { aiSummary: _none, updatedAt: _u0, modifiedAt: _m0, ...restBefore } = before
    expect(rest).toEqual(restBefore)
    expect(after.updatedAt).toBe(clock.now())
    const pending = await store.getEntitiesThatNeedSync()
    expect(pending.some((entity) => entity._id === 'b1')).toBe(true)
  })

  it('refuses a summary that is not complete, and a missing bookmark', async () => {
    const { store } = await storeWithPage()
    for (const status of ['none', 'setup', 'summarizing', 'failed'] as const) {
      await expect(
        store.saveAiSummary('b1', createAiSummary({ text: 'x', status }, FIXTURE_NOW)),
      ).rejects.toThrow('Only a complete AI summary is saved')
    }
    expect(store.getBookmark('b1')!.aiSummary).toBeUndefined()
    await expect(store.saveAiSummary('nope', complete('x'))).rejects.toThrow('No page with id nope')
  })
})

describe('the AI daily limits’ reads', () => {
  it('keep a deleted page whose summary was made today (its tombstone) for the count', async () => {
    const { store, clock } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'b1', title: 'Sleep', isStarred: true, lastSync: FIXTURE_NOW }),
    ])
    clock.advance(60_000)
    await store.saveAiSummary('b1', complete('Short', clock.now()))
    await store.markEntitiesAsDeleted([{ _id: 'b1', _objectStore: ObjectStore.BOOKMARKS }])
    expect(store.getAllBookmarks()).toEqual([])
    const counted = store.getBookmarksForAiLimits()
    expect(aiSummaryAllowance(counted, 'b2', clock.now(), false)).toMatchObject({
      allowed: false,
      usedToday: 1,
    })
  })
})

describe('appendAiChatMessages', () => {
  it('creates the chat about a page, then appends, setting lastUserMessageAt when a reply is saved', async () => {
    const { store, clock } = await storeWithPage()
    const asked = clock.now()
    const created = await store.appendAiChatMessages(
      'b1',
      [{ role: 'user', content: 'What is it about?', createdAt: asked }],
      asked,
    )
    expect(created).toMatchObject({
      _referenceId: 'b1',
      _referenceObjectStore: ObjectStore.BOOKMARKS,
      createdAt: asked,
    })
    // The question alone (a turn that may yet fail) does not use up the day's chat.
    expect(created.lastUserMessageAt).toBeUndefined()
    clock.advance(5_000)
    const answered = clock.now()
    await store.appendAiChatMessages(
      'b1',
      [{ role: 'assistant', content: 'Sleep.', createdAt: clock.now() }],
      clock.now(),
    )
    const chat = (await store.getAiChatByReferenceId('b1'))!
    expect(chat._id).toBe(created._id)
    expect(chat.lastUserMessageAt).toBe(answered)
    expect(chat.messages?.map((message) => message.content)).toEqual([
      'What is it about?',
      'Sleep.',
    ])
    expect(store.getAllAiChats()).toHaveLength(1)

    clock.advance(5_000)
    await store.appendAiChatMessages(
      'b1',
      [{ role: 'user', content: 'More?', createdAt: clock.now() }],
      clock.now(),
    )
    expect(store.getAllAiChats()[0]!.lastUserMessageAt).toBe(answered)
    // A turn cancelled before any text saves only the note: still not counted.
    await store.appendAiChatMessages(
      'b1',
      [{ role: 'assistant', content: 'Cancelled by user', createdAt: clock.now() }],
      clock.now(),
    )
    expect(store.getAllAiChats()[0]!.lastUserMessageAt).toBe(answered)
    expect((await store.getAiChatByReferenceId('b1'))!.messages).toHaveLength(4)
  })

  it("keeps Ask your library's chat under the reference 'library'", async () => {
    const { store } = await harness()
    await store.appendAiChatMessages(
      'library',
      [{ role: 'user', content: 'Q', createdAt: FIXTURE_NOW }],
      FIXTURE_NOW,
    )
    expect((await store.getAiChatByReferenceId('library'))!.messages).toEqual([
      { role: 'user', content: 'Q', createdAt: FIXTURE_NOW },
    ])
  })

  it('keeps the messages of a chat written concurrently from two calls', async () => {
    const { store } = await storeWithPage()
    await Promise.all([
      store.appendAiChatMessages('b1', [{ role: 'user', content: 'one' }], FIXTURE_NOW),
      store.appendAiChatMessages('b1', [{ role: 'user', content: 'two' }], FIXTURE_NOW),
    ])
    expect(store.getAllAiChats()).toHaveLength(1)
    const chat = (await store.getAiChatByReferenceId('b1'))!
    expect(chat.messages?.map((message) => message.content)).toEqual(['one', 'two'])
  })
})

describe('AI store calls (extension pages)', () => {
  it('saves a summary and appends chat messages through validated calls', async () => {
    const { store } = await storeWithPage()
    await runStoreCall(store, storeCallMessage('saveAiSummary', 'b1', complete('Via a call')))
    expect(store.getBookmark('b1')!.aiSummary?.text).toBe('Via a call')
    await runStoreCall(
      store,
      storeCallMessage(
        'appendAiChatMessages',
        'b1',
        [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
        ],
        7,
      ),
    )
    expect(store.getAllAiChats()[0]!.lastUserMessageAt).toBe(7)
  })

  it('refuses malformed AI calls before they reach the store', async () => {
    const { store } = await storeWithPage()
    const malformed = [
      { channel: 'inkmark:store', method: 'saveAiSummary', args: ['b1', { text: 1 }] },
      { channel: 'inkmark:store', method: 'appendAiChatMessages', args: ['b1', [], 1] },
      {
        channel: 'inkmark:store',
        method: 'appendAiChatMessages',
        args: ['b1', [{ role: 'root', content: 'x' }], 1],
      },
    ]
    for (const message of malformed) {
      await expect(runStoreCall(store, message)).rejects.toBeInstanceOf(InvalidCallError)
    }
    expect(store.getAllAiChats()).toEqual([])
  })
})
