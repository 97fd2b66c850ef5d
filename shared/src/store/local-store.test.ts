import { afterEach, describe, expect, it } from 'vitest'
import { ObjectStore } from '../domain/entities/object-store'
import { createBookmarkFixture, createMarkFixture } from '../testing/factories'
import { openTestStore, type TestStore } from '../testing/store-harness'

const open: TestStore[] = []
async function harness(...args: Parameters<typeof openTestStore>): Promise<TestStore> {
  const created = await openTestStore(...args)
  open.push(created)
  return created
}
afterEach(async () => {
  for (const created of open.splice(0)) {
    await created.store.close()
  }
})

const asBookmark = (overrides = {}) => ({
  ...createBookmarkFixture(overrides),
  _objectStore: ObjectStore.BOOKMARKS,
})
const asMark = (overrides = {}) => ({
  ...createMarkFixture(overrides),
  _objectStore: ObjectStore.MARKS,
})

describe('local store basics', () => {
  it('stores a bookmark with marks and finds them again after reopening', async () => {
    const { store, reopen } = await harness()
    const bookmark = asBookmark({ _id: 'b1', url: 'https://www.example.com/a/' })
    const result = await store.createOrUpdateEntities([
      bookmark,
      asMark({ _id: 'm1', _bookmark: 'b1' }),
    ])
    expect(result).toEqual({ saved: ['b1', 'm1'], rejected: [] })
    const reopened = await reopen()
    expect(reopened.getBookmarkForUrl('http://example.com/a')?._id).toBe('b1')
    expect(reopened.getMarksForBookmark('b1').map((mark) => mark._id)).toEqual(['m1'])
    expect(reopened.getBookmarksWithCount()[0]).toMatchObject({
      _id: 'b1',
      marksCount: 1,
      notesCount: 0,
    })
  })

  it('deletes the unstarred bookmark with its last highlight', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'b1' }),
      asMark({ _id: 'm1', _bookmark: 'b1' }),
    ])
    const result = await store.markEntitiesAsDeleted([
      { _id: 'm1', _objectStore: ObjectStore.MARKS },
    ])
    expect(result.removed.map((ref) => ref._id).sort()).toEqual(['b1', 'm1'])
    expect(store.getAllBookmarks()).toEqual([])
  })
})
