// Page contents and AI chats: metadata in the library, HTML and messages in body docs of their own,
// read only when asked for. Opening the library and listing never read a body.
import { afterEach, describe, expect, it } from 'vitest'
import type { AiChatMessage } from '../domain/entities/ai-chat'
import { ObjectStore } from '../domain/entities/object-store'
import { FIXTURE_NOW, createPageContentFixture } from '../testing/factories'
import { uniqueDatabaseName, trackTestStores } from '../testing/store-harness'
import { asBookmark, asChat, asMark, asPageContent } from '../testing/stored-fixtures'
import { createIndexeddbBodyStore, type BodyStore } from './body-docs'
import { BodyKind } from './library-schema'
import type { LibraryChange } from './local-store'
import { TransactionOrigin } from './origins'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)
const message = (role: AiChatMessage['role'], content: string): AiChatMessage => ({
  role,
  content,
  createdAt: FIXTURE_NOW,
})

/** A body store that records every read. */
function createSpyBodyStore(databaseName: string) {
  const real = createIndexeddbBodyStore(databaseName)
  const reads: string[] = []
  const bodies: BodyStore = {
    ...real,
    readPageContent: (id) => {
      reads.push(`pagecontent:${id}`)
      return real.readPageContent(id)
    },
    readChatMessages: (id) => {
      reads.push(`aichat:${id}`)
      return real.readChatMessages(id)
    },
  }
  return { bodies, reads }
}

describe('page contents', () => {
  it('keeps the HTML apart: metadata with its length in the library, the body by URL', async () => {
    const { store } = await harness()
    const html = '<article><h1>Title</h1><p>Body</p></article>'
    const result = await store.createOrUpdateEntities([
      asPageContent({ _id: 'p1', url: 'https://www.example.com/read/', content: html }),
    ])
    expect(result.saved).toEqual(['p1'])
    expect(store.pageContents.map.get('p1')).not.toHaveProperty('content')
    expect(store.getAllPageContents()).toEqual([
      expect.objectContaining({ _id: 'p1', length: html.length }),
    ])
    for (const url of [
      'https://www.example.com/read/',
      'http://example.com/read',
      'https://example.com/read#part',
    ]) {
      expect(await store.getPageContentForUrl(url), url).toMatchObject({ _id: 'p1', content: html })
    }
    expect(await store.getPageContentForUrl('https://example.com/other')).toBeUndefined()
    expect(store.getPageContentSizeUsedInBytes()).toBe(html.length)
  })

  it('keeps the body and its length when only the metadata changes', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asPageContent({ _id: 'p1', content: '<p>body</p>' })])
    await store.createOrUpdateEntities([
      { ...asPageContent({ _id: 'p1', title: 'Renamed' }), content: undefined, length: undefined },
    ])
    expect(await store.getPageContentForUrl(createPageContentFixture().url)).toMatchObject({
      title: 'Renamed',
      length: '<p>body</p>'.length,
      content: '<p>body</p>',
    })
  })

  it('gives the metadata alone when no body is stored yet', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities(
      [{ ...asPageContent({ _id: 'p1', url: 'https://example.com/x' }), content: undefined }],
      TransactionOrigin.REMOTE,
    )
    const content = await store.getPageContentForUrl('https://example.com/x')
    expect(content?._id).toBe('p1')
    expect(content).not.toHaveProperty('content')
  })

  it('adds up the lengths of live page contents only', async () => {
    const { store } = await harness()
    expect(store.getPageContentSizeUsedInBytes()).toBe(0)
    await store.createOrUpdateEntities([
      asPageContent({ _id: 'p1', url: 'https://example.com/1', content: 'a'.repeat(100) }),
      asPageContent({ _id: 'p2', url: 'https://example.com/2', content: 'b'.repeat(50) }),
      asPageContent({
        _id: 'p3',
        url: 'https://example.com/3',
        content: 'c'.repeat(25),
        lastSync: FIXTURE_NOW + 1,
      }),
    ])
    expect(store.getPageContentSizeUsedInBytes()).toBe(175)
    await store.markEntitiesAsDeleted([
      { _id: 'p1', _objectStore: ObjectStore.PAGE_CONTENTS },
      { _id: 'p3', _objectStore: ObjectStore.PAGE_CONTENTS },
    ])
    expect(store.getPageContentSizeUsedInBytes()).toBe(50)
  })
})

describe('AI chats', () => {
  it('keeps messages apart and finds the chat by the bookmark or mark it is about', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'b1' }),
      asMark({ _id: 'm1', _bookmark: 'b1' }),
      asChat({ _id: 'c-b', _referenceId: 'b1' }),
      asChat({
        _id: 'c-m',
        _referenceId: 'm1',
        _referenceObjectStore: 'marks',
        messages: [message('user', 'about the mark')],
      }),
    ])
    expect(store.aiChats.map.get('c-b')).not.toHaveProperty('messages')
    expect(store.getAllAiChats().every((chat) => chat.messages === undefined)).toBe(true)

    expect(await store.getAiChatByReferenceId('b1')).toMatchObject({
      _id: 'c-b',
      messages: [{ role: 'user' }, { role: 'assistant' }],
    })
    expect((await store.getAiChatByReferenceId('m1'))?.messages).toEqual([
      message('user', 'about the mark'),
    ])
    expect(await store.getAiChatByReferenceId('nothing')).toBeUndefined()
  })

  it('keeps messages when only the metadata changes, and replaces them when given', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asChat({ _id: 'c1', _referenceId: 'b1' })])
    await store.createOrUpdateEntities([
      {
        ...asChat({ _id: 'c1', _referenceId: 'b1', wasUpdatedLastFromAppType: 'webapp' }),
        messages: undefined,
      },
    ])
    expect(await store.getAiChatByReferenceId('b1')).toMatchObject({
      wasUpdatedLastFromAppType: 'webapp',
      messages: [{ role: 'user' }, { role: 'assistant' }],
    })

    const longer = [
      message('user', 'What is this page about?'),
      message('assistant', 'It explains how to highlight.'),
      message('user', 'And then?'),
    ]
    await store.createOrUpdateEntities([
      asChat({ _id: 'c1', _referenceId: 'b1', messages: longer }),
    ])
    expect((await store.getAiChatByReferenceId('b1'))?.messages).toEqual(longer)

    const rewritten = [message('user', 'Start over')]
    await store.setAiChatMessages('c1', rewritten)
    expect((await store.getAiChatByReferenceId('b1'))?.messages).toEqual(rewritten)
    await store.setAiChatMessages('c1', [])
    expect((await store.getAiChatByReferenceId('b1'))?.messages).toEqual([])
  })

  it('makes a chat pending for sync and tells observers when only its messages change', async () => {
    const { store, clock } = await harness()
    await store.createOrUpdateEntities([asChat({ _id: 'c1', _referenceId: 'b1' })])
    await store.createOrUpdateEntities(
      [{ ...store.getEntityById('c1'), lastSync: FIXTURE_NOW + 1 }],
      TransactionOrigin.REMOTE,
    )
    expect(await store.getEntitiesThatNeedSync()).toEqual([])
    const changes: LibraryChange[] = []
    store.observe((change) => changes.push(change))

    clock.advance(1000)
    const messages = [message('user', 'one more question')]
    await store.setAiChatMessages('c1', messages)
    expect(changes).toEqual([{ stores: ['aichats'], local: true, opened: false }])
    const pending = await store.getEntitiesThatNeedSync()
    expect(pending).toEqual([
      expect.objectContaining({ _id: 'c1', updatedAt: FIXTURE_NOW + 1000, messages }),
    ])
  })

  it('refuses invalid messages and keeps the stored ones; writes the body of an unknown chat', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asChat({ _id: 'c1', _referenceId: 'b1' })])
    await expect(
      store.setAiChatMessages('c1', [{ role: 'robot', content: 'beep' } as never]),
    ).rejects.toThrow(/role/)
    expect((await store.getAiChatByReferenceId('b1'))?.messages).toHaveLength(2)

    await store.setAiChatMessages('not-yet', [message('user', 'early')])
    expect(await store.bodies.readChatMessages('not-yet')).toEqual([message('user', 'early')])
    expect(store.getEntityById('not-yet')).toBeUndefined()
  })

  it('appends to a chat body, and deletes it', async () => {
    const databaseName = uniqueDatabaseName()
    const bodies = createIndexeddbBodyStore(databaseName)
    const base = [message('user', 'q1'), message('assistant', 'a1')]
    await bodies.writeChatMessages('c1', base)
    await bodies.writeChatMessages('c1', [...base, message('user', 'q2')])
    expect(await bodies.readChatMessages('c1')).toEqual([...base, message('user', 'q2')])
    await bodies.delete(BodyKind.AI_CHAT, 'c1')
    expect(await bodies.readChatMessages('c1')).toEqual([])
  })
})

describe('bodies stay closed', () => {
  it('opening the library and listing never read a page content or chat body', async () => {
    const databaseName = uniqueDatabaseName()
    const spy = createSpyBodyStore(databaseName)
    const { store, reopen } = await harness({ databaseName, bodies: spy.bodies })
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'b1' }),
      asPageContent({ _id: 'p1', content: '<p>one</p>' }),
      asPageContent({ _id: 'p2', url: 'https://example.com/2', content: '<p>two</p>' }),
      asChat({ _id: 'c1', _referenceId: 'b1' }),
    ])
    expect(spy.reads).toEqual([])

    const reopened = await reopen()
    expect(spy.reads).toEqual([])
    expect(reopened.getAllPageContents()).toHaveLength(2)
    expect(reopened.getAllAiChats()).toHaveLength(1)
    expect(reopened.getPageContentSizeUsedInBytes()).toBe('<p>one</p>'.length + '<p>two</p>'.length)
    expect(reopened.getAllEntities().pagecontents).toHaveLength(2)
    expect(reopened.getAllCount()).toMatchObject({ pagecontents: 2, aichats: 1 })
    await reopened.createOrUpdateEntities([
      {
        ...asPageContent({ _id: 'p2', url: 'https://example.com/2', title: 'new title' }),
        content: undefined,
      },
    ])
    expect(spy.reads).toEqual([])

    // Asking for a body reads exactly that body.
    expect((await reopened.getPageContentForUrl('https://example.com/2'))?.content).toBe(
      '<p>two</p>',
    )
    expect(spy.reads).toEqual(['pagecontent:p2'])
  })
})
