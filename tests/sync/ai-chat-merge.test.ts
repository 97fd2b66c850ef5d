// Two devices of one account chat about the same page offline, then sync through a real relay:
// the chat has one id on both (derived from the page), and each device's messages survive the
// other's whole-chat push, merged by message id and ordered by time (docs/adr/047-ai-logic.md).
import {
  AiChatRole,
  ObjectStore,
  SyncState,
  aiChatIdFor,
  createAiChatMessage,
  createBookmark,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { relayForSuite } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { TEST_NOW } from '../src/test-clock'

describe('an AI chat written on two devices offline', () => {
  const devices: SyncDevice[] = []
  const relay = relayForSuite(devices)

  it('keeps both devices’ messages in one chat after both have synced', async () => {
    const token = await registerAccount(relay().url, 'ai-chat-merge@example.com')
    const laptop = await openDevice(relay().url, token, 'laptop-chat')
    const phone = await openDevice(relay().url, token, 'phone-chat')
    devices.push(laptop, phone)
    await laptop.store.createOrUpdateEntities([
      {
        ...createBookmark(
          { _id: 'b1', url: 'https://example.com/tides', title: 'Tides', isStarred: true },
          TEST_NOW,
        ),
        _objectStore: ObjectStore.BOOKMARKS,
      },
    ])
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect((await phone.engine.sync()).state).toBe(SyncState.UP_TO_DATE)

    const turn = (question: string, at: number) => [
      createAiChatMessage(AiChatRole.USER, question, at),
      createAiChatMessage(AiChatRole.ASSISTANT, `About ${question}`, at + 1),
    ]
    await laptop.store.appendAiChatMessages('b1', turn('laptop', TEST_NOW + 10), TEST_NOW + 10)
    await phone.store.appendAiChatMessages('b1', turn('phone', TEST_NOW + 20), TEST_NOW + 20)

    // Laptop pushes first; the phone's newer chat wins the pull and takes the laptop's messages
    // in before its push; the laptop then pulls the merged chat.
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect((await phone.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)

    const expected = ['laptop', 'About laptop', 'phone', 'About phone']
    for (const device of [laptop, phone]) {
      const chat = await device.store.getAiChatByReferenceId('b1')
      expect(chat?._id).toBe(aiChatIdFor('b1'))
      expect(chat?.messages?.map((message) => message.content)).toEqual(expected)
      expect(device.store.getAllAiChats()).toHaveLength(1)
    }
  })
})
