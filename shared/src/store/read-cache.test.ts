// The spec's 5-second read cache, on its own and inside the store: a read within 5 s of the test
// clock returns the cached answer, any write (local, remote, deletion, an update from another doc)
// clears it, and once 5 s have passed the answer is computed again.
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import { ObjectStore } from '../domain/entities/object-store'
import { createBookmarkFixture, createMarkFixture } from '../testing/factories'
import { createTestClock, openTestStore, type TestStore } from '../testing/store-harness'
import type { LocalStore } from './local-store'
import { TransactionOrigin } from './origins'
import { READ_CACHE_TTL_MS, ReadCache } from './read-cache'

const open: TestStore[] = []
async function harness(): Promise<TestStore> {
  const created = await openTestStore()
  open.push(created)
  return created
}
afterEach(async () => {
  for (const created of open.splice(0)) {
    await created.store.close()
  }
})

const asBookmark = (overrides: Parameters<typeof createBookmarkFixture>[0] = {}) => ({
  ...createBookmarkFixture(overrides),
  _objectStore: ObjectStore.BOOKMARKS,
})
const asMark = (overrides: Parameters<typeof createMarkFixture>[0] = {}) => ({
  ...createMarkFixture(overrides),
  _objectStore: ObjectStore.MARKS,
})

describe('ReadCache', () => {
  it('computes once per key within the lifetime and again after it', () => {
    const clock = createTestClock(1000)
    const cache = new ReadCache(clock.now)
    const compute = vi.fn(() => ({ answer: compute.mock.calls.length }))

    const first = cache.get('key', compute)
    expect(cache.get('key', compute)).toBe(first)
    clock.advance(READ_CACHE_TTL_MS - 1)
    expect(cache.get('key', compute)).toBe(first)
    expect(compute).toHaveBeenCalledTimes(1)

    clock.advance(1)
    const second = cache.get('key', compute)
    expect(second).not.toBe(first)
    expect(compute).toHaveBeenCalledTimes(2)
    expect(cache.size).toBe(1)
  })

  it('keeps keys apart, forgets everything on clear, and takes another lifetime', () => {
    const clock = createTestClock(0)
    const cache = new ReadCache(clock.now, 10)
    expect(READ_CACHE_TTL_MS).toBe(5000)
    expect(cache.get('a', () => 1)).toBe(1)
    expect(cache.get('b', () => 2)).toBe(2)
    expect(cache.get('a', () => 3)).toBe(1)
    expect(cache.size).toBe(2)
    cache.clear()
    expect(cache.size).toBe(0)
    expect(cache.get('a', () => 4)).toBe(4)
    clock.advance(10)
    expect(cache.get('a', () => 5)).toBe(5)
  })
})

describe('the store read cache', () => {
  async function seeded(): Promise<TestStore> {
    const created = await harness()
    await created.store.createOrUpdateEntities([
      asBookmark({ _id: 'b1', tags: ['t'] }),
      asMark({ _id: 'm1', _bookmark: 'b1', tags: ['t'], text: 'needle' }),
    ])
    return created
  }

  /** Every cached read, by name. */
  const cachedReads: Record<string, (store: LocalStore) => unknown> = {
    getAllBookmarks: (store) => store.getAllBookmarks(),
    getAllMarks: (store) => store.getAllMarks(),
    getAllAiChats: (store) => store.getAllAiChats(),
    getAllPageContents: (store) => store.getAllPageContents(),
    getMarksForBookmark: (store) => store.getMarksForBookmark('b1'),
    getMarksForTag: (store) => store.getMarksForTag('T'),
    getMarksForDomain: (store) => store.getMarksForDomain('example.com'),
    getBookmarksForTag: (store) => store.getBookmarksForTag('t'),
    getBookmarksForDomain: (store) => store.getBookmarksForDomain('example.com'),
    getBookmarksWithCount: (store) => store.getBookmarksWithCount(),
    getAllTags: (store) => store.getAllTags(),
    getAllOrigins: (store) => store.getAllOrigins(),
    getEntitiesForSearchValue: (store) => store.getEntitiesForSearchValue('needle'),
    getLearningStatus: (store) => store.getLearningStatus(),
  }

  for (const [name, read] of Object.entries(cachedReads)) {
    it(`${name}: cached for 5 s of the clock, cleared by a write`, async () => {
      const { store, clock } = await seeded()
      const first = read(store)
      clock.advance(READ_CACHE_TTL_MS - 1)
      expect(read(store)).toBe(first)

      clock.advance(1)
      const recomputed = read(store)
      expect(recomputed).not.toBe(first)
      expect(recomputed).toEqual(first)

      await store.createOrUpdateEntities([asBookmark({ _id: 'b2', url: 'https://example.com/2' })])
      expect(read(store)).not.toBe(recomputed)
    })
  }

  it('returns the cached answer within 5 s without reading the library again', async () => {
    const { store, clock } = await seeded()
    const live = vi.spyOn(store.bookmarks, 'live')
    store.getAllBookmarks()
    store.getAllBookmarks()
    clock.advance(4000)
    store.getAllBookmarks()
    expect(live).toHaveBeenCalledTimes(1)
    clock.advance(1000)
    store.getAllBookmarks()
    expect(live).toHaveBeenCalledTimes(2)
  })

  it('is cleared by local, remote, deletion and foreign-doc writes', async () => {
    const { store } = await seeded()
    const titles = () => store.getAllBookmarks().map((bookmark) => bookmark.title)
    expect(titles()).toEqual(['How to highlight the web'])

    await store.createOrUpdateEntities([{ ...store.getBookmark('b1'), title: 'local' }])
    expect(titles()).toEqual(['local'])

    await store.createOrUpdateEntities(
      [{ ...store.getBookmark('b1'), title: 'remote' }],
      TransactionOrigin.REMOTE,
    )
    expect(titles()).toEqual(['remote'])

    const other = new Y.Doc()
    Y.applyUpdate(other, Y.encodeStateAsUpdate(store.doc))
    other.getMap('bookmarks').set('b1', { ...store.getBookmark('b1'), title: 'other device' })
    Y.applyUpdate(store.doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(store.doc)))
    expect(titles()).toEqual(['other device'])

    expect(store.getAllMarks()).toHaveLength(1)
    await store.markEntitiesAsDeleted([{ _id: 'm1', _objectStore: ObjectStore.MARKS }])
    expect(store.getAllMarks()).toEqual([])
    expect(titles()).toEqual([])
  })

  it('recomputes time-dependent answers once 5 s have passed', async () => {
    const { store, clock } = await seeded()
    const first = store.getLearningStatus()
    clock.advance(READ_CACHE_TTL_MS)
    expect(store.getLearningStatus()).not.toBe(first)
  })
})
