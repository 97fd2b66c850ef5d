// Opening a page records openedAt on its bookmark without an edit's stamps: it does not make the
// bookmark pending for sync, and observers hear it as a change that is not a local edit (so the
// sync scheduler starts no run), ADR 079.
import { afterEach, describe, expect, it } from 'vitest'
import { FIXTURE_NOW } from '../testing/factories'
import { trackTestStores } from '../testing/store-harness'
import { asBookmark } from '../testing/stored-fixtures'
import type { LibraryChange } from './local-store'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)

describe('recordBookmarkOpened', () => {
  it('writes openedAt and keeps updatedAt, modifiedAt and lastSync', async () => {
    const { store, clock } = await harness()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b1', createdAt: FIXTURE_NOW })])
    const before = store.getBookmark('b1')!
    store.markSynced([
      { ref: { _id: 'b1', _objectStore: 'bookmarks' }, lastSync: before.updatedAt! + 1 },
    ])
    expect(await store.getEntitiesThatNeedSync()).toEqual([])
    const changes: LibraryChange[] = []
    store.observe((change) => changes.push(change))

    clock.advance(60_000)
    const opened = await store.recordBookmarkOpened('b1')
    const after = store.getBookmark('b1')!
    expect(opened?.openedAt).toBe(clock.now())
    expect(after.openedAt).toBe(clock.now())
    expect(after.updatedAt).toBe(before.updatedAt)
    expect(after.modifiedAt).toBe(before.modifiedAt)
    expect(after.lastSync).toBe(before.updatedAt! + 1)
    expect(await store.getEntitiesThatNeedSync()).toEqual([])
    expect(changes).toEqual([{ stores: ['bookmarks'], local: false, opened: true }])
  })

  it('takes the given time, and a later opening replaces it', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b1' })])
    await store.recordBookmarkOpened('b1', FIXTURE_NOW + 1_000)
    await store.recordBookmarkOpened('b1', FIXTURE_NOW + 2_000)
    expect(store.getBookmark('b1')?.openedAt).toBe(FIXTURE_NOW + 2_000)
  })

  it('does nothing for a missing or deleted bookmark', async () => {
    const { store } = await harness()
    expect(await store.recordBookmarkOpened('nope')).toBeUndefined()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b2', isStarred: true })])
    await store.markEntitiesAsDeleted([{ _id: 'b2', _objectStore: 'bookmarks' }])
    expect(await store.recordBookmarkOpened('b2')).toBeUndefined()
  })
})
