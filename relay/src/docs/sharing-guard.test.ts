// The sharing guard on live rooms (ADR 064, Rooms): a stale device whose old copy of a page or a
// highlight wins the Yjs merge in a room cannot re-publish what the owner hid since; a newer
// sharing change made through a room stands. Devices are Yjs docs sending their updates to the
// relay's live doc as a room does (a socket as the origin), wired as services.ts wires them.
import {
  ObjectStore,
  decodeEntity,
  entityMap,
  writeEntity,
  type StoredRecord,
} from '@inkmark/shared'
import { describe, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import { PublicPageProjector } from '../sharing/projector'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { buildRelay } from '../testing/build'
import { createUser, entity, pullAll, push, tokenPayload } from '../testing/relay-harness'
import { connectRoom, listenForRooms, waitUntil, whenSynced } from '../testing/ws-client'
import { receiveFromRoom, sendThroughRoom } from '../testing/room-updates'
import { LibraryService } from './library-service'
import type { LiveDoc } from './live-doc'
import { LIBRARY_DOC } from './origins'
import { guardSharing, keptSharingOf } from './sharing-guard'
import { UserDocs } from './user-docs'

const USER = 'u1'
const T0 = Date.UTC(2026, 10, 1)
const T1 = T0 + 60_000
const SHARE_ID = 'AAAAAAAAAAAAAAAAAAAAAA'

const sharedBookmark = entity.bookmark('b1', {
  url: 'https://example.com/a',
  tags: ['one'],
  permission: 'PUBLIC',
  shareId: SHARE_ID,
  sharedAt: T0,
  sharingChangedAt: T0,
  createdAt: T0,
  updatedAt: T0,
}) as unknown as StoredRecord

const shownMark = entity.mark('m1', 'b1', {
  url: 'https://example.com/a',
  text: 'highlighted',
  notes: 'a private thought',
  permission: 'PUBLIC',
  isNotePublic: true,
  sharingChangedAt: T0,
  createdAt: T0,
  updatedAt: T0,
}) as unknown as StoredRecord

/** A relay around one library: REST writes, the projector and the guard, as in services.ts. */
async function relay() {
  const storage = openSqliteStorage(':memory:')
  await storage.createUser({ id: USER, email: 'a@example.com', passwordHash: 'x', createdAt: 0 })
  const projector = new PublicPageProjector(storage)
  const docs = new UserDocs(storage, {
    onLoaded: (live) => {
      projector.watch(live)
      guardSharing(live)
    },
  })
  const library = new LibraryService(docs, storage)
  await library.upsert(USER, [sharedBookmark, shownMark])
  const lease = await docs.acquire(USER, LIBRARY_DOC)
  const live = lease.live
  const pages = () => storage.listOwnerPublicPages(USER)
  /** Waits for the writes and a projection run after them. */
  const settle = async () => {
    await live.whenSettled()
    for (let turn = 0; turn < 5; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  await vi.waitFor(async () => expect(await pages()).toHaveLength(1))
  return { live, pages, settle, release: () => lease.release() }
}

/** A device holding the relay's doc as it is now, with a fixed client id. */
function device(live: LiveDoc, clientID: number): Y.Doc {
  const doc = new Y.Doc()
  doc.clientID = clientID
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(live.doc))
  return doc
}

function write(doc: Y.Doc, store: ObjectStore, record: StoredRecord): void {
  doc.transact(() => writeEntity(doc, store, record))
}

const read = (doc: Y.Doc, store: ObjectStore, id: string) =>
  decodeEntity(entityMap(doc, store).get(id))

// A stale device's client id above the others: Yjs keeps its concurrent write (the case to guard).
const STALE_CLIENT = 0xffffffff
const FRESH_CLIENT = 1

describe('sharing guard on live rooms', () => {
  it('keeps a newer unshare when a stale PUBLIC copy wins in the room', async () => {
    const { live, pages, settle, release } = await relay()
    const fresh = device(live, FRESH_CLIENT)
    const stale = device(live, STALE_CLIENT)
    const plain = new Y.Doc()
    Y.applyUpdate(plain, Y.encodeStateAsUpdate(live.doc))

    write(fresh, ObjectStore.BOOKMARKS, {
      ...sharedBookmark,
      permission: 'PRIVATE',
      sharingChangedAt: T1,
      updatedAt: T1,
    })
    Y.applyUpdate(plain, sendThroughRoom(fresh, live))
    await settle()
    expect(await pages()).toEqual([])

    // Offline since before the unshare, the stale device edits a tag of its PUBLIC copy.
    write(stale, ObjectStore.BOOKMARKS, { ...sharedBookmark, tags: ['one', 'two'], updatedAt: T1 })
    Y.applyUpdate(plain, sendThroughRoom(stale, live))
    // Without the guard, Yjs keeps the stale copy whole.
    expect(read(plain, ObjectStore.BOOKMARKS, 'b1')).toMatchObject({ permission: 'PUBLIC' })
    await settle()

    expect(read(live.doc, ObjectStore.BOOKMARKS, 'b1')).toMatchObject({
      permission: 'PRIVATE',
      sharingChangedAt: T1,
      tags: ['one', 'two'],
    })
    expect(await pages()).toEqual([])
    // Every device converges on the merged copy.
    receiveFromRoom(live, stale)
    receiveFromRoom(live, fresh)
    expect(read(stale, ObjectStore.BOOKMARKS, 'b1')).toEqual(
      read(live.doc, ObjectStore.BOOKMARKS, 'b1'),
    )
    expect(read(fresh, ObjectStore.BOOKMARKS, 'b1')).toEqual(
      read(live.doc, ObjectStore.BOOKMARKS, 'b1'),
    )
    release()
  })

  it('keeps a hidden note hidden when a stale mark showing it wins in the room', async () => {
    const { live, pages, settle, release } = await relay()
    const fresh = device(live, FRESH_CLIENT)
    const stale = device(live, STALE_CLIENT)

    write(fresh, ObjectStore.MARKS, { ...shownMark, isNotePublic: false, sharingChangedAt: T1 })
    sendThroughRoom(fresh, live)
    write(stale, ObjectStore.MARKS, { ...shownMark, notes: 'an edited thought', updatedAt: T1 })
    sendThroughRoom(stale, live)
    await settle()

    expect(read(live.doc, ObjectStore.MARKS, 'm1')).toMatchObject({
      isNotePublic: false,
      permission: 'PUBLIC',
      notes: 'an edited thought',
    })
    const [page] = await pages()
    expect(page?.pageJson).toContain('highlighted')
    expect(page?.pageJson).not.toContain('thought')
    release()
  })

  it('lets a newer share made through the room win', async () => {
    const { live, pages, settle, release } = await relay()
    const fresh = device(live, FRESH_CLIENT)
    write(fresh, ObjectStore.BOOKMARKS, {
      ...sharedBookmark,
      permission: 'PRIVATE',
      sharingChangedAt: T1,
      updatedAt: T1,
    })
    sendThroughRoom(fresh, live)
    await settle()
    expect(await pages()).toEqual([])

    const later = device(live, STALE_CLIENT)
    write(later, ObjectStore.BOOKMARKS, {
      ...sharedBookmark,
      permission: 'PUBLIC',
      sharingChangedAt: T1 + 1,
      updatedAt: T1 + 1,
    })
    sendThroughRoom(later, live)
    await settle()

    expect(read(live.doc, ObjectStore.BOOKMARKS, 'b1')).toMatchObject({
      permission: 'PUBLIC',
      sharingChangedAt: T1 + 1,
    })
    await vi.waitFor(async () => expect(await pages()).toHaveLength(1))
    release()
  })
})

describe('sharing guard wired in the relay', () => {
  it('keeps an unshare made by REST when a stale room client brings a PUBLIC copy', async () => {
    const app = await buildRelay()
    const url = await listenForRooms(app)
    const ada = await createUser(app, 'ada@example.com')
    const ownerId = String(tokenPayload(ada.token)._id)
    const pages = () => app.services.storage.listOwnerPublicPages(ownerId)
    await push(app, ada, [sharedBookmark])
    await vi.waitFor(async () => expect(await pages()).toHaveLength(1))

    const stale = connectRoom(url, LIBRARY_DOC, ada.token)
    await whenSynced(stale)
    stale.provider.disconnect()
    await push(app, ada, [{ ...sharedBookmark, permission: 'PRIVATE', sharingChangedAt: T1 }])
    // The offline edit, made under a client id that wins the Yjs merge.
    const edit = new Y.Doc()
    edit.clientID = STALE_CLIENT
    Y.applyUpdate(edit, Y.encodeStateAsUpdate(stale.doc))
    write(edit, ObjectStore.BOOKMARKS, { ...sharedBookmark, tags: ['two'], updatedAt: T1 })
    Y.applyUpdate(stale.doc, Y.encodeStateAsUpdate(edit, Y.encodeStateVector(stale.doc)))
    stale.provider.connect()

    await waitUntil(
      () => read(stale.doc, ObjectStore.BOOKMARKS, 'b1')?.permission === 'PRIVATE',
      'the merged copy reached the stale client',
    )
    expect(read(stale.doc, ObjectStore.BOOKMARKS, 'b1')).toMatchObject({ tags: ['two'] })
    const pulled = await pullAll(app, ada)
    expect(pulled.find((pulledEntity) => pulledEntity._id === 'b1')).toMatchObject({
      permission: 'PRIVATE',
      tags: ['two'],
    })
    await vi.waitFor(async () => expect(await pages()).toEqual([]))
    await app.close()
  })
})

describe('keptSharingOf', () => {
  it('keeps the stored copy without `_objectStore` as the apps write it', () => {
    const { _objectStore: _store, ...appCopy } = sharedBookmark
    const newer = { ...appCopy, permission: 'PRIVATE', sharingChangedAt: T1 }
    const kept = keptSharingOf(ObjectStore.BOOKMARKS, newer, { ...appCopy, tags: ['two'] })
    expect(kept).toEqual({ ...appCopy, permission: 'PRIVATE', sharingChangedAt: T1, tags: ['two'] })
    expect(kept).not.toHaveProperty('_objectStore')
  })

  it('never brings back a deleted entity and leaves a newer copy alone', () => {
    expect(keptSharingOf(ObjectStore.BOOKMARKS, sharedBookmark, undefined)).toBeUndefined()
    const newer = { ...sharedBookmark, permission: 'PRIVATE', sharingChangedAt: T1 }
    expect(keptSharingOf(ObjectStore.BOOKMARKS, sharedBookmark, newer)).toBeUndefined()
  })
})
