// Writes through the local store: stamps on local writes and none on remote ones, validation with
// reasons (invalid, missing-bookmark, quota-exceeded, storage-error) where nothing is stored, the
// unstar rule, settings updates, and observers hearing which kinds changed and from where.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { entityValues } from './library-schema'
import * as Y from 'yjs'
import { ObjectStore } from '../domain/entities/object-store'
import {
  FREE_PAGE_CONTENT_QUOTA_BYTES,
  PREMIUM_PAGE_CONTENT_QUOTA_BYTES,
  ULTIMATE_PAGE_CONTENT_QUOTA_BYTES,
  type QuotaPlan,
} from '../domain/storage-quota'
import { FIXTURE_NOW, createAiChatFixture, createPageContentFixture } from '../testing/factories'
import { uniqueDatabaseName, trackTestStores } from '../testing/store-harness'
import { asBookmark, asChat, asMark, asPageContent } from '../testing/stored-fixtures'
import { createIndexeddbBodyStore, type BodyStore } from './body-docs'
import { CHROME_SETTINGS_ID } from './library-schema'
import type { LibraryChange, LocalStore } from './local-store'
import { TransactionOrigin } from './origins'
import { RejectionReason } from './write-preparation'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)
/** An entity as a caller that never set the sync times would send it. */
function withoutTimes<T extends object>(entity: T): T {
  const copy = { ...entity } as Record<string, unknown>
  delete copy.updatedAt
  delete copy.modifiedAt
  return copy as T
}
const ids = (entities: readonly { _id: string }[]) => entities.map((entity) => entity._id)

/** Every stored entity of every kind, deleted ones too, as plain values. */
function everything(store: LocalStore): Record<string, unknown[]> {
  return Object.fromEntries(
    Object.values(ObjectStore).map((kind) => [kind, entityValues(store.doc, kind)]),
  )
}

describe('stamps', () => {
  it('a local create keeps createdAt, sets modifiedAt and leaves lastSync unset', async () => {
    const { store, clock } = await harness()
    clock.advance(60_000)
    const result = await store.createOrUpdateEntities([
      withoutTimes(asBookmark({ _id: 'b1', createdAt: FIXTURE_NOW })),
    ])
    expect(result).toEqual({ saved: ['b1'], rejected: [] })
    const stored = store.getBookmark('b1')!
    expect(stored.createdAt).toBe(FIXTURE_NOW)
    expect(stored.modifiedAt).toBe(FIXTURE_NOW + 60_000)
    expect(stored).not.toHaveProperty('updatedAt')
    expect(stored).not.toHaveProperty('lastSync')
    expect(stored._objectStore).toBe(ObjectStore.BOOKMARKS)
  })

  it('a local create without createdAt (settings) is created now', async () => {
    const { store, clock } = await harness()
    clock.advance(5)
    await store.createOrUpdateEntities([
      { _id: CHROME_SETTINGS_ID, _objectStore: ObjectStore.CHROME_SETTINGS },
    ])
    expect(store.getChromeSettings()).toMatchObject({
      createdAt: FIXTURE_NOW + 5,
      modifiedAt: FIXTURE_NOW + 5,
    })
  })

  it('a local update keeps the first createdAt and lastSync and sets updatedAt and modifiedAt', async () => {
    const { store, clock } = await harness()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b1', title: 'one' })])
    await store.createOrUpdateEntities(
      [{ ...store.getBookmark('b1'), lastSync: FIXTURE_NOW + 10 }],
      TransactionOrigin.REMOTE,
    )
    clock.advance(1000)
    await store.createOrUpdateEntities([
      withoutTimes(asBookmark({ _id: 'b1', title: 'two', createdAt: 42 })),
    ])
    expect(store.getBookmark('b1')).toMatchObject({
      title: 'two',
      createdAt: FIXTURE_NOW,
      updatedAt: FIXTURE_NOW + 1000,
      modifiedAt: FIXTURE_NOW + 1000,
      lastSync: FIXTURE_NOW + 10,
    })
  })

  it('a remote write is stored as given: no stamps added, its own times kept', async () => {
    const { store, clock } = await harness()
    clock.advance(1000)
    const remote = withoutTimes(asBookmark({ _id: 'b1', createdAt: 7, lastSync: 9 }))
    await store.createOrUpdateEntities([remote], TransactionOrigin.REMOTE)
    const stored = store.getBookmark('b1')!
    expect(stored).toMatchObject({ createdAt: 7, lastSync: 9 })
    expect(stored).not.toHaveProperty('updatedAt')
    expect(stored).not.toHaveProperty('modifiedAt')

    // An update from sync replaces the entity whole, without the local lastSync or stamps.
    await store.createOrUpdateEntities(
      [withoutTimes(asBookmark({ _id: 'b1', createdAt: 7, title: 'from sync' }))],
      TransactionOrigin.REMOTE,
    )
    const updated = store.getBookmark('b1')!
    expect(updated.title).toBe('from sync')
    expect(updated).not.toHaveProperty('lastSync')
    expect(updated).not.toHaveProperty('updatedAt')
  })

  it('fills the schema defaults of missing fields', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([
      { _id: 'b1', _objectStore: 'bookmarks', url: 'https://example.com/', createdAt: 1 },
    ])
    expect(store.getBookmark('b1')).toMatchObject({
      tags: [],
      isStarred: false,
      type: 'normal',
      permission: 'PRIVATE',
    })
  })
})

describe('rejections', () => {
  it('rejects invalid entities and unknown kinds with reason invalid and stores nothing of them', async () => {
    const { store } = await harness()
    const result = await store.createOrUpdateEntities([
      { ...asBookmark({ _id: 'bad-url' }), url: 42 },
      { ...asBookmark({ _id: 'bad-time' }), createdAt: 'yesterday' },
      { ...asBookmark(), _id: '' },
      { ...asMark({ _id: 'bad-color' }), color: 7 },
      { _id: 'x1', _objectStore: 'notes', text: 'hello' },
      { _id: 'x2', url: 'https://example.com/' },
      { ...asBookmark({ _id: 'wrong-kind' }), _objectStore: 'marks' },
      null,
      'a string',
      42,
      asBookmark({ _id: 'good' }),
    ])
    expect(result.saved).toEqual(['good'])
    expect(result.rejected.map((entry) => [entry._id, entry.reason])).toEqual([
      ['bad-url', 'invalid'],
      ['bad-time', 'invalid'],
      ['', 'invalid'],
      ['bad-color', 'invalid'],
      ['x1', 'invalid'],
      ['x2', 'invalid'],
      ['wrong-kind', 'invalid'],
      [undefined, 'invalid'],
      [undefined, 'invalid'],
      [undefined, 'invalid'],
    ])
    expect(result.rejected[0]?.message).toContain('url')
    expect(result.rejected[4]).toMatchObject({
      _objectStore: 'notes',
      message: "Unknown _objectStore 'notes'",
    })
    expect(result.rejected[5]?.message).toBe("Unknown _objectStore 'undefined'")
    expect(ids(store.getAllBookmarks())).toEqual(['good'])
    expect(everything(store)).toMatchObject({ marks: [], bookmarks: [expect.anything()] })
  })

  it('rejects a local mark whose bookmark does not exist or is deleted, with reason missing-bookmark', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'synced', isStarred: true, lastSync: FIXTURE_NOW + 1 }),
    ])
    await store.markEntitiesAsDeleted([{ _id: 'synced', _objectStore: ObjectStore.BOOKMARKS }])

    const result = await store.createOrUpdateEntities([
      asMark({ _id: 'orphan', _bookmark: 'nope' }),
      asMark({ _id: 'of-deleted', _bookmark: 'synced' }),
    ])
    expect(result.saved).toEqual([])
    expect(result.rejected).toEqual([
      {
        _id: 'orphan',
        _objectStore: 'marks',
        reason: RejectionReason.MISSING_BOOKMARK,
        message: 'The bookmark nope of this highlight does not exist',
      },
      expect.objectContaining({ _id: 'of-deleted', reason: 'missing-bookmark' }),
    ])
    expect(store.marks.map.size).toBe(0)
  })

  it('accepts a mark whose bookmark comes later in the same batch', async () => {
    const { store } = await harness()
    const result = await store.createOrUpdateEntities([
      asMark({ _id: 'm1', _bookmark: 'b1' }),
      asBookmark({ _id: 'b1' }),
    ])
    expect(result).toEqual({ saved: ['m1', 'b1'], rejected: [] })
    expect(ids(store.getMarksForBookmark('b1'))).toEqual(['m1'])
  })

  it('rejects a mark whose bookmark in the same batch was rejected', async () => {
    const { store } = await harness()
    const result = await store.createOrUpdateEntities([
      { ...asBookmark({ _id: 'b1' }), url: null },
      asMark({ _id: 'm1', _bookmark: 'b1' }),
    ])
    expect(result.saved).toEqual([])
    expect(result.rejected).toEqual([
      expect.objectContaining({ _id: 'b1', reason: 'invalid' }),
      {
        _id: 'm1',
        _objectStore: 'marks',
        reason: 'missing-bookmark',
        message: 'The bookmark b1 of this highlight was not stored',
      },
    ])
    expect(store.marks.map.size).toBe(0)
  })

  it('never leaves a live mark without its bookmark when a deletion runs during a save', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b1' })])
    // The page content's body makes the save wait for IndexedDB before it stores the mark.
    const saving = store.createOrUpdateEntities([
      asPageContent({ _id: 'p1', url: 'https://example.com/p', content: '<p>x</p>' }),
      asMark({ _id: 'm1', _bookmark: 'b1' }),
    ])
    const deleting = store.markEntitiesAsDeleted([
      { _id: 'b1', _objectStore: ObjectStore.BOOKMARKS },
    ])
    await Promise.all([saving, deleting])
    for (const mark of store.getAllMarks()) {
      expect(store.getBookmark(mark._bookmark), mark._id).toBeDefined()
    }
  })

  it('finishes the writes under way before closing', async () => {
    const created = await harness()
    const saving = created.store.createOrUpdateEntities([
      asBookmark({ _id: 'b1' }),
      asPageContent({ _id: 'p1', content: '<p>saved while closing</p>' }),
    ])
    const reopened = await created.reopen()
    expect((await saving).saved).toEqual(['b1', 'p1'])
    expect(reopened.getBookmark('b1')).toBeDefined()
    expect((await reopened.getPageContentForUrl(createPageContentFixture().url))?.content).toBe(
      '<p>saved while closing</p>',
    )
  })

  it('stores a mark from sync even before its bookmark arrives', async () => {
    const { store } = await harness()
    const result = await store.createOrUpdateEntities(
      [asMark({ _id: 'm1', _bookmark: 'later' })],
      TransactionOrigin.REMOTE,
    )
    expect(result).toEqual({ saved: ['m1'], rejected: [] })
  })

  it('reports a body that could not be written as storage-error and stores no metadata for it', async () => {
    const databaseName = uniqueDatabaseName()
    const real = createIndexeddbBodyStore(databaseName)
    const failing: BodyStore = {
      ...real,
      writePageContent: () => Promise.reject(new Error('disk full')),
      // A rejection that is not an Error, as a browser API may give: its text is the message.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      writeChatMessages: () => Promise.reject('no space'),
    }
    const { store } = await harness({ databaseName, bodies: failing })
    const result = await store.createOrUpdateEntities([
      asBookmark({ _id: 'b1' }),
      asPageContent({ _id: 'p1' }),
      asChat({ _id: 'c1', _referenceId: 'b1' }),
    ])
    expect(result.saved).toEqual(['b1'])
    expect(result.rejected).toEqual([
      { _id: 'p1', _objectStore: 'pagecontents', reason: 'storage-error', message: 'disk full' },
      { _id: 'c1', _objectStore: 'aichats', reason: 'storage-error', message: 'no space' },
    ])
    expect(store.getAllPageContents()).toEqual([])
    expect(store.getAllAiChats()).toEqual([])
  })
})

describe('page content quota', () => {
  const plans: [QuotaPlan, number, string][] = [
    ['FREE', FREE_PAGE_CONTENT_QUOTA_BYTES, '10 MB'],
    ['PREMIUM', PREMIUM_PAGE_CONTENT_QUOTA_BYTES, '100 MB'],
    ['ULTIMATE', ULTIMATE_PAGE_CONTENT_QUOTA_BYTES, '1 GB'],
  ]

  /** Saved page content taking `bytes` (metadata from sync: its body is fetched later). */
  async function fill(store: LocalStore, bytes: number): Promise<void> {
    const result = await store.createOrUpdateEntities(
      [
        {
          ...asPageContent({ _id: 'filler', url: 'https://example.com/filler' }),
          content: undefined,
          length: bytes,
        },
      ],
      TransactionOrigin.REMOTE,
    )
    expect(result.saved).toEqual(['filler'])
    expect(store.getPageContentSizeUsedInBytes()).toBe(bytes)
  }

  for (const [plan, quota, label] of plans) {
    it(`${plan}: saves content up to ${label} and refuses what goes over it`, async () => {
      const { store } = await harness({ quotaPlan: plan })
      await fill(store, quota - 1000)

      const over = await store.createOrUpdateEntities([
        asPageContent({ _id: 'over', url: 'https://example.com/over', content: 'x'.repeat(1001) }),
      ])
      expect(over.saved).toEqual([])
      expect(over.rejected).toHaveLength(1)
      expect(over.rejected[0]).toMatchObject({
        _id: 'over',
        _objectStore: 'pagecontents',
        reason: 'quota-exceeded',
      })
      expect(over.rejected[0]?.message).toContain('Storage full')
      expect(over.rejected[0]?.message).toContain(`of your ${label}`)
      expect(over.rejected[0]?.message).toContain('This page needs 1 KB')
      expect(store.getEntityById('over')).toBeUndefined()
      expect(await store.getPageContentForUrl('https://example.com/over')).toBeUndefined()
      expect(store.getPageContentSizeUsedInBytes()).toBe(quota - 1000)

      const exact = await store.createOrUpdateEntities([
        asPageContent({ _id: 'fits', url: 'https://example.com/fits', content: 'y'.repeat(1000) }),
      ])
      expect(exact).toEqual({ saved: ['fits'], rejected: [] })
      expect(store.getPageContentSizeUsedInBytes()).toBe(quota)
    })
  }

  it('counts only the difference when replacing a saved content', async () => {
    const { store } = await harness({ quotaPlan: 'FREE' })
    await fill(store, FREE_PAGE_CONTENT_QUOTA_BYTES - 1000)
    const url = 'https://example.com/replaced'
    await store.createOrUpdateEntities([
      asPageContent({ _id: 'p1', url, content: 'a'.repeat(600) }),
    ])
    expect(store.getPageContentSizeUsedInBytes()).toBe(FREE_PAGE_CONTENT_QUOTA_BYTES - 400)

    const tooBig = await store.createOrUpdateEntities([
      asPageContent({ _id: 'p1', url, content: 'b'.repeat(1001) }),
    ])
    expect(tooBig.rejected.map((entry) => entry.reason)).toEqual(['quota-exceeded'])
    expect((await store.getPageContentForUrl(url))?.content).toBe('a'.repeat(600))

    const fits = await store.createOrUpdateEntities([
      asPageContent({ _id: 'p1', url, content: 'c'.repeat(1000) }),
    ])
    expect(fits.saved).toEqual(['p1'])
    expect(store.getPageContentSizeUsedInBytes()).toBe(FREE_PAGE_CONTENT_QUOTA_BYTES)
    expect((await store.getPageContentForUrl(url))?.content).toBe('c'.repeat(1000))
  })

  it('adds up the contents of one batch', async () => {
    const { store } = await harness({ quotaPlan: 'FREE' })
    await fill(store, FREE_PAGE_CONTENT_QUOTA_BYTES - 1000)
    const result = await store.createOrUpdateEntities([
      asPageContent({ _id: 'p1', url: 'https://example.com/1', content: 'a'.repeat(600) }),
      asPageContent({ _id: 'p2', url: 'https://example.com/2', content: 'b'.repeat(600) }),
      asPageContent({ _id: 'p3', url: 'https://example.com/3', content: 'c'.repeat(400) }),
    ])
    expect(result.saved).toEqual(['p1', 'p3'])
    expect(result.rejected.map((entry) => [entry._id, entry.reason])).toEqual([
      ['p2', 'quota-exceeded'],
    ])
  })

  it('holds concurrent saves to the quota together', async () => {
    const { store } = await harness({ quotaPlan: 'FREE' })
    await fill(store, FREE_PAGE_CONTENT_QUOTA_BYTES - 1000)
    const results = await Promise.all([
      store.createOrUpdateEntities([
        asPageContent({ _id: 'p1', url: 'https://example.com/1', content: 'a'.repeat(600) }),
      ]),
      store.createOrUpdateEntities([
        asPageContent({ _id: 'p2', url: 'https://example.com/2', content: 'b'.repeat(600) }),
      ]),
    ])
    expect(results.map((result) => result.saved)).toEqual([['p1'], []])
    expect(results[1]?.rejected.map((entry) => entry.reason)).toEqual(['quota-exceeded'])
    expect(store.getPageContentSizeUsedInBytes()).toBe(FREE_PAGE_CONTENT_QUOTA_BYTES - 400)
  })

  it('uses the Free quota when no plan is given', async () => {
    const { store } = await harness()
    await fill(store, FREE_PAGE_CONTENT_QUOTA_BYTES)
    const result = await store.createOrUpdateEntities([
      asPageContent({ _id: 'p1', url: 'https://example.com/1', content: 'a' }),
    ])
    expect(result.rejected.map((entry) => entry.reason)).toEqual(['quota-exceeded'])
  })
})

describe('the unstar rule', () => {
  it('deletes a bookmark unstarred without highlights, with its page content and chat', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'b1', isStarred: true }),
      asPageContent({ _id: 'p1' }),
      asChat({ _id: 'c1', _referenceId: 'b1' }),
    ])
    const result = await store.createOrUpdateEntities([
      { ...store.getBookmark('b1'), isStarred: false },
    ])
    expect(result.saved).toEqual(['b1'])
    expect(store.doc.getMap('bookmarks').size).toBe(0)
    expect(store.getAllPageContents()).toEqual([])
    expect(store.getAllAiChats()).toEqual([])
  })

  it('marks a synced bookmark deleted when it is unstarred without highlights', async () => {
    const { store, clock } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'b1', isStarred: true, lastSync: FIXTURE_NOW + 1 }),
    ])
    clock.advance(1000)
    await store.createOrUpdateEntities([{ ...store.getBookmark('b1'), isStarred: false }])
    expect(store.getBookmark('b1')).toBeUndefined()
    // Strictly after the unstar's own stamp, made in the same millisecond.
    expect(store.bookmarks.get('b1')?.deletedAt).toBe(FIXTURE_NOW + 1001)
    expect(ids(await store.getEntitiesThatNeedSync())).toEqual(['b1'])
  })

  it('keeps an unstarred bookmark that still has highlights, a new unstarred one, and one unstarred by sync', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'with-marks', isStarred: true }),
      asMark({ _id: 'm1', _bookmark: 'with-marks' }),
      asBookmark({ _id: 'remote', url: 'https://example.com/remote', isStarred: true }),
    ])
    await store.createOrUpdateEntities([
      { ...store.getBookmark('with-marks'), isStarred: false },
      asBookmark({ _id: 'new', url: 'https://example.com/new', isStarred: false }),
    ])
    await store.createOrUpdateEntities(
      [{ ...store.getBookmark('remote'), isStarred: false }],
      TransactionOrigin.REMOTE,
    )
    expect(ids(store.getAllBookmarks()).sort()).toEqual(['new', 'remote', 'with-marks'])
  })
})

describe('updateChromeSettings', () => {
  it('creates the settings record from the defaults, then merges later changes', async () => {
    const { store, clock } = await harness()
    const first = await store.updateChromeSettings({ preferredColorMode: 'light' })
    expect(first).toEqual({ saved: [CHROME_SETTINGS_ID], rejected: [] })
    expect(store.getChromeSettings()).toMatchObject({
      _id: CHROME_SETTINGS_ID,
      preferredColorMode: 'light',
      highlighterMode: 'BASIC',
      createdAt: FIXTURE_NOW,
      modifiedAt: FIXTURE_NOW,
    })

    clock.advance(1000)
    await store.updateChromeSettings({ highlighterMode: 'EXPERT', recentColors: ['#ffad2a'] })
    expect(store.getChromeSettings()).toMatchObject({
      preferredColorMode: 'light',
      highlighterMode: 'EXPERT',
      recentColors: ['#ffad2a'],
      createdAt: FIXTURE_NOW,
      updatedAt: FIXTURE_NOW + 1000,
    })
    expect(store.getAllEntities().chromesettings).toHaveLength(1)
  })

  it('updates the stored record under its own id and refuses invalid values', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities(
      [{ _id: 'server-settings', _objectStore: ObjectStore.CHROME_SETTINGS, createdAt: 1 }],
      TransactionOrigin.REMOTE,
    )
    await store.updateChromeSettings({ _id: 'ignored', showMarkerPopup: false })
    expect(store.getChromeSettings()).toMatchObject({
      _id: 'server-settings',
      showMarkerPopup: false,
    })

    const bad = await store.updateChromeSettings({
      preferredColorMode: 'purple' as never,
    })
    expect(bad.rejected.map((entry) => entry.reason)).toEqual(['invalid'])
    expect(store.getChromeSettings().preferredColorMode).toBe('system')
  })
})

describe('observe', () => {
  it('tells which kinds changed and whether the change was local, until unsubscribed', async () => {
    const { store } = await harness()
    const changes: LibraryChange[] = []
    const unsubscribe = store.observe((change) => changes.push(change))

    await store.createOrUpdateEntities([
      asBookmark({ _id: 'b1' }),
      asMark({ _id: 'm1', _bookmark: 'b1' }),
    ])
    expect(changes).toHaveLength(1)
    expect(changes[0]?.local).toBe(true)
    expect([...changes[0]!.stores].sort()).toEqual(['bookmarks', 'marks'])

    await store.createOrUpdateEntities(
      [asPageContent({ _id: 'p1', url: 'https://example.com/elsewhere' })],
      TransactionOrigin.REMOTE,
    )
    expect(changes[1]).toEqual({ stores: ['pagecontents'], local: false, opened: false })

    await store.markEntitiesAsDeleted([{ _id: 'm1', _objectStore: ObjectStore.MARKS }])
    expect(changes[2]?.local).toBe(true)
    expect([...changes[2]!.stores].sort()).toEqual(['bookmarks', 'marks'])

    await store.deleteEntities(
      [{ _id: 'p1', _objectStore: ObjectStore.PAGE_CONTENTS }],
      TransactionOrigin.REMOTE,
    )
    expect(changes[3]).toEqual({ stores: ['pagecontents'], local: false, opened: false })

    // A write that stores nothing changes nothing and tells no one.
    await store.createOrUpdateEntities([{ _objectStore: 'bookmarks' }])
    expect(changes).toHaveLength(4)

    unsubscribe()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b2' })])
    expect(changes).toHaveLength(4)
  })

  it('hears updates applied from another doc as remote, and each listener on its own', async () => {
    const { store } = await harness()
    const first: LibraryChange[] = []
    const second: LibraryChange[] = []
    store.observe((change) => first.push(change))
    const unsubscribeSecond = store.observe((change) => second.push(change))

    const other = new Y.Doc()
    other
      .getMap('aichats')
      .set('c1', { ...createAiChatFixture({ _id: 'c1' }), messages: undefined })
    Y.applyUpdate(store.doc, Y.encodeStateAsUpdate(other))
    expect(first).toEqual([{ stores: ['aichats'], local: false, opened: false }])
    expect(ids(store.getAllAiChats())).toEqual(['c1'])

    unsubscribeSecond()
    await store.updateChromeSettings({ showMarkerPopup: false })
    expect(first.at(-1)).toEqual({ stores: ['chromesettings'], local: true, opened: false })
    expect(second).toHaveLength(1)
  })

  it('keeps a throwing listener from failing the write or silencing the other listeners', async () => {
    const { store } = await harness()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const heard: LibraryChange[] = []
    store.observe(() => {
      throw new Error('listener bug')
    })
    store.observe((change) => heard.push(change))

    await store.createOrUpdateEntities([asBookmark({ _id: 'b1', isStarred: true })])
    expect(heard).toHaveLength(1)
    // The unstar rule still runs after the write that triggered the failing listener.
    const result = await store.createOrUpdateEntities([
      { ...store.getBookmark('b1'), isStarred: false },
    ])
    expect(result.saved).toEqual(['b1'])
    expect(store.getBookmark('b1')).toBeUndefined()
    expect(heard).toHaveLength(3)
    expect(errors).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ message: 'listener bug' }),
    )
    errors.mockRestore()
  })

  it('does not call listeners for changes outside the entity maps', async () => {
    const { store } = await harness()
    const changes: LibraryChange[] = []
    store.observe((change) => changes.push(change))
    store.doc.transact(() => store.doc.getMap('elsewhere').set('x', 1), TransactionOrigin.LOCAL)
    expect(changes).toEqual([])
  })
})
