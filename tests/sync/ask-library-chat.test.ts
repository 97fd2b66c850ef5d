// Ask your library's conversation is the library chat (aichats, `_referenceId` 'library') and
// syncs like a page's chat through a real relay: an answer's saved citations (the passages it
// cites, docs/adr/049-ai-chat-and-ask-your-library-in-the-web-app.md) arrive whole on the other
// device, so its links and sources show there as they did where it was asked.
import {
  ASK_LIBRARY_CHAT_REFERENCE_ID,
  AiChatRole,
  SyncState,
  createAiChatMessage,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { relayForSuite } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { TEST_NOW } from '../src/test-clock'

describe('Ask your library across two devices', () => {
  const devices: SyncDevice[] = []
  const relay = relayForSuite(devices)

  it('brings the library chat with its cited passages to the other device', async () => {
    const token = await registerAccount(relay().url, 'ask-library@example.com')
    const laptop = await openDevice(relay().url, token, 'laptop-ask')
    const phone = await openDevice(relay().url, token, 'phone-ask')
    devices.push(laptop, phone)
    const cited = {
      number: 1,
      markId: 'mark-spacing',
      bookmarkId: 'page-memory',
      title: 'How memory works',
      url: 'https://mind.example.org/memory',
      text: 'Spaced repetition strengthens long-term memory.',
      note: 'Use it for vocabulary.',
    }
    const question = createAiChatMessage(AiChatRole.USER, 'How does spacing help?', TEST_NOW)
    const answer = {
      ...createAiChatMessage(AiChatRole.ASSISTANT, 'It strengthens memory [1].', TEST_NOW + 1),
      citedPassages: [cited],
    }
    await laptop.store.appendAiChatMessages(ASK_LIBRARY_CHAT_REFERENCE_ID, [question], TEST_NOW)
    await laptop.store.appendAiChatMessages(ASK_LIBRARY_CHAT_REFERENCE_ID, [answer], TEST_NOW + 1)
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect((await phone.engine.sync()).state).toBe(SyncState.UP_TO_DATE)

    const chat = await phone.store.getAiChatByReferenceId(ASK_LIBRARY_CHAT_REFERENCE_ID)
    expect(chat?.messages).toEqual([question, answer])
    // The day's chat is used when a reply is saved (a failed turn does not use it up, ADR 047).
    expect(chat?.lastUserMessageAt).toBe(TEST_NOW + 1)
  })
})
