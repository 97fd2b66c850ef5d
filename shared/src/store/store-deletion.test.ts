// Deletion through the local store: never-synced entities go at once, synced ones become
// tombstones (deletedAt) that every read skips and sync still sees, and the spec's cascades.
import { afterEach, describe, expect, it } from 'vitest'
import { entityValues } from './library-schema'
import { ObjectStore } from '../domain/entities/object-store'
import { FIXTURE_NOW, createChromeSettingsFixture } from '../testing/factories'
import { trackTestStores } from '../testing/store-harness'
import { asBookmark, asChat, asMark, asPageContent } from '../testing/stored-fixtures'
import type { EntityRef } from './deletion-plan'
import { CHROME_SETTINGS_ID, SCHEMA_VERSION } from './library-schema'
import type { LocalStore } from './local-store'
import { TransactionOrigin } from './origins'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)
const ids = (entities: readonly { _id: string }[]) => entities.map((entity) => entity._id).sort()
const ref = (_objectStore: ObjectStore, _id: string): EntityRef => ({ _id, _objectStore })

async function save(store: LocalStore, entities: readonly unknown[]): Promise<void> {
  const result = await store.createOrUpdateEntities(entities)
  expect(result.rejected).toEqual([])
}

/** Marks entities as synced at `time`, as the sync adapter does after a push. */
async function markSynced(store: LocalStore, refs: readonly EntityRef[], time: number) {
  await store.createOrUpdateEntities(
    refs.map((entry) => ({
      ...store.getEntityById(entry._id, entry._objectStore),
      lastSync: time,
    })),
    TransactionOrigin.REMOTE,
  )
}

const URL_A = 'https://www.example.com/a/'

/** A bookmark with two marks, a chat on the bookmark and one on a mark, and a page content. */
async function library(store: LocalStore, isStarred = false): Promise<void> {
  await save(store, [
    asBookmark({ _id: 'b1', url: URL_A, isStarred, tags: ['t'] }),
    asMark({ _id: 'm1', _bookmark: 'b1', url: URL_A, text: 'first needle', tags: ['t'] }),
    asMark({ _id: 'm2', _bookmark: 'b1', url: URL_A, text: 'second needle' }),
    asChat({ _id: 'c-bookmark', _referenceId: 'b1' }),
    asChat({ _id: 'c-mark', _referenceId: 'm1', _referenceObjectStore: 'marks' }),
    // The page content is found by URL: another spelling of the same page.
    asPageContent({ _id: 'p1', url: 'http://example.com/a#intro', content: '<p>body</p>' }),
    // An unrelated page that no deletion may touch.
    asBookmark({ _id: 'b-other', url: 'https://other.org/', origin: 'other.org', isStarred: true }),
    asPageContent({ _id: 'p-other', url: 'https://other.org/', content: '<p>other</p>' }),
  ])
}

describe('markEntitiesAsDeleted', () => {
  it('removes a never-synced entity outright', async () => {
    const { store } = await harness()
    await library(store, true)
    const result = await store.markEntitiesAsDeleted([ref('marks', 'm2')])
    expect(result).toEqual({ removed: [ref('marks', 'm2')], markedDeleted: [] })
    expect(store.marks.map.has('m2')).toBe(false)
    expect(ids(await store.getEntitiesThatNeedSync())).not.toContain('m2')
  })

  it('gives a synced entity deletedAt; it leaves every read, stays pending for sync, and deleteEntities removes it', async () => {
    const { store, clock } = await harness()
    await library(store, true)
    await markSynced(
      store,
      [ref('bookmarks', 'b1'), ref('marks', 'm1'), ref('marks', 'm2'), ref('pagecontents', 'p1')],
      FIXTURE_NOW + 1,
    )
    await markSynced(
      store,
      [ref('aichats', 'c-bookmark'), ref('aichats', 'c-mark')],
      FIXTURE_NOW + 1,
    )
    await markSynced(
      store,
      [ref('bookmarks', 'b-other'), ref('pagecontents', 'p-other')],
      FIXTURE_NOW + 1,
    )
    expect(await store.getEntitiesThatNeedSync()).toEqual([])

    clock.advance(60_000)
    const result = await store.markEntitiesAsDeleted([ref('bookmarks', 'b1')])
    expect(result.removed).toEqual([])
    expect(result.markedDeleted.map((entry) => entry._id).sort()).toEqual([
      'b1',
      'c-bookmark',
      'c-mark',
      'm1',
      'm2',
      'p1',
    ])
    const tombstone = store.bookmarks.get('b1')!
    expect(tombstone.deletedAt).toBe(FIXTURE_NOW + 60_000)
    expect(tombstone.modifiedAt).toBe(FIXTURE_NOW + 60_000)
    expect(tombstone.lastSync).toBe(FIXTURE_NOW + 1)

    // Gone from every read.
    expect(ids(store.getAllBookmarks())).toEqual(['b-other'])
    expect(store.getAllMarks()).toEqual([])
    expect(store.getAllAiChats()).toEqual([])
    expect(ids(store.getAllPageContents())).toEqual(['p-other'])
    expect(store.getBookmark('b1')).toBeUndefined()
    expect(store.getEntityById('m1')).toBeUndefined()
    expect(store.getEntityById('p1', ObjectStore.PAGE_CONTENTS)).toBeUndefined()
    expect(store.getBookmarkForUrl(URL_A)).toBeUndefined()
    expect(store.getMarksForBookmark('b1')).toEqual([])
    expect(store.getMarksForTag('t')).toEqual([])
    expect(store.getBookmarksForTag('t')).toEqual([])
    expect(store.getMarksForDomain('example.com')).toEqual([])
    expect(store.getBookmarksForDomain('example.com')).toEqual([])
    expect(store.getAllTags()).toEqual([])
    expect(store.getAllOrigins()).toEqual([{ origin: 'other.org', count: 1 }])
    expect(ids(store.getBookmarksWithCount())).toEqual(['b-other'])
    expect(store.getEntitiesForSearchValue('needle')).toMatchObject({ marks: [], notes: [] })
    expect(store.getAllCount()).toMatchObject({
      bookmarks: 1,
      marks: 0,
      aichats: 0,
      pagecontents: 1,
    })
    expect(store.getLastHighlightedMark()).toBeUndefined()
    expect(store.getLearningStatus().totalCards).toBe(0)
    expect(await store.getPageContentForUrl(URL_A)).toBeUndefined()
    expect(await store.getAiChatByReferenceId('b1')).toBeUndefined()
    expect(store.getAllEntities().pagecontents.map((entity) => entity._id)).toEqual(['p-other'])
    expect(store.getPageContentSizeUsedInBytes()).toBe('<p>other</p>'.length)

    // Still pending for sync, as tombstones without bodies.
    const pending = await store.getEntitiesThatNeedSync()
    expect(ids(pending)).toEqual(['b1', 'c-bookmark', 'c-mark', 'm1', 'm2', 'p1'])
    expect(pending.every((entity) => entity.deletedAt === FIXTURE_NOW + 60_000)).toBe(true)
    expect(pending.find((entity) => entity._id === 'p1')).not.toHaveProperty('content')
    expect(pending.find((entity) => entity._id === 'c-mark')).not.toHaveProperty('messages')

    // Deleting again changes nothing: a tombstone is not live.
    expect(await store.markEntitiesAsDeleted([ref('bookmarks', 'b1')])).toEqual({
      removed: [],
      markedDeleted: [],
    })

    // Sync confirmed the deletion: the tombstones go.
    await store.deleteEntities(result.markedDeleted)
    expect(await store.getEntitiesThatNeedSync()).toEqual([])
    for (const kind of Object.values(ObjectStore)) {
      for (const entity of entityValues(store.doc, kind)) {
        expect(['b-other', 'p-other']).toContain(entity._id)
      }
    }
  })

  it('deletes the last highlight of an unstarred bookmark together with the bookmark', async () => {
    const { store } = await harness()
    await library(store)
    await store.markEntitiesAsDeleted([ref('marks', 'm1')])
    expect(store.getBookmark('b1')).toBeDefined()
    expect(ids(store.getAllAiChats())).toEqual(['c-bookmark'])

    const result = await store.markEntitiesAsDeleted([ref('marks', 'm2')])
    expect(result.removed.map((entry) => entry._id).sort()).toEqual([
      'b1',
      'c-bookmark',
      'm2',
      'p1',
    ])
    expect(store.getBookmark('b1')).toBeUndefined()
    expect(ids(store.getAllPageContents())).toEqual(['p-other'])
  })

  it('deletes the bookmark once when all its highlights go in one call', async () => {
    const { store } = await harness()
    await library(store)
    const result = await store.markEntitiesAsDeleted([ref('marks', 'm1'), ref('marks', 'm2')])
    expect(result.removed.map((entry) => entry._id).sort()).toEqual([
      'b1',
      'c-bookmark',
      'c-mark',
      'm1',
      'm2',
      'p1',
    ])
  })

  // Regression: the planner skipped the last-highlight check when the refs ended in a ref it
  // skips (a repeated or already deleted mark), so the emptied bookmark stayed.
  it('deletes the emptied bookmark when the refs repeat a mark or name a deleted one', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1', url: URL_A }),
      asMark({ _id: 'm1', _bookmark: 'b1', url: URL_A }),
      asBookmark({ _id: 'b2', url: 'https://example.com/two' }),
      asMark({ _id: 'm2', _bookmark: 'b2', url: 'https://example.com/two' }),
    ])
    await store.markEntitiesAsDeleted([ref('marks', 'm1'), ref('marks', 'm1')])
    expect(store.getBookmark('b1')).toBeUndefined()
    await store.markEntitiesAsDeleted([ref('marks', 'm2'), ref('marks', 'm1')])
    expect(store.getBookmark('b2')).toBeUndefined()
  })

  it('keeps a starred bookmark when its last highlight goes', async () => {
    const { store } = await harness()
    await library(store, true)
    await store.markEntitiesAsDeleted([ref('marks', 'm1'), ref('marks', 'm2')])
    expect(store.getBookmark('b1')).toBeDefined()
    expect(store.getMarksForBookmark('b1')).toEqual([])
    expect(ids(store.getAllAiChats())).toEqual(['c-bookmark'])
    expect(ids(store.getAllPageContents())).toEqual(['p-other', 'p1'])
  })

  it('deletes a bookmark with its marks, chats and page content, bodies included', async () => {
    const { store } = await harness()
    await library(store, true)
    expect((await store.getPageContentForUrl(URL_A))?.content).toBe('<p>body</p>')
    expect(await store.bodies.readChatMessages('c-bookmark')).toHaveLength(2)

    const result = await store.markEntitiesAsDeleted([ref('bookmarks', 'b1')])
    expect(result.removed.map((entry) => entry._id).sort()).toEqual([
      'b1',
      'c-bookmark',
      'c-mark',
      'm1',
      'm2',
      'p1',
    ])
    expect(store.getAllMarks()).toEqual([])
    expect(store.getAllAiChats()).toEqual([])
    expect(await store.bodies.readPageContent('p1')).toBeUndefined()
    expect(await store.bodies.readChatMessages('c-bookmark')).toEqual([])
    expect(await store.bodies.readChatMessages('c-mark')).toEqual([])
    // The other page and its body are untouched.
    expect(await store.bodies.readPageContent('p-other')).toBe('<p>other</p>')
    expect(store.getBookmark('b-other')).toBeDefined()
  })

  it('removes never-synced parts of a cascade and marks synced parts deleted', async () => {
    const { store } = await harness()
    await library(store, true)
    await markSynced(store, [ref('bookmarks', 'b1'), ref('marks', 'm1')], FIXTURE_NOW + 1)
    const result = await store.markEntitiesAsDeleted([ref('bookmarks', 'b1')])
    expect(result.markedDeleted.map((entry) => entry._id).sort()).toEqual(['b1', 'm1'])
    expect(result.removed.map((entry) => entry._id).sort()).toEqual([
      'c-bookmark',
      'c-mark',
      'm2',
      'p1',
    ])
  })

  it('deletes a mark with the chat about it, and a page content or a chat on its own', async () => {
    const { store } = await harness()
    await library(store, true)
    await store.markEntitiesAsDeleted([ref('marks', 'm1')])
    expect(ids(store.getAllAiChats())).toEqual(['c-bookmark'])

    await store.markEntitiesAsDeleted([ref('pagecontents', 'p1'), ref('aichats', 'c-bookmark')])
    expect(ids(store.getAllPageContents())).toEqual(['p-other'])
    expect(store.getAllAiChats()).toEqual([])
    expect(store.getBookmark('b1')).toBeDefined()
    expect(await store.bodies.readPageContent('p1')).toBeUndefined()
  })

  it('ignores unknown ids and kinds that do not hold them', async () => {
    const { store } = await harness()
    await library(store, true)
    const before = store.getAllEntities()
    const result = await store.markEntitiesAsDeleted([
      ref('marks', 'nope'),
      ref('bookmarks', 'm1'),
      ref('chromesettings', CHROME_SETTINGS_ID),
    ])
    expect(result).toEqual({ removed: [], markedDeleted: [] })
    expect(store.getAllEntities()).toEqual(before)
  })

  it('deletes the settings record, after which the defaults apply again', async () => {
    const { store } = await harness()
    await store.updateChromeSettings({ preferredColorMode: 'light' })
    await store.markEntitiesAsDeleted([ref('chromesettings', CHROME_SETTINGS_ID)])
    expect(store.getChromeSettings().preferredColorMode).toBe('system')
  })
})

describe('deleteEntities', () => {
  it('removes live and deleted entities outright with their bodies, and no cascade', async () => {
    const { store } = await harness()
    await library(store)
    await store.deleteEntities([
      ref('bookmarks', 'b1'),
      ref('pagecontents', 'p1'),
      ref('aichats', 'c-mark'),
    ])
    expect(store.bookmarks.map.has('b1')).toBe(false)
    expect(ids(store.getAllMarks())).toEqual(['m1', 'm2'])
    expect(ids(store.getAllAiChats())).toEqual(['c-bookmark'])
    expect(await store.bodies.readPageContent('p1')).toBeUndefined()
    expect(await store.bodies.readChatMessages('c-mark')).toEqual([])
    expect(await store.bodies.readChatMessages('c-bookmark')).toHaveLength(2)
  })
})

describe('deleteUnreachablePageContents', () => {
  it('deletes page contents whose page has no live bookmark and keeps the others', async () => {
    const { store } = await harness()
    await save(store, [
      asBookmark({ _id: 'b1', url: URL_A, isStarred: true }),
      asPageContent({ _id: 'reachable', url: 'http://example.com/a', content: 'a' }),
      asPageContent({ _id: 'orphan', url: 'https://example.com/gone', content: 'b' }),
      asPageContent({
        _id: 'orphan-synced',
        url: 'https://example.com/gone-too',
        content: 'c',
        lastSync: FIXTURE_NOW + 1,
      }),
    ])
    expect(await store.deleteUnreachablePageContents()).toBe(2)
    expect(ids(store.getAllPageContents())).toEqual(['reachable'])
    expect(store.pageContents.get('orphan')).toBeUndefined()
    // Strictly after its last stamp (it was saved in the same millisecond).
    expect(store.pageContents.get('orphan-synced')?.deletedAt).toBe(FIXTURE_NOW + 1)
    expect(await store.bodies.readPageContent('orphan')).toBeUndefined()
    expect(await store.deleteUnreachablePageContents()).toBe(0)
  })
})

describe('clearDatabases', () => {
  it('removes every entity, tombstones and bodies included, and keeps the schema version', async () => {
    const { store, reopen } = await harness()
    await library(store)
    await save(store, [
      {
        ...createChromeSettingsFixture({ _id: CHROME_SETTINGS_ID }),
        _objectStore: 'chromesettings',
      },
    ])
    await markSynced(store, [ref('marks', 'm1')], FIXTURE_NOW + 1)
    await store.markEntitiesAsDeleted([ref('marks', 'm1')])
    expect(store.marks.map.has('m1')).toBe(true)

    await store.clearDatabases()
    for (const kind of Object.values(ObjectStore)) {
      expect(store.doc.getMap(kind).size, kind).toBe(0)
    }
    expect(await store.getEntitiesThatNeedSync()).toEqual([])
    expect(await store.bodies.readPageContent('p1')).toBeUndefined()
    expect(await store.bodies.readChatMessages('c-bookmark')).toEqual([])
    expect(store.getChromeSettings().preferredColorMode).toBe('system')

    const reopened = await reopen()
    expect(reopened.migration).toEqual({
      storedVersion: SCHEMA_VERSION,
      version: SCHEMA_VERSION,
      appliedSteps: [],
    })
    expect(reopened.getAllEntities()).toMatchObject({ bookmarks: [], marks: [] })
  })
})

describe('getEntitiesThatNeedSync', () => {
  it('lists what was created, updated or deleted after its lastSync, with bodies for live ones', async () => {
    const { store, clock } = await harness()
    await save(store, [
      asBookmark({ _id: 'b-new', isStarred: true }),
      asBookmark({ _id: 'b-synced', url: 'https://example.com/s', isStarred: true }),
      asBookmark({ _id: 'b-updated', url: 'https://example.com/u', isStarred: true }),
      asPageContent({ _id: 'p1', content: '<p>html</p>' }),
      asChat({ _id: 'c1', _referenceId: 'b-new' }),
    ])
    await markSynced(
      store,
      [ref('bookmarks', 'b-synced'), ref('bookmarks', 'b-updated')],
      FIXTURE_NOW + 1,
    )
    clock.advance(1000)
    await save(store, [{ ...store.getBookmark('b-updated'), title: 'changed' }])

    const pending = await store.getEntitiesThatNeedSync()
    expect(ids(pending)).toEqual(['b-new', 'b-updated', 'c1', 'p1'])
    expect(pending.find((entity) => entity._id === 'p1')).toMatchObject({
      content: '<p>html</p>',
      _objectStore: 'pagecontents',
    })
    expect(pending.find((entity) => entity._id === 'c1')).toMatchObject({
      messages: [{ role: 'user' }, { role: 'assistant' }],
    })
  })

  it('gives a page content without a stored body as metadata', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities(
      [{ ...asPageContent({ _id: 'p1' }), content: undefined, length: 5 }],
      TransactionOrigin.REMOTE,
    )
    const [pending] = await store.getEntitiesThatNeedSync()
    expect(pending).toMatchObject({ _id: 'p1', length: 5 })
    expect(pending).not.toHaveProperty('content')
  })
})
