// The store's side of live rooms, with two stores whose library docs exchange updates the way a
// room provider does (a foreign transaction origin), and a switch to cut them apart.
import * as Y from 'yjs'
import { afterEach, describe, expect, it } from 'vitest'
import { ObjectStore } from '../domain/entities/object-store'
import { entityNeedsSync, type SyncTimestamps } from '../domain/sync-state'
import { createBookmarkFixture, createMarkFixture } from '../testing/factories'
import { openTestStore, type TestStore } from '../testing/store-harness'
import { readEntity, writeEntity } from './library-schema'
import { latestStamp, type LocalStore } from './local-store'

const ROOM = Symbol('room provider')

/** Two stores joined as a room joins them; `apart` holds updates until `rejoin`. */
function joinRoom(left: LocalStore, right: LocalStore) {
  let apart = false
  const held: { to: Y.Doc; update: Uint8Array }[] = []
  const forward = (to: Y.Doc) => (update: Uint8Array, origin: unknown) => {
    if (origin === ROOM) {
      return
    }
    if (apart) {
      held.push({ to, update })
    } else {
      Y.applyUpdate(to, update, ROOM)
    }
  }
  const toRight = forward(right.doc)
  const toLeft = forward(left.doc)
  left.doc.on('update', toRight)
  right.doc.on('update', toLeft)
  const unshareLeft = left.shareWithRoom()
  const unshareRight = right.shareWithRoom()
  Y.applyUpdate(right.doc, Y.encodeStateAsUpdate(left.doc), ROOM)
  Y.applyUpdate(left.doc, Y.encodeStateAsUpdate(right.doc), ROOM)
  return {
    goApart() {
      apart = true
    },
    rejoin() {
      apart = false
      for (const { to, update } of held.splice(0)) {
        Y.applyUpdate(to, update, ROOM)
      }
    },
    leave() {
      left.doc.off('update', toRight)
      right.doc.off('update', toLeft)
      unshareLeft()
      unshareRight()
    },
  }
}

const opened: TestStore[] = []
async function store(): Promise<LocalStore> {
  const harness = await openTestStore()
  opened.push(harness)
  return harness.store
}
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

const bookmark = (id: string, overrides = {}) => ({
  ...createBookmarkFixture({ _id: id, url: `https://example.com/${id}`, ...overrides }),
  _objectStore: ObjectStore.BOOKMARKS,
})
const mark = (id: string, bookmarkId: string, overrides = {}) => ({
  ...createMarkFixture({ _id: id, _bookmark: bookmarkId, ...overrides }),
  _objectStore: ObjectStore.MARKS,
})
const ref = (id: string, objectStore: ObjectStore) => ({ _id: id, _objectStore: objectStore })

describe('a store shared with a live room', () => {
  it('keeps what it wrote pending, and deletes it by tombstone since the relay may have it', async () => {
    const laptop = await store()
    const phone = await store()
    await laptop.createOrUpdateEntities([bookmark('b-before', { isStarred: true })])
    const room = joinRoom(laptop, phone)
    await laptop.createOrUpdateEntities([bookmark('b-during', { isStarred: true })])

    for (const id of ['b-before', 'b-during']) {
      const entity = laptop.getStoredEntity(ref(id, ObjectStore.BOOKMARKS))!
      expect(entity.lastSync).toBe(0)
      expect(entityNeedsSync(entity as SyncTimestamps)).toBe(true)
    }
    const deletion = await laptop.markEntitiesAsDeleted([ref('b-during', ObjectStore.BOOKMARKS)])
    expect(deletion.markedDeleted.map((entity) => entity._id)).toEqual(['b-during'])
    expect(laptop.getBookmark('b-during')).toBeUndefined()
    expect(phone.getBookmark('b-during')).toBeUndefined()

    room.leave()
    await laptop.createOrUpdateEntities([bookmark('b-after', { isStarred: true })])
    expect(laptop.getStoredEntity(ref('b-after', ObjectStore.BOOKMARKS))!.lastSync).toBeUndefined()
    const later = await laptop.markEntitiesAsDeleted([ref('b-after', ObjectStore.BOOKMARKS)])
    expect(later.removed.map((entity) => entity._id)).toEqual(['b-after'])
  })

  it('takes what arrives as synced, but not a losing copy of a key it changed itself', async () => {
    const laptop = await store()
    const phone = await store()
    const room = joinRoom(laptop, phone)
    await laptop.createOrUpdateEntities([bookmark('b1', { isStarred: true })])
    expect(phone.getStoredEntity(ref('b1', ObjectStore.BOOKMARKS))!.lastSync).toBeGreaterThan(0)

    room.goApart()
    await laptop.createOrUpdateEntities([bookmark('b2', { isStarred: true, title: 'laptop' })])
    await phone.createOrUpdateEntities([bookmark('b2', { isStarred: true, title: 'phone' })])
    room.rejoin()

    const winner = laptop.getBookmark('b2')!.title
    expect(phone.getBookmark('b2')!.title).toBe(winner)
    // The device whose own copy won received only a copy that lost: nothing of the relay's arrived,
    // so its own write is still pending (before, the lost copy marked it synced).
    const own = winner === 'laptop' ? laptop : phone
    expect(
      entityNeedsSync(own.getStoredEntity(ref('b2', ObjectStore.BOOKMARKS)) as SyncTimestamps),
    ).toBe(true)
  })

  it('keeps its own deletion pending when another device writes the same deletion back', async () => {
    const laptop = await store()
    const phone = await store()
    await laptop.createOrUpdateEntities([bookmark('b1', { isStarred: true })])
    const synced = laptop.getStoredEntity(ref('b1', ObjectStore.BOOKMARKS))!
    laptop.markSynced([{ ref: ref('b1', ObjectStore.BOOKMARKS), lastSync: latestStamp(synced) }])
    const room = joinRoom(laptop, phone)
    await laptop.markEntitiesAsDeleted([ref('b1', ObjectStore.BOOKMARKS)])
    const deleted = laptop.getStoredEntity(ref('b1', ObjectStore.BOOKMARKS))!
    expect(entityNeedsSync(deleted as SyncTimestamps)).toBe(true)

    // The phone pulls the room-carried deletion from the relay and stores it again.
    const { lastSync: _lastSync, ...copy } = phone.getStoredEntity(
      ref('b1', ObjectStore.BOOKMARKS),
    )!
    await phone.createOrUpdateEntities([copy])

    const after = laptop.getStoredEntity(ref('b1', ObjectStore.BOOKMARKS))!
    expect(after.deletedAt).toBe(deleted.deletedAt)
    expect(entityNeedsSync(after as SyncTimestamps)).toBe(true)
    room.leave()
  })

  it('deletes a highlight that arrives for a bookmark deleted here, and the other way round', async () => {
    const laptop = await store()
    const phone = await store()
    const room = joinRoom(laptop, phone)
    await laptop.createOrUpdateEntities([
      bookmark('b1', { isStarred: true }),
      bookmark('b2', { isStarred: true }),
    ])
    room.goApart()
    await laptop.markEntitiesAsDeleted([ref('b1', ObjectStore.BOOKMARKS)])
    await phone.createOrUpdateEntities([mark('m1', 'b1')])
    await phone.markEntitiesAsDeleted([ref('b2', ObjectStore.BOOKMARKS)])
    await laptop.createOrUpdateEntities([mark('m2', 'b2')])
    room.rejoin()
    await laptop.flush()

    for (const device of [laptop, phone]) {
      expect(device.getAllMarks()).toEqual([])
      expect(device.getAllBookmarks()).toEqual([])
    }
  })

  it('keeps a highlight that arrives before its bookmark, which it has never seen', async () => {
    // The relay's doc gets a device's REST push in separate requests (new entities by POST,
    // changed ones by PUT), so a room can carry a highlight before its bookmark.
    const laptop = await store()
    const phone = await store()
    await laptop.createOrUpdateEntities([bookmark('b3', { isStarred: true }), mark('m3', 'b3')])
    const relay = new Y.Doc()
    const copy = (objectStore: ObjectStore, id: string) =>
      relay.transact(() =>
        writeEntity(relay, objectStore, readEntity(laptop.doc, objectStore, id)!),
      )
    const unshare = phone.shareWithRoom()
    copy(ObjectStore.MARKS, 'm3')
    Y.applyUpdate(phone.doc, Y.encodeStateAsUpdate(relay), ROOM)
    await phone.flush()
    expect(phone.getStoredEntity(ref('m3', ObjectStore.MARKS))?.deletedAt).toBeUndefined()

    copy(ObjectStore.BOOKMARKS, 'b3')
    Y.applyUpdate(phone.doc, Y.encodeStateAsUpdate(relay, Y.encodeStateVector(phone.doc)), ROOM)
    await phone.flush()
    expect(phone.getMarksForBookmark('b3').map((found) => found._id)).toEqual(['m3'])
    unshare()
  })
})
