// The concurrent edit guard: an older copy of an entity that Yjs keeps over a newer concurrent one
// (by client id) is replaced by the newer, whether it came through a room or from another
// instance's log; a write made on top of the newer value stands whatever its stamp. Also the
// deletion and sharing guards across instances: a stale copy taken by one instance's room while
// another instance deletes or unshares the entity. Devices are Yjs docs sending their updates as a
// room does; two instances are two doc caches on one storage.
import {
  ObjectStore,
  decodeEntity,
  entityMap,
  writeEntity,
  type StoredRecord,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { RelayStorage } from '../storage/relay-storage'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { receiveFromRoom, sendThroughRoom } from '../testing/room-updates'
import { entity } from '../testing/relay-harness'
import { guardConcurrentEdits } from './concurrent-edit-guard'
import { guardDeletions } from './deletion-guard'
import { guardSharing } from './sharing-guard'
import { LibraryService } from './library-service'
import type { LiveDoc } from './live-doc'
import { LIBRARY_DOC } from './origins'
import { UserDocs } from './user-docs'

const USER = 'u1'
const T0 = Date.UTC(2026, 10, 1)
const T1 = T0 + 60_000
const T2 = T0 + 120_000

const original = entity.bookmark('b1', {
  url: 'https://example.com/a',
  title: 'Original',
  createdAt: T0,
  updatedAt: T0,
}) as unknown as StoredRecord
const edited = { ...original, title: 'Edited', updatedAt: T1 }
/** A copy of the bookmark from before the edit, newer than the one a device held. */
const pulled = { ...original, title: 'Pulled', updatedAt: T0 + 1 }

// A stale device's client id above the others: Yjs keeps its concurrent write.
const STALE_CLIENT = 0xffffffff

/**
 * Instances of the relay on one storage, each with its doc cache and the guards. `holdAppends`
 * keeps an instance's writes of room updates from the log until released (an append in flight).
 */
async function cluster(instances: number) {
  const storage = openSqliteStorage(':memory:')
  await storage.createUser({ id: USER, email: 'a@example.com', passwordHash: 'x', createdAt: 0 })
  return Array.from({ length: instances }, () => {
    let held: Promise<void> | undefined
    const own: RelayStorage = Object.create(storage) as RelayStorage
    own.appendDocUpdate = async (...args) => {
      await held
      return storage.appendDocUpdate(...args)
    }
    const docs = new UserDocs(own, {
      onLoaded: (live) => {
        guardConcurrentEdits(live)
        guardSharing(live)
        return guardDeletions(own, live, T2)
      },
    })
    const holdAppends = () => {
      let release = () => {}
      held = new Promise((resolve) => (release = resolve))
      return release
    }
    return { docs, library: new LibraryService(docs, own), holdAppends }
  })
}

/** One instance of `cluster`. */
type Instance = Awaited<ReturnType<typeof cluster>>[number]

async function libraryOf(docs: UserDocs): Promise<LiveDoc> {
  return (await docs.acquire(USER, LIBRARY_DOC)).live
}

/** Waits until the relay's writes (the guard's among them) are stored. */
async function settle(live: LiveDoc): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) {
    await new Promise((resolve) => setImmediate(resolve))
    await live.whenSettled()
  }
}

/** A device that holds `live`'s doc, then writes a pulled copy of `record` as its own item. */
function deviceThatPulled(live: LiveDoc, clientID: number, record: StoredRecord): Y.Doc {
  const doc = new Y.Doc()
  doc.clientID = clientID
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(live.doc))
  doc.transact(() => writeEntity(doc, ObjectStore.BOOKMARKS, record))
  return doc
}

/** `live`'s doc with `device`'s writes, merged by Yjs alone: what the relay would keep unguarded. */
function mergedWithoutGuard(live: LiveDoc, device: Y.Doc): Y.Doc {
  const plain = new Y.Doc()
  Y.applyUpdate(plain, Y.encodeStateAsUpdate(live.doc))
  Y.applyUpdate(plain, Y.encodeStateAsUpdate(device, Y.encodeStateVector(plain)))
  return plain
}

/** Two instances holding the library with `record` in it, written through the first. */
async function twoInstancesWith(record: StoredRecord) {
  const [a, b] = (await cluster(2)) as [Instance, Instance]
  await a.library.upsert(USER, [record])
  const onA = await libraryOf(a.docs)
  const onB = await libraryOf(b.docs)
  await onB.catchUp()
  return { a, b, onA, onB }
}

/** Each instance reads the other's writes from the log (B, then A, then B), guards included. */
async function catchUpEachOther(onA: LiveDoc, onB: LiveDoc): Promise<void> {
  await settle(onB)
  await onA.catchUp()
  await settle(onA)
  await onB.catchUp()
  await settle(onB)
}

const title = (doc: Y.Doc) =>
  decodeEntity(entityMap(doc, ObjectStore.BOOKMARKS).get('b1'))?.title as string | undefined

describe('concurrent edit guard', () => {
  it('keeps a REST edit when a room brings an older copy that Yjs would keep', async () => {
    const [relay] = await cluster(1)
    await relay!.library.upsert(USER, [original])
    const live = await libraryOf(relay!.docs)
    // Pulled before the edit: its item has not seen the edit's.
    const stale = deviceThatPulled(live, STALE_CLIENT, pulled)
    await relay!.library.upsert(USER, [edited])

    // Without the guard Yjs keeps the stale copy (a plain doc shows it).
    expect(title(mergedWithoutGuard(live, stale))).toBe('Pulled')

    sendThroughRoom(stale, live)
    await settle(live)
    expect(title(live.doc)).toBe('Edited')
    // The device converges on it through the room.
    receiveFromRoom(live, stale)
    expect(title(stale)).toBe('Edited')
  })

  it('keeps the newer edit when an older copy reaches another instance meanwhile', async () => {
    const { a, onA, onB } = await twoInstancesWith(original)
    const stale = deviceThatPulled(onB, STALE_CLIENT, pulled)
    // The edit reaches A by REST while the stale copy reaches B through a room: neither instance
    // has seen the other's write when it makes its own.
    await a.library.upsert(USER, [edited])
    sendThroughRoom(stale, onB)
    // Without the guard, both would keep the stale copy once they have caught up.
    expect(title(mergedWithoutGuard(onA, stale))).toBe('Pulled')
    await catchUpEachOther(onA, onB)
    expect(title(onA.doc)).toBe('Edited')
    expect(title(onB.doc)).toBe('Edited')
  })

  it('leaves an edit made on top of the newer value, even with an older stamp', async () => {
    const [relay] = await cluster(1)
    await relay!.library.upsert(USER, [edited])
    const live = await libraryOf(relay!.docs)
    // A device whose clock is behind edits what it holds: its write has seen the newer value.
    const behind = deviceThatPulled(live, STALE_CLIENT, {
      ...edited,
      title: 'Behind',
      updatedAt: T0,
    })
    sendThroughRoom(behind, live)
    await settle(live)
    expect(title(live.doc)).toBe('Behind')
  })

  it('lets the newer of two concurrent room writes stand, whichever Yjs kept', async () => {
    const [relay] = await cluster(1)
    await relay!.library.upsert(USER, [original])
    const live = await libraryOf(relay!.docs)
    const newer = deviceThatPulled(live, 1, { ...original, title: 'Newer', updatedAt: T2 })
    const older = deviceThatPulled(live, STALE_CLIENT, {
      ...original,
      title: 'Older',
      updatedAt: T1,
    })
    sendThroughRoom(newer, live)
    sendThroughRoom(older, live)
    await settle(live)
    expect(title(live.doc)).toBe('Newer')
  })

  it('keeps a deletion on one instance when another took a stale copy meanwhile', async () => {
    const { a, b, onA, onB } = await twoInstancesWith(original)
    // The device pulls the bookmark's next version, and its copy reaches B through a room; B's
    // deletion guard finds no deletion yet, and its append is still in flight when A, which has
    // not seen the copy, deletes the bookmark by REST.
    const stale = deviceThatPulled(onB, STALE_CLIENT, pulled)
    await a.library.upsert(USER, [pulled])
    const release = b.holdAppends()
    sendThroughRoom(stale, onB)
    await new Promise((resolve) => setImmediate(resolve))
    await a.library.delete(USER, [{ _id: 'b1', _objectStore: ObjectStore.BOOKMARKS }])
    release()
    await catchUpEachOther(onA, onB)
    expect(title(onA.doc)).toBeUndefined()
    expect(title(onB.doc)).toBeUndefined()
  })

  it('keeps an unshare on one instance when another took a newer stale edit meanwhile', async () => {
    const shared = {
      ...original,
      permission: 'PUBLIC',
      shareId: 'AAAAAAAAAAAAAAAAAAAAAA',
      sharedAt: T0,
      sharingChangedAt: T0,
    }
    const { a, b, onA, onB } = await twoInstancesWith(shared)
    // Offline, the device edits its PUBLIC copy after the owner unshared elsewhere: newer by its
    // stamp, older by its sharing. It reaches B while A, not having seen it, takes the unshare.
    const stale = deviceThatPulled(onB, STALE_CLIENT, { ...shared, title: 'Pulled', updatedAt: T2 })
    const release = b.holdAppends()
    sendThroughRoom(stale, onB)
    await new Promise((resolve) => setImmediate(resolve))
    await a.library.upsert(USER, [
      { ...shared, permission: 'PRIVATE', sharingChangedAt: T1, updatedAt: T1 },
    ])
    release()
    await catchUpEachOther(onA, onB)
    for (const doc of [onA.doc, onB.doc]) {
      expect(decodeEntity(entityMap(doc, ObjectStore.BOOKMARKS).get('b1'))).toMatchObject({
        title: 'Pulled',
        permission: 'PRIVATE',
        sharingChangedAt: T1,
      })
    }
  })
})
