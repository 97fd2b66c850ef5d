// One conversation per reference, on every device: a chat's id is derived from what it is about,
// the chats already made with random ids are read as one conversation with it, and a pulled copy
// of a chat (last writer wins per entity) never takes away the messages only this device has.
import { afterEach, describe, expect, it } from 'vitest'
import {
  aiChatIdFor,
  createAiChatMessage,
  type AiChat,
  type AiChatMessage,
} from '../domain/entities/ai-chat'
import { ObjectStore } from '../domain/entities/object-store'
import { FIXTURE_NOW } from '../testing/factories'
import { trackTestStores } from '../testing/store-harness'
import { asBookmark } from '../testing/stored-fixtures'
import type { LocalStore } from './local-store'
import { TransactionOrigin } from './origins'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)

async function device() {
  const opened = await harness()
  await opened.store.createOrUpdateEntities([
    asBookmark({ _id: 'b1', title: 'Sleep', isStarred: true }),
  ])
  return opened
}

const contents = (chat: AiChat | undefined) => chat?.messages?.map((message) => message.content)

/** What a REST pull of `from`'s chat about `referenceId` writes into `to`. */
async function pullChat(from: LocalStore, to: LocalStore, referenceId: string): Promise<void> {
  const chat = (await from.getAiChatByReferenceId(referenceId))!
  const stored = from.getStoredEntity({ _id: chat._id, _objectStore: ObjectStore.AI_CHATS })!
  const { lastSync: _l, ...record } = stored
  await to.createOrUpdateEntities(
    [{ ...record, messages: chat.messages, lastSync: chat.updatedAt }],
    TransactionOrigin.REMOTE,
  )
}

describe('one AI chat per reference', () => {
  it('gives the chat an id derived from its reference, the same on every device', async () => {
    const a = await device()
    const b = await device()
    const one = await a.store.appendAiChatMessages(
      'b1',
      [createAiChatMessage('user', 'Q', FIXTURE_NOW)],
      FIXTURE_NOW,
    )
    const two = await b.store.appendAiChatMessages(
      'library',
      [createAiChatMessage('user', 'Q', FIXTURE_NOW)],
      FIXTURE_NOW,
    )
    expect(one._id).toBe(aiChatIdFor('b1'))
    expect(two._id).toBe(aiChatIdFor('library'))
  })

  it('reads every live chat of a reference (older ones with random ids) as one conversation', async () => {
    const { store } = await device()
    const message = (content: string, at: number): AiChatMessage => ({
      role: 'user',
      content,
      createdAt: FIXTURE_NOW + at,
    })
    await store.createOrUpdateEntities([
      { _id: 'random-1', _objectStore: ObjectStore.AI_CHATS, _referenceId: 'b1', createdAt: 1 },
      { _id: 'random-2', _objectStore: ObjectStore.AI_CHATS, _referenceId: 'b1', createdAt: 2 },
    ])
    await store.setAiChatMessages('random-1', [message('first', 1), message('third', 3)])
    await store.setAiChatMessages('random-2', [message('second', 2)])
    expect(contents(await store.getAiChatByReferenceId('b1'))).toEqual(['first', 'second', 'third'])
    await store.appendAiChatMessages('b1', [message('fourth', 4)], FIXTURE_NOW + 4)
    expect(contents(await store.getAiChatByReferenceId('b1'))).toEqual([
      'first',
      'second',
      'third',
      'fourth',
    ])
  })

  it('keeps both devices’ messages when a pulled copy of the chat replaces this one', async () => {
    const a = await device()
    const b = await device()
    await a.store.appendAiChatMessages(
      'b1',
      [createAiChatMessage('user', 'From A', FIXTURE_NOW + 1)],
      FIXTURE_NOW + 1,
    )
    await b.store.appendAiChatMessages(
      'b1',
      [createAiChatMessage('user', 'From B', FIXTURE_NOW + 2)],
      FIXTURE_NOW + 2,
    )
    await pullChat(a.store, b.store, 'b1')
    expect(contents(await b.store.getAiChatByReferenceId('b1'))).toEqual(['From A', 'From B'])
    // B's merged chat goes back out, so A gets B's message at its next pull.
    const pending = await b.store.getEntitiesThatNeedSync()
    const chat = pending.find((entity) => entity._id === aiChatIdFor('b1'))
    expect(chat?.messages).toHaveLength(2)
    await pullChat(b.store, a.store, 'b1')
    expect(contents(await a.store.getAiChatByReferenceId('b1'))).toEqual(['From A', 'From B'])
  })

  it('takes a pulled copy’s messages into a chat this device’s newer copy wins over', async () => {
    const a = await device()
    await a.store.appendAiChatMessages(
      'b1',
      [createAiChatMessage('user', 'Mine', FIXTURE_NOW + 2)],
      FIXTURE_NOW + 2,
    )
    const theirs = createAiChatMessage('user', 'Theirs', FIXTURE_NOW + 1)
    await a.store.mergeAiChatMessages(aiChatIdFor('b1'), [theirs])
    expect(contents(await a.store.getAiChatByReferenceId('b1'))).toEqual(['Theirs', 'Mine'])
  })

  it('does not bring back the messages of a cleared conversation', async () => {
    const a = await device()
    const b = await device()
    const first = createAiChatMessage('user', 'Old', FIXTURE_NOW)
    await a.store.appendAiChatMessages('b1', [first], FIXTURE_NOW)
    await pullChat(a.store, b.store, 'b1')
    a.clock.advance(60_000)
    await a.store.setAiChatMessages(aiChatIdFor('b1'), [])
    await pullChat(a.store, b.store, 'b1')
    expect(contents(await b.store.getAiChatByReferenceId('b1'))).toEqual([])
  })
})
