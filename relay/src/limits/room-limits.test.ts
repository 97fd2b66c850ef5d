// The room limits per account over every socket of that account: the socket cap refuses the
// N+1th socket with its close code, and the message bucket closes a socket once the account's
// sockets together sent too much, with the code and a reason that says when to come back.
import { ObjectStore, entityMap } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  buildRelayOn,
  createUser,
  entity,
  openMemorySqlite,
  tokenPayload,
} from '../testing/relay-harness'
import { connectRoom, listenForRooms, nextClose, whenSynced } from '../testing/ws-client'
import { ROOM_RATE_LIMITED_CLOSE_CODE, ROOM_TOO_MANY_SOCKETS_CLOSE_CODE } from './room-limits'

describe('room limits per account', () => {
  it('refuses the socket past the per-account cap with its close code, for that account only', async () => {
    const app = await buildRelayOn(openMemorySqlite, {
      config: { limits: { socketsPerAccount: 2 } },
    })
    const ada = await createUser(app, 'ada@example.com')
    const bob = await createUser(app, 'bob@example.com')
    const url = await listenForRooms(app)
    const first = connectRoom(url, 'library', ada.token)
    const second = connectRoom(url, 'pagecontent-p1', ada.token)
    await whenSynced(first)
    await whenSynced(second)
    expect(app.limits.rooms.openSockets(String(tokenPayload(ada.token)._id))).toBe(2)

    const third = connectRoom(url, 'library', ada.token)
    expect(await nextClose(third)).toMatchObject({
      code: ROOM_TOO_MANY_SOCKETS_CLOSE_CODE,
      reason: expect.stringContaining('TOO_MANY_SOCKETS') as string,
    })
    const bobs = connectRoom(url, 'library', bob.token)
    await whenSynced(bobs)

    // Once one closes, a new one fits.
    first.destroy()
    const again = connectRoom(url, 'library', ada.token)
    await whenSynced(again)
  })

  it('closes a socket once the account’s sockets together sent more messages than the bucket holds', async () => {
    const app = await buildRelayOn(openMemorySqlite, {
      // A refill so slow that the test never sees it.
      config: { limits: { roomMessagesPerAccount: { burst: 12, perMinute: 0.001 } } },
    })
    const ada = await createUser(app, 'ada@example.com')
    const bob = await createUser(app, 'bob@example.com')
    const url = await listenForRooms(app)
    const first = connectRoom(url, 'library', ada.token)
    const second = connectRoom(url, 'library', ada.token)
    await whenSynced(first)
    await whenSynced(second)
    const bobs = connectRoom(url, 'library', bob.token)
    await whenSynced(bobs)

    const closed = Promise.race([nextClose(first), nextClose(second)])
    for (let change = 0; change < 12; change += 1) {
      const client = change % 2 === 0 ? first : second
      entityMap(client.doc, ObjectStore.BOOKMARKS).set(`b${change}`, entity.bookmark(`b${change}`))
    }
    expect(await closed).toMatchObject({
      code: ROOM_RATE_LIMITED_CLOSE_CODE,
      reason: expect.stringMatching(
        /^RATE_LIMITED: too many messages, retry after \d+ s$/,
      ) as string,
    })

    // Bob's sockets are not counted with Ada's.
    entityMap(bobs.doc, ObjectStore.BOOKMARKS).set('bob-1', entity.bookmark('bob-1'))
    await whenSynced(bobs)
    expect(bobs.provider.wsconnected).toBe(true)
  })
})
