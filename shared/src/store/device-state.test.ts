import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { ObjectStore } from '../domain/entities/object-store'
import { createBookmarkFixture } from '../testing/factories'
import { openTestStore, type TestStore } from '../testing/store-harness'
import { encodeEntity, entityMap } from './library-schema'
import { TransactionOrigin } from './origins'

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

const bookmark = (id: string) => ({
  ...createBookmarkFixture({ _id: id }),
  _objectStore: ObjectStore.BOOKMARKS,
})

describe('device-local sync bookkeeping', () => {
  it('keeps lastSync out of the shared doc and attaches it on read, across reopening', async () => {
    const { store, reopen } = await harness()
    await store.createOrUpdateEntities(
      [{ ...bookmark('b1'), lastSync: 1234 }],
      TransactionOrigin.REMOTE,
    )
    const raw = entityMap(store.doc, ObjectStore.BOOKMARKS).get('b1')
    expect(typeof raw).toBe('string')
    expect(JSON.parse(raw as string)).not.toHaveProperty('lastSync')
    expect(store.getBookmark('b1')?.lastSync).toBe(1234)
    const reopened = await reopen()
    expect(reopened.getBookmark('b1')?.lastSync).toBe(1234)
  })

  it('counts what a live room brings as synced, so it is not pushed back', async () => {
    const { store, clock } = await harness()
    const other = new Y.Doc()
    const arriving = { ...bookmark('b2'), createdAt: 500, updatedAt: 700 }
    entityMap(other, ObjectStore.BOOKMARKS).set('b2', encodeEntity(arriving))
    Y.applyUpdate(store.doc, Y.encodeStateAsUpdate(other), 'a-websocket-provider')
    expect(store.getBookmark('b2')?.lastSync).toBe(700)
    expect(await store.getEntitiesThatNeedSync()).toEqual([])
    // A local edit after that is pending again.
    clock.advance(1)
    await store.createOrUpdateEntities([{ ...store.getBookmark('b2')!, title: 'edited here' }])
    expect((await store.getEntitiesThatNeedSync()).map((entity) => entity._id)).toEqual(['b2'])
  })

  it('moves a lastSync stored in the shared doc by older code into the device state on open', async () => {
    const { store, reopen } = await harness()
    store.doc.transact(() => {
      entityMap(store.doc, ObjectStore.BOOKMARKS).set(
        'old',
        encodeEntity({ ...bookmark('old'), lastSync: 99 }),
      )
    }, TransactionOrigin.LOCAL)
    const reopened = await reopen()
    expect(
      JSON.parse(entityMap(reopened.doc, ObjectStore.BOOKMARKS).get('old') as string),
    ).not.toHaveProperty('lastSync')
    expect(reopened.getBookmark('old')?.lastSync).toBe(99)
  })
})
