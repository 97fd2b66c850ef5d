// Two libraries (the extension's and the web app's) joined by two peers, as the bridge joins them:
// they converge, a change made while apart arrives as a diff on connect, nothing is echoed back,
// and the sync bookkeeping travels along so that the relay adapter neither pushes an entity twice
// nor bounces one between the two.
import { afterEach, describe, expect, it } from 'vitest'
import { asBookmark, asMark } from '../testing/stored-fixtures'
import { trackTestStores, type TestStore } from '../testing/store-harness'
import { latestStamp } from '../store/local-store'
import { TransactionOrigin } from '../store/origins'
import { LibraryPeer } from './library-peer'
import { base64ToBytes, type BridgeMessage } from './protocol'

const stores = trackTestStores()
afterEach(() => stores.closeAll())

interface Link {
  /** Every message each end sent, in order. */
  sentByA: BridgeMessage[]
  sentByB: BridgeMessage[]
  a: LibraryPeer
  b: LibraryPeer
  stop(): void
}

/** Joins two stores as the bridge does; messages are delivered in a later task, like ports. */
function link(a: TestStore, b: TestStore): Link {
  const sentByA: BridgeMessage[] = []
  const sentByB: BridgeMessage[] = []
  let open = true
  const deliver = (to: () => LibraryPeer, message: BridgeMessage) =>
    setTimeout(() => open && to().receive(JSON.parse(JSON.stringify(message))), 0)
  const peerA: LibraryPeer = new LibraryPeer({
    library: a.store,
    send: (message) => (sentByA.push(message), deliver(() => peerB, message)),
  })
  const peerB: LibraryPeer = new LibraryPeer({
    library: b.store,
    send: (message) => (sentByB.push(message), deliver(() => peerA, message)),
  })
  peerA.start()
  peerB.start()
  return {
    sentByA,
    sentByB,
    a: peerA,
    b: peerB,
    stop() {
      open = false
      peerA.stop()
      peerB.stop()
    },
  }
}

function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const look = async () => {
      if (await condition()) {
        resolve()
      } else if (Date.now() - started > 5000) {
        reject(new Error('never happened'))
      } else {
        setTimeout(() => void look(), 10)
      }
    }
    void look()
  })
}

const pendingIds = async (harness: TestStore) =>
  (await harness.store.getEntitiesThatNeedSync()).map((entity) => entity._id).sort()

const settle = () => new Promise((resolve) => setTimeout(resolve, 30))

describe('the library bridge', () => {
  it('keeps two libraries in step both ways, stored on both sides', async () => {
    const extension = await stores.harness()
    const webapp = await stores.harness()
    const joined = link(extension, webapp)

    await extension.store.createOrUpdateEntities([
      asBookmark({ _id: 'b1', url: 'https://a.example/' }),
      asMark({ _id: 'm1', _bookmark: 'b1' }),
    ])
    await until(() => webapp.store.getEntityById('m1', 'marks') !== undefined)
    await webapp.store.createOrUpdateEntities([
      { ...asMark({ _id: 'm1', _bookmark: 'b1' }), note: 'from the web app' },
    ])
    await until(
      () =>
        (extension.store.getEntityById('m1', 'marks') as { note?: string } | undefined)?.note ===
        'from the web app',
    )
    joined.stop()

    // What arrived was stored: it is there after a restart of each side.
    await webapp.store.flush()
    await extension.store.flush()
    expect(((await webapp.reopen()).getEntityById('m1', 'marks') as { note?: string })?.note).toBe(
      'from the web app',
    )
    expect((await extension.reopen()).getBookmark('b1')?.url).toBe('https://a.example/')
  })

  it('sends only what the other lacks on connect, and echoes nothing back', async () => {
    const extension = await stores.harness()
    const webapp = await stores.harness()
    const many = Array.from({ length: 200 }, (_, i) =>
      asBookmark({ _id: `old-${i}`, url: `https://old.example/${i}` }),
    )
    await extension.store.createOrUpdateEntities(many)
    let joined = link(extension, webapp)
    await until(() => webapp.store.getAllBookmarks().length === 200)
    await settle()
    // Each side sent its step 1 and answered the other's; nothing came back as an update.
    expect(joined.sentByB.map((message) => message.t)).toEqual(['sync1', 'sync2'])
    joined.stop()

    // Apart: one new bookmark in the extension. On the next connect only that one travels.
    await extension.store.createOrUpdateEntities([asBookmark({ _id: 'new', url: 'https://n/' })])
    joined = link(extension, webapp)
    await until(() => webapp.store.getBookmark('new') !== undefined)
    const diff = joined.sentByA.find((message) => message.t === 'sync2')
    // 200 bookmarks are several kilobytes; the diff is one bookmark.
    expect(diff?.t).toBe('sync2')
    expect(base64ToBytes((diff as { update: string }).update).byteLength).toBeLessThan(1000)
    await settle()
    expect(joined.sentByB.map((message) => message.t)).toEqual(['sync1', 'sync2'])
    joined.stop()
  })

  it('does not push twice, nor bounce, an entity that arrived over the bridge', async () => {
    const extension = await stores.harness()
    const webapp = await stores.harness()
    const joined = link(extension, webapp)

    // Made in the extension, not synced yet: pending on both sides (either may push it first).
    await extension.store.createOrUpdateEntities([asBookmark({ _id: 'b1', url: 'https://a/' })])
    await until(() => webapp.store.getBookmark('b1') !== undefined)
    expect(await pendingIds(webapp)).toEqual(['b1'])
    // Not a local write of the web app: its sync scheduler is not woken for it.
    const changes: boolean[] = []
    webapp.store.observe((change) => changes.push(change.local))

    // The extension pushes it: the web app hears it is synced and will not push it again.
    const stamp = extension.store.getStoredEntity({ _id: 'b1', _objectStore: 'bookmarks' })!
    extension.store.markSynced([
      { ref: { _id: 'b1', _objectStore: 'bookmarks' }, lastSync: latestStamp(stamp) },
    ])
    await until(async () => (await pendingIds(webapp)).length === 0)
    expect(await pendingIds(extension)).toEqual([])

    // The web app's next pull brings the same entity back from the relay (its own cursor) and
    // writes it with the remote origin: the extension gets that update, takes nothing for pending
    // and sends nothing back.
    const sentByExtension = joined.sentByA.length
    await webapp.store.createOrUpdateEntities(
      [{ ...webapp.store.getStoredEntity({ _id: 'b1', _objectStore: 'bookmarks' })! }],
      TransactionOrigin.REMOTE,
    )
    await settle()
    expect(await pendingIds(extension)).toEqual([])
    expect(await pendingIds(webapp)).toEqual([])
    expect(joined.sentByA.length).toBe(sentByExtension)
    expect(changes.every((local) => !local)).toBe(true)

    // Synced in the web app while the extension was away: the extension learns it on connect.
    joined.stop()
    await webapp.store.createOrUpdateEntities([asBookmark({ _id: 'b2', url: 'https://b/' })])
    const b2 = webapp.store.getStoredEntity({ _id: 'b2', _objectStore: 'bookmarks' })!
    webapp.store.markSynced([
      { ref: { _id: 'b2', _objectStore: 'bookmarks' }, lastSync: latestStamp(b2) },
    ])
    const again = link(extension, webapp)
    await until(() => extension.store.getBookmark('b2') !== undefined)
    await settle()
    expect(await pendingIds(extension)).toEqual([])
    again.stop()
  })

  it('takes only a lastSync that describes the value held, so an unsynced edit stays pending', async () => {
    const { store } = await stores.harness()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b1', url: 'https://a/', title: 'x' })])
    const ref = { _id: 'b1', _objectStore: 'bookmarks' } as const
    const first = latestStamp(store.getStoredEntity(ref)!)
    store.markSynced([{ ref, lastSync: first }])
    // An edit here, not synced yet; the other side meanwhile synced (or pulled) another version.
    await store.createOrUpdateEntities([{ ...store.getStoredEntity(ref)!, title: 'edited here' }])
    const held = latestStamp(store.getStoredEntity(ref)!)
    store.mergeLastSync([['bookmarks/b1', held + 1_000]])
    expect(await pendingIds({ store } as TestStore)).toEqual(['b1'])
    // A lastSync of exactly the value held is taken; keys of no stored entity are not.
    store.mergeLastSync([
      ['bookmarks/b1', held],
      ['bookmarks/unknown', held],
      ['nostore/b1', held],
    ])
    expect(await pendingIds({ store } as TestStore)).toEqual([])
    expect(store.device.lastSyncOfKey('bookmarks/unknown')).toBeUndefined()
  })

  it('drops what is not a bridge message, or an update Yjs cannot read', async () => {
    const extension = await stores.harness()
    const peer = new LibraryPeer({ library: extension.store, send: () => undefined })
    peer.start()
    expect(peer.receive({ t: 'update', update: 'not base64!' })).toBe(false)
    expect(peer.receive({ t: 'update', update: 'AAAAAAAA' })).toBe(true)
    expect(extension.store.getAllBookmarks()).toEqual([])
    peer.stop()
  })
})
