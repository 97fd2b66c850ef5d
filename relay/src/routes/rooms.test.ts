// Live rooms over a real socket with real y-websocket clients: REST and room changes reach each
// other, tickets are checked before any doc data is sent, a room is always the token's own user's
// doc, and bad input ends one connection, never the relay.
import { ObjectStore, decodeEntity, entityMap } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { buildRelay } from '../testing/build'
import {
  createUser,
  entity,
  injectAs,
  pullAll,
  pulledIds,
  push,
  tokenPayload,
  type TestUser,
} from '../testing/relay-harness'
import { withFailingAppends, withSlowDocLoads } from '../testing/storage-wrappers'
import { openSqliteStorage } from '../storage/sqlite-storage'
import {
  connectRoom,
  listenForRooms,
  nextClose,
  openRawSocket,
  roomTicket,
  waitUntil,
  whenSynced,
  type RoomClient,
} from '../testing/ws-client'

const bookmarks = (client: RoomClient) => entityMap(client.doc, ObjectStore.BOOKMARKS)

async function relayWithUsers() {
  const app = await buildRelay()
  const url = await listenForRooms(app)
  const ada = await createUser(app, 'ada@example.com')
  const bob = await createUser(app, 'bob@example.com')
  return { app, url, ada, bob }
}

function userId(user: TestUser): string {
  return String(tokenPayload(user.token)._id)
}

function pulledHas(app: Parameters<typeof pullAll>[0], user: TestUser, id: string) {
  return async () => pulledIds(await pullAll(app, user)).includes(id)
}

describe('live rooms', () => {
  it('sends REST pushes to a connected client and stores what the client changes', async () => {
    const { app, url, ada } = await relayWithUsers()
    await push(app, ada, [entity.bookmark('before', { title: 'Pushed before connecting' })])
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)
    expect(decodeEntity(bookmarks(client).get('before'))).toMatchObject({
      title: 'Pushed before connecting',
    })

    await push(app, ada, [entity.bookmark('b1', { title: 'Pushed by REST' })])
    await waitUntil(() => bookmarks(client).has('b1'), 'the REST push reached the client')
    expect(decodeEntity(bookmarks(client).get('b1'))).toMatchObject({
      _id: 'b1',
      title: 'Pushed by REST',
    })

    const mark = entity.mark('m1', 'b1', { text: 'Highlighted in the live client' })
    entityMap(client.doc, ObjectStore.MARKS).set('m1', mark)
    await waitUntil(pulledHas(app, ada, 'm1'), 'the client change was stored')
    const pulled = await pullAll(app, ada)
    expect(pulled.find((pulledEntity) => pulledEntity._id === 'm1')).toMatchObject({
      _objectStore: 'marks',
      text: 'Highlighted in the live client',
    })
    const marks = await injectAs(app, ada, { method: 'GET', url: '/marks' })
    expect(marks.json()).toEqual([expect.objectContaining({ _id: 'm1' })])

    // A deletion in the client is a tombstone for the pull.
    entityMap(client.doc, ObjectStore.MARKS).delete('m1')
    await waitUntil(pulledHas(app, ada, 'm1(deleted)'), 'the client deletion was stored')
    client.destroy()
  })

  it('refuses a connection without a valid token before sending any doc data', async () => {
    const { app, url, ada } = await relayWithUsers()
    await push(app, ada, [entity.bookmark('b1', { title: 'Private' })])
    const [header, payload] = ada.token.split('.')
    for (const token of [undefined, 'not-a-token', `${header}.${payload}.forged-signature`]) {
      const client = connectRoom(url, 'library', token)
      await nextClose(client)
      expect(client.provider.synced, String(token)).toBe(false)
      expect(client.doc.share.size, String(token)).toBe(0)
      expect(Y.encodeStateVector(client.doc)).toEqual(new Uint8Array([0]))
      client.destroy()

      const raw = await openRawSocket(
        `${url}/library${token === undefined ? '' : `?ticket=${token}`}`,
      )
      expect(raw.refusedWith, String(token)).toBe(401)
    }
    // The login token itself opens no room: only a ticket does.
    expect((await openRawSocket(`${url}/library?token=${ada.token}`)).refusedWith).toBe(401)
    expect((await openRawSocket(`${url}/library?ticket=${ada.token}`)).refusedWith).toBe(401)
    // Unknown room names are refused as well (after the ticket check).
    expect(
      (await openRawSocket(`${url}/secrets?ticket=${await roomTicket(app, ada.token)}`))
        .refusedWith,
    ).toBe(404)
  })

  it("always joins the token's own user's doc: B never sees A's entities", async () => {
    const { app, url, ada, bob } = await relayWithUsers()
    await push(app, ada, [entity.bookmark('a-bookmark', { title: 'Ada only' })])
    await push(app, ada, [entity.page('a-page', '<p>Ada only</p>')])
    await push(app, bob, [entity.bookmark('b-bookmark', { title: 'Bob only' })])

    const adaClient = connectRoom(url, 'library', ada.token)
    const bobClient = connectRoom(url, 'library', bob.token)
    // Parameters naming another user change nothing: the room is the token's user's.
    const sneaky = connectRoom(url, 'library', bob.token, {
      user: userId(ada),
      userId: userId(ada),
    })
    const bobPage = connectRoom(url, 'pagecontent-a-page', bob.token)
    await Promise.all([adaClient, bobClient, sneaky, bobPage].map(whenSynced))

    expect([...bookmarks(bobClient).keys()]).toEqual(['b-bookmark'])
    expect([...bookmarks(sneaky).keys()]).toEqual(['b-bookmark'])
    expect(bobPage.doc.getMap('page').size).toBe(0)

    // Changes on either side stay on that side.
    await push(app, ada, [entity.bookmark('a-later', { title: 'Ada later' })])
    bookmarks(bobClient).set('a-bookmark', entity.bookmark('a-bookmark', { title: 'Bob was here' }))
    await waitUntil(() => bookmarks(adaClient).has('a-later'), 'Ada got her own push')
    await waitUntil(pulledHas(app, bob, 'a-bookmark'), "Bob's change was stored for Bob")
    // Round-trip through Ada's room after Bob's change: whatever reached her room is visible now.
    await push(app, ada, [entity.bookmark('a-marker')])
    await waitUntil(() => bookmarks(adaClient).has('a-marker'), 'Ada got the marker')

    expect(decodeEntity(bookmarks(adaClient).get('a-bookmark'))).toMatchObject({
      title: 'Ada only',
    })
    expect(bookmarks(bobClient).has('a-later')).toBe(false)
    expect(bookmarks(bobClient).has('a-marker')).toBe(false)
    const adaPulled = await pullAll(app, ada)
    expect(adaPulled.find((pulled) => pulled._id === 'a-bookmark')).toMatchObject({
      title: 'Ada only',
    })
    expect(pulledIds(adaPulled)).not.toContain('b-bookmark')
    for (const client of [adaClient, bobClient, sneaky, bobPage]) {
      client.destroy()
    }
  })

  it('closes a connection that sends a malformed message and keeps serving the others', async () => {
    const { app, url, ada } = await relayWithUsers()
    const healthy = connectRoom(url, 'library', ada.token)
    await whenSynced(healthy)

    const malformed = [
      new Uint8Array([0, 2, 200, 1, 2, 3]),
      new Uint8Array([0, 9]),
      new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      new Uint8Array([1, 50, 1, 2]),
      new Uint8Array([0, 0]),
    ]
    for (const message of malformed) {
      const { socket } = await openRawSocket(
        `${url}/library?ticket=${await roomTicket(app, ada.token)}`,
      )
      if (!socket) {
        throw new Error('the raw socket was refused')
      }
      const closed = new Promise<number>((resolve) => socket.once('close', resolve))
      socket.send(message)
      expect(await closed, String(message)).toBe(4400)
    }

    // Text frames and unknown message types are ignored or refused the same way, never fatal.
    const { socket } = await openRawSocket(
      `${url}/library?ticket=${await roomTicket(app, ada.token)}`,
    )
    socket?.send('hello')
    await push(app, ada, [entity.bookmark('after-garbage')])
    await waitUntil(
      () => bookmarks(healthy).has('after-garbage'),
      'the healthy client got the push',
    )
    const fresh = connectRoom(url, 'library', ada.token)
    await whenSynced(fresh)
    expect(bookmarks(fresh).has('after-garbage')).toBe(true)
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
    healthy.destroy()
    fresh.destroy()
  })

  it('never answers 5xx over entities a live client wrote in shapes REST does not expect', async () => {
    const { app, url, ada } = await relayWithUsers()
    await push(app, ada, [entity.bookmark('b1', { tags: ['fine'] }), entity.mark('m1', 'b1')])
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)
    const odd: (() => unknown)[] = [
      () => null,
      () => 'a string',
      () => 42,
      () => ['an', 'array'],
      () => new Y.Map(),
      () => ({ tags: 'x' }),
    ]
    client.doc.transact(() => {
      odd.forEach((value, index) => {
        for (const store of Object.values(ObjectStore)) {
          entityMap(client.doc, store).set(`odd-${index}`, value() as never)
        }
      })
    })
    await waitUntil(pulledHas(app, ada, 'odd-5'), 'the odd values were stored')
    for (const path of [
      '/bookmarks',
      '/bookmarks/odd-0',
      '/bookmarks/b1/marks',
      '/marks',
      '/tags',
      '/chrome-storage',
      '/page-contents',
      '/page-contents/html?_id=odd-1',
      '/aichats',
      '/aichats/messages?_id=odd-3',
      '/sync?since=0',
    ]) {
      const response = await injectAs(app, ada, { method: 'GET', url: path })
      expect(response.statusCode, `${path}: ${response.body}`).toBeLessThan(500)
    }
    const learning = await injectAs(app, ada, {
      method: 'PUT',
      url: '/learning-info',
      payload: { marks: [{ _id: 'odd-2', learningItem: { box: 1 } }] },
    })
    expect(learning.statusCode).toBeLessThan(500)
    expect((await injectAs(app, ada, { method: 'GET', url: '/tags' })).json()).toEqual([
      { name: 'fine', count: 1 },
    ])
    // The pull names every changed entity by id; values that are no entity are tombstones.
    const pulled = await pullAll(app, ada)
    expect(pulled.every((pulledEntity) => typeof pulledEntity._id === 'string')).toBe(true)
    expect(pulled.find((pulledEntity) => pulledEntity._id === 'odd-0')).toMatchObject({
      deleted: true,
    })
    client.destroy()
  })

  it('closes the rooms of a deleted account for good', async () => {
    const { app, url, ada } = await relayWithUsers()
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)
    const closed = new Promise<{ code: number }>((resolve) =>
      client.provider.once('closed', (event: { code: number }) => resolve(event)),
    )
    const ticket = await roomTicket(app, ada.token)
    await injectAs(app, ada, {
      method: 'DELETE',
      url: '/users/delete',
      payload: { password: 'correct horse battery' },
    })
    expect((await closed).code).toBe(4403)
    expect(client.provider.shouldConnect).toBe(false)
    // A ticket taken before the deletion opens nothing after it.
    expect((await openRawSocket(`${url}/library?ticket=${ticket}`)).refusedWith).toBe(401)
  })

  it('syncs a client that connects while its doc is still loading from a slow storage', async () => {
    const app = await buildRelay({ storage: withSlowDocLoads(openSqliteStorage(':memory:'), 150) })
    const url = await listenForRooms(app)
    const ada = await createUser(app, 'ada@example.com')
    await push(app, ada, [entity.bookmark('b1')])
    // A fresh relay instance on the same data would load the doc anew: evict it here.
    app.services.docs.evictUser(userId(ada))
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)
    expect(bookmarks(client).has('b1')).toBe(true)
    client.destroy()
  })

  it('reconnects live clients to a reloaded doc after a failed write, and keeps them in sync', async () => {
    const failing = withFailingAppends(openSqliteStorage(':memory:'))
    const app = await buildRelay({ storage: failing.storage })
    const url = await listenForRooms(app)
    const ada = await createUser(app, 'ada@example.com')
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)

    failing.failNextAppend()
    const failed = await injectAs(app, ada, {
      method: 'POST',
      url: '/sync',
      payload: { entities: [entity.bookmark('lost')] },
    })
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong. Try again later.',
    })

    await push(app, ada, [entity.bookmark('b2')])
    await waitUntil(() => bookmarks(client).has('b2'), 'the client got the push after the failure')
    entityMap(client.doc, ObjectStore.MARKS).set('m1', entity.mark('m1', 'b2'))
    await waitUntil(pulledHas(app, ada, 'm1'), 'the client change was stored after the failure')
    client.destroy()
  })
})
