// The AI daily limits are counted from the synced library (docs/adr/047-ai-logic.md): a summary
// saved and a chat message sent on one device use up the day's allowance on the other device of
// the same account once both have synced through a real relay, while the page already summarized
// and the chat already written in stay allowed. Dates come from the fixed test clock.
import {
  AiSummaryStatus,
  ObjectStore,
  SyncState,
  aiChatAllowance,
  aiSummaryAllowance,
  createAiSummary,
  createBookmark,
  planHasUnlimitedAi,
  Plan,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { relayForSuite } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { TEST_NOW } from '../src/test-clock'

describe('AI daily limits across two devices', () => {
  const devices: SyncDevice[] = []
  const relay = relayForSuite(devices)

  it("shares one day's summary and chat between the devices of one account", async () => {
    const token = await registerAccount(relay().url, 'ai-limits@example.com')
    const laptop = await openDevice(relay().url, token, 'laptop-ai')
    const phone = await openDevice(relay().url, token, 'phone-ai')
    devices.push(laptop, phone)
    const pages = ['b1', 'b2'].map((id) => ({
      ...createBookmark(
        { _id: id, url: `https://example.com/${id}`, title: id, isStarred: true },
        TEST_NOW,
      ),
      _objectStore: ObjectStore.BOOKMARKS,
    }))
    await laptop.store.createOrUpdateEntities(pages)
    await laptop.store.saveAiSummary(
      'b1',
      createAiSummary({ text: '- A point', status: AiSummaryStatus.COMPLETE }, TEST_NOW),
    )
    // A chat counts once it is answered (a failed turn's question alone does not).
    await laptop.store.appendAiChatMessages(
      'b1',
      [
        { role: 'user', content: 'What is it about?', createdAt: TEST_NOW },
        { role: 'assistant', content: 'About tides.', createdAt: TEST_NOW },
      ],
      TEST_NOW,
    )
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect((await phone.engine.sync()).state).toBe(SyncState.UP_TO_DATE)

    const limited = !planHasUnlimitedAi(Plan.FREE)
    const bookmarks = phone.store.getAllBookmarks()
    expect(phone.store.getBookmark('b1')?.aiSummary?.text).toBe('- A point')
    expect(aiSummaryAllowance(bookmarks, 'b1', TEST_NOW, !limited).allowed).toBe(true)
    expect(aiSummaryAllowance(bookmarks, 'b2', TEST_NOW, !limited)).toEqual({
      allowed: false,
      usedToday: 1,
      limit: 1,
      unlimited: false,
    })
    const chats = phone.store.getAllAiChats()
    expect((await phone.store.getAiChatByReferenceId('b1'))?.messages).toHaveLength(2)
    expect(aiChatAllowance(chats, 'b1', TEST_NOW, !limited).allowed).toBe(true)
    expect(aiChatAllowance(chats, 'b2', TEST_NOW, !limited).allowed).toBe(false)
    expect(aiChatAllowance(chats, 'library', TEST_NOW, !limited).allowed).toBe(false)
    // The next local day starts afresh; an unlimited plan is never stopped.
    const tomorrow = TEST_NOW + 24 * 60 * 60 * 1000
    expect(aiSummaryAllowance(bookmarks, 'b2', tomorrow, !limited).allowed).toBe(true)
    expect(aiChatAllowance(chats, 'b2', tomorrow, !limited).allowed).toBe(true)
    expect(
      aiSummaryAllowance(bookmarks, 'b2', TEST_NOW, planHasUnlimitedAi(Plan.ULTIMATE)),
    ).toMatchObject({
      allowed: true,
    })
  })
})
