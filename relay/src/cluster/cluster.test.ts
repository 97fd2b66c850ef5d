// Three relay instances on one real PostgreSQL database (ADR 085): they share signing keys (with
// key ids and rotation), announce updates, deletions and revocations to each other over
// LISTEN/NOTIFY, heal a missed announcement from the update log, share rate limits, report
// readiness from the database, and close live clients with "come back" when they shut down.
// Each instance may reach the database through its own TCP proxy, so one can lose it alone.
import { ObjectStore, bodyRoomName, entityMap } from '@inkmark/shared'
import type { FastifyInstance } from 'fastify'
import { decodeProtectedHeader } from 'jose'
import { describe, expect, it, onTestFinished } from 'vitest'
import { SESSION_REVOKED_CLOSE_CODE } from '../accounts/session-sockets'
import { createRelay } from '../app'
import type { RelayConfig } from '../config'
import {
  ROOM_CLOSED_CLOSE_CODE,
  ROOM_RESET_CLOSE_CODE,
  ROOM_RESTART_CLOSE_CODE,
} from '../rooms/rooms'
import { openPostgresStorage, type PostgresTimeouts } from '../storage/postgres-storage'
import { testConfig } from '../testing/build'
import { usePostgres } from '../testing/postgres-relay'
import {
  createUser,
  entity,
  injectAs,
  pullAll,
  pulledIds,
  push,
  type TestUser,
} from '../testing/relay-harness'
import { wrapStorage } from '../testing/storage-wrappers'
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy'
import {
  connectRoom,
  httpOrigin,
  listenForRooms,
  waitUntil,
  whenSynced,
} from '../testing/ws-client'
import { signUserToken } from '../accounts/tokens'
import { rotateSigningKey } from './rotate-key'
import { makeSigningKey } from './signing-keys'

const postgres = usePostgres()

/** Short waits, so that a test of a database that stops answering ends quickly. */
const QUICK: PostgresTimeouts = { connectMs: 1_000, queryMs: 2_000, idleInTransactionMs: 5_000 }

interface Instance {
  app: FastifyInstance
  proxy: TcpProxy
}

/** `count` instances on one fresh database, each through its own proxy, keys from the database. */
async function instances(
  count: number,
  config: Partial<RelayConfig> = {},
): Promise<{ all: Instance[]; databaseUrl: string }> {
  const databaseUrl = await postgres.freshDatabaseUrl()
  const target = new URL(databaseUrl)
  const all: Instance[] = []
  for (let index = 0; index < count; index += 1) {
    const proxy = await startTcpProxy(target.hostname, Number(target.port))
    const storage = await openPostgresStorage(proxy.through(databaseUrl), QUICK)
    const app = await createRelay({
      config: testConfig({ jwtSecret: undefined, ...config }),
      storage,
      version: 'test',
    })
    await app.ready()
    onTestFinished(async () => {
      await app.close()
      await proxy.close()
    })
    all.push({ app, proxy })
  }
  return { all, databaseUrl }
}

function keyIdOf(user: TestUser): string | undefined {
  return decodeProtectedHeader(user.token).kid
}

const signIn = (app: FastifyInstance, email: string, password = 'correct horse battery') =>
  app.inject({ method: 'POST', url: '/auth', payload: { email, password } })

describe('relay instances sharing one PostgreSQL database', { timeout: 60_000 }, () => {
  it('share signing keys: a token of one works on every other, and survives a rotation', async () => {
    const {
      all: [a, b, c],
    } = await instances(3)
    const ada = await createUser(a!.app, 'ada@example.com')
    const firstKey = keyIdOf(ada)
    expect(firstKey).toBe(a!.app.services.keys.current.id)
    for (const other of [b!, c!]) {
      expect(
        (await injectAs(other.app, ada, { method: 'GET', url: '/bookmarks' })).statusCode,
      ).toBe(200)
    }

    // A rotation: every instance hears of it and signs with the new key; the old token still works.
    await rotateSigningKey(a!.app.services.storage.cluster!.signingKeys, Date.now())
    await waitUntil(
      () => [a!, b!, c!].every((each) => each.app.services.keys.current.id !== firstKey),
      'every instance signs with the new key',
    )
    const signedIn = await signIn(b!.app, 'ada@example.com')
    const renewed = signedIn.json<{ token: string }>().token
    expect(decodeProtectedHeader(renewed).kid).toBe(c!.app.services.keys.current.id)
    const headers = (token: string) => ({ authorization: `Bearer ${token}` })
    for (const each of [a!, b!, c!]) {
      for (const token of [ada.token, renewed]) {
        const answer = await each.app.inject({
          method: 'GET',
          url: '/bookmarks',
          headers: headers(token),
        })
        expect(answer.statusCode).toBe(200)
      }
    }

    // A leaked key is retired at once: its tokens stop working everywhere, the new ones keep going
    // (rotated from a machine whose clock is a day behind: the new key is still the newest).
    await rotateSigningKey(a!.app.services.storage.cluster!.signingKeys, Date.now() - 86_400_000, {
      retireOthers: true,
    })
    await waitUntil(
      () => [a!, b!, c!].every((each) => each.app.services.keys.all.length === 1),
      'every instance dropped the retired keys',
    )
    for (const each of [a!, b!, c!]) {
      const old = await each.app.inject({
        method: 'GET',
        url: '/bookmarks',
        headers: headers(renewed),
      })
      expect(old.statusCode).toBe(401)
    }
  })

  it('brings a write on one instance to live clients on the others, and heals a missed announcement', async () => {
    const {
      all: [a, b, c],
    } = await instances(3)
    const ada = await createUser(a!.app, 'ada@example.com')
    const onB = connectRoom(await listenForRooms(b!.app), 'library', ada.token)
    const onC = connectRoom(await listenForRooms(c!.app), 'library', ada.token)
    await Promise.all([whenSynced(onB), whenSynced(onC)])
    const bookmarksOf = (client: typeof onB) => entityMap(client.doc, ObjectStore.BOOKMARKS)

    await push(a!.app, ada, [entity.bookmark('rest-on-a')])
    await waitUntil(
      () => bookmarksOf(onB).has('rest-on-a') && bookmarksOf(onC).has('rest-on-a'),
      'the REST write on A reached the live clients of B and C',
    )
    bookmarksOf(onB).set('live-on-b', entity.bookmark('live-on-b'))
    await waitUntil(() => bookmarksOf(onC).has('live-on-b'), 'the live write on B reached C')

    // C loses the database (its bus with it) while A writes: the announcement never reaches C.
    let reconnected = false
    c!.app.services.storage.cluster!.bus.onReconnected(() => {
      reconnected = true
    })
    c!.proxy.cut()
    await waitUntil(() => !c!.app.services.storage.cluster!.bus.connected, 'C lost its bus')
    await push(a!.app, ada, [entity.bookmark('while-c-was-away')])
    await waitUntil(() => bookmarksOf(onB).has('while-c-was-away'), 'B heard of the write')
    expect(bookmarksOf(onC).has('while-c-was-away')).toBe(false)
    c!.proxy.restore()
    await waitUntil(() => reconnected, 'C got its bus back', 10_000)
    await waitUntil(
      () => bookmarksOf(onC).has('while-c-was-away'),
      'C caught up from the update log and sent the write to its client',
    )
  })

  it('drops a deleted page body on every instance: its room elsewhere closes for a reload', async () => {
    const {
      all: [a, b],
    } = await instances(2)
    const ada = await createUser(a!.app, 'ada@example.com')
    await push(a!.app, ada, [entity.page('p1', '<p>owls</p>')])
    const onB = connectRoom(
      await listenForRooms(b!.app),
      bodyRoomName('pagecontent', 'p1'),
      ada.token,
    )
    await whenSynced(onB)
    const closed = new Promise<number>((resolve) => {
      onB.provider.once('connection-close', (event: { code: number } | null) =>
        resolve(event?.code ?? 0),
      )
    })
    const deleted = await injectAs(a!.app, ada, {
      method: 'DELETE',
      url: '/sync',
      payload: { entities: [{ _id: 'p1', _objectStore: 'pagecontents' }] },
    })
    expect(deleted.statusCode).toBe(200)
    // As on the instance that deleted it: the room's copy is gone, its clients come back to the
    // stored (now empty) doc.
    expect(await closed).toBe(ROOM_RESET_CLOSE_CODE)
  })

  it('closes live clients on every instance when the account is deleted or signed out elsewhere', async () => {
    const {
      all: [a, b],
    } = await instances(2)
    const ada = await createUser(a!.app, 'ada@example.com')
    const bob = await createUser(a!.app, 'bob@example.com')
    const url = await listenForRooms(b!.app)
    const adaOnB = connectRoom(url, 'library', ada.token)
    const bobOnB = connectRoom(url, 'library', bob.token)
    await Promise.all([whenSynced(adaOnB), whenSynced(bobOnB)])
    const closeOf = (client: typeof adaOnB) =>
      new Promise<number>((resolve) => {
        client.provider.once('connection-close', (event: { code: number } | null) =>
          resolve(event?.code ?? 0),
        )
      })

    const adaClosed = closeOf(adaOnB)
    expect(
      (await injectAs(a!.app, ada, { method: 'POST', url: '/users/logout-all' })).statusCode,
    ).toBe(200)
    expect(await adaClosed).toBe(SESSION_REVOKED_CLOSE_CODE)

    const bobClosed = closeOf(bobOnB)
    const deleted = await injectAs(a!.app, bob, {
      method: 'DELETE',
      url: '/users/delete',
      payload: { password: 'correct horse battery' },
    })
    expect(deleted.statusCode).toBe(200)
    expect([ROOM_CLOSED_CLOSE_CODE, SESSION_REVOKED_CLOSE_CODE]).toContain(await bobClosed)
  })

  it('counts rate limits across instances, per account and per address', async () => {
    const {
      all: [a, b, c],
    } = await instances(3, {
      limits: { signInPerAccount: { burst: 3, perMinute: 0.001 } },
    })
    await createUser(a!.app, 'ada@example.com')
    // Three failed sign-ins for one account, one on each instance: the fourth is refused anywhere.
    for (const each of [a!, b!, c!]) {
      expect((await signIn(each.app, 'ada@example.com', 'wrong password')).statusCode).toBe(401)
    }
    for (const each of [a!, b!, c!]) {
      expect((await signIn(each.app, 'ada@example.com', 'wrong password')).statusCode).toBe(429)
    }

    // Sign-ins from one address (20 a minute) for different accounts, spread over the instances.
    const answers: number[] = []
    for (let index = 0; index < 17; index += 1) {
      const each = [a!, b!, c!][index % 3]!
      answers.push((await signIn(each.app, `nobody-${index}@example.com`)).statusCode)
    }
    // 6 sign-ins above plus 14 here reach the address's 20; the rest are refused.
    expect(answers.filter((status) => status === 401)).toHaveLength(14)
    expect(answers.slice(14)).toEqual([429, 429, 429])
  })

  it('says it is not ready while its database does not answer, and fails requests instead of hanging', async () => {
    const {
      all: [a, b],
    } = await instances(2)
    const ada = await createUser(a!.app, 'ada@example.com')
    for (const each of [a!, b!]) {
      const ready = await each.app.inject({ method: 'GET', url: '/health/ready' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toMatchObject({
        status: 'ready',
        checks: { database: 'ok', clusterBus: 'ok' },
      })
    }
    b!.proxy.freeze()
    // Readiness answers from one check at a time (kept half a second): the next one sees it.
    const readiness = async () => b!.app.inject({ method: 'GET', url: '/health/ready' })
    await waitUntil(
      async () => (await readiness()).statusCode === 503,
      'B says it is not ready',
      15_000,
    )
    const notReady = (await readiness()).json<{ status: string; checks: { database: string } }>()
    expect(notReady.status).toBe('unavailable')
    // A pooled connection that stopped answering times out; a new one through the frozen proxy fails.
    expect(['timed out', 'failed']).toContain(notReady.checks.database)
    // Liveness stays: the process is fine, restarting it would not help.
    expect((await b!.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200)
    // A token naming a key B does not know makes it read the keys, which it cannot now: 503 (try
    // again), not 401 (which would sign the person out).
    const unknownKey = await signUserToken(
      (await a!.app.services.storage.findUserByEmail('ada@example.com'))!,
      makeSigningKey(Date.now()),
      Math.floor(Date.now() / 1000),
    )
    const unchecked = await b!.app.inject({
      method: 'GET',
      url: '/bookmarks',
      headers: { authorization: `Bearer ${unknownKey}` },
    })
    expect(unchecked.statusCode).toBe(503)
    const stuck = await injectAs(b!.app, ada, { method: 'GET', url: '/bookmarks' })
    expect(stuck.statusCode).toBeGreaterThanOrEqual(500)
    expect(stuck.body).not.toContain('127.0.0.1')
    // A is unaffected.
    expect((await injectAs(a!.app, ada, { method: 'GET', url: '/bookmarks' })).statusCode).toBe(200)

    b!.proxy.restore()
    await waitUntil(
      async () => (await b!.app.inject({ method: 'GET', url: '/health/ready' })).statusCode === 200,
      'B is ready again',
      15_000,
    )
    expect((await injectAs(b!.app, ada, { method: 'GET', url: '/bookmarks' })).statusCode).toBe(200)
  })

  it('shutting down, fails readiness first, finishes requests in flight and tells live clients to come back (1012)', async () => {
    const databaseUrl = await postgres.freshDatabaseUrl()
    // B's appends wait at a gate, so that a request is surely in flight when B closes.
    let reached: () => void = () => undefined
    const appendReached = new Promise<void>((resolve) => {
      reached = resolve
    })
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let gated = false
    const open = async (withGate: boolean) => {
      const storage = await openPostgresStorage(databaseUrl, QUICK)
      return createRelay({
        config: testConfig({ jwtSecret: undefined }),
        storage: withGate
          ? wrapStorage(storage, {
              appendDocUpdate: async (...args) => {
                if (gated) {
                  reached()
                  await gate
                }
                return storage.appendDocUpdate(...args)
              },
            })
          : storage,
        version: 'test',
      })
    }
    const a = await open(false)
    const b = await open(true)
    onTestFinished(async () => {
      await a.close()
      // Closed by the test itself unless it failed first (closing twice is harmless).
      await b.close()
    })
    const ada = await createUser(a, 'ada@example.com')
    await push(a, ada, [entity.bookmark('kept')])
    const roomsUrl = await listenForRooms(b)
    const client = connectRoom(roomsUrl, 'library', ada.token)
    await whenSynced(client)
    const closed = new Promise<number>((resolve) => {
      client.provider.once('connection-close', (event: { code: number } | null) =>
        resolve(event?.code ?? 0),
      )
    })
    b.relayState.draining = true
    expect((await b.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({
      checks: { shutdown: 'draining' },
    })
    // A request in flight when the relay closes is finished, not dropped.
    const send = () =>
      fetch(`${httpOrigin(roomsUrl)}/sync`, {
        method: 'POST',
        headers: { ...ada.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          entities: Array.from({ length: 20 }, (_, index) => entity.bookmark(`during-${index}`)),
        }),
      })
    gated = true
    const inFlight = send()
    await appendReached
    const closing = b.close()
    await waitUntil(() => !b.server.listening, 'B stopped accepting')
    release()
    expect((await inFlight).status).toBe(200)
    await closing
    expect(await closed).toBe(ROOM_RESTART_CLOSE_CODE)
    expect(pulledIds(await pullAll(a, ada))).toEqual([
      ...Array.from({ length: 20 }, (_, index) => `during-${index}`).sort(),
      'kept',
    ])
  })
})
