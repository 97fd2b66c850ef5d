import {
  ALWAYS_SYNC_ACCOUNT_CREATED_AT_MILLIS,
  LIFETIME_EXPIRY_MARKER_MILLIS,
} from '@inkmark/shared'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { signUserToken } from '../accounts/tokens'
import { ROOM_PREMIUM_REQUIRED_CLOSE_CODE } from '../rooms/plan-sockets'
import { TEST_JWT_SECRET } from '../testing/build'
import {
  buildRelayOn,
  createUser,
  entity,
  injectAs,
  manualClock,
  pulledIds,
  pullAll,
  push,
  type TestUser,
} from '../testing/relay-harness'
import { connectRoom, listenForRooms, nextClose, whenSynced } from '../testing/ws-client'
import { openSqliteStorage } from '../storage/sqlite-storage'
import type { NewUser, RelayStorage } from '../storage/relay-storage'

const START = Date.UTC(2026, 0, 10, 9, 0, 0)
const DAY_MS = 24 * 60 * 60 * 1000
const open = () => Promise.resolve(openSqliteStorage(':memory:'))

/** Signs in again (a fresh token) for `user` on the relay's clock. */
async function signIn(app: FastifyInstance, user: TestUser): Promise<TestUser> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth',
    payload: { email: user.email, password: 'correct horse battery' },
  })
  expect(response.statusCode).toBe(200)
  const token = response.json<{ token: string }>().token
  return { ...user, token, headers: { authorization: `Bearer ${token}` } }
}

/** Each sync call of the plan gate, as `user`. */
function syncCalls(app: FastifyInstance, user: TestUser) {
  const entities = [entity.bookmark('b2')]
  return Promise.all([
    injectAs(app, user, { method: 'POST', url: '/sync', payload: { entities } }),
    injectAs(app, user, { method: 'PUT', url: '/sync', payload: { entities } }),
    injectAs(app, user, {
      method: 'DELETE',
      url: '/sync',
      payload: { entities: [{ _id: 'b1', _objectStore: 'bookmarks' }] },
    }),
    injectAs(app, user, { method: 'GET', url: '/sync?since=0' }),
    injectAs(app, user, { method: 'GET', url: '/bookmarks' }),
    injectAs(app, user, { method: 'GET', url: '/marks' }),
    injectAs(app, user, { method: 'POST', url: '/rooms/tickets', payload: {} }),
  ])
}

/** A stored account with `overrides` and a token for it (what a webhook's plan would leave). */
async function storedAccount(
  app: FastifyInstance,
  storage: RelayStorage,
  user: Partial<NewUser> & { id: string },
  now: number,
): Promise<TestUser> {
  const stored = await storage.createUser({
    email: `${user.id}@example.com`,
    passwordHash: 'x',
    createdAt: now,
    ...user,
  })
  const token = await signUserToken(stored, TEST_JWT_SECRET, Math.floor(now / 1000))
  void app
  return { email: stored.email, token, headers: { authorization: `Bearer ${token}` } }
}

describe('the relay enforces the plan on sync and rooms', () => {
  it('refuses an expired trial with 402 PREMIUM_REQUIRED on every sync call, keeping its data', async () => {
    const clock = manualClock(START)
    // A one-day trial, so the token signed during it (valid 7 days) is still valid after it.
    const app = await buildRelayOn(open, { now: clock.now, config: { trialDays: 1 } })
    const ada = await createUser(app, 'ada@example.com')
    await push(app, ada, [entity.bookmark('b1')])

    clock.advance(2 * DAY_MS)
    const expired = await signIn(app, ada)
    for (const response of await syncCalls(app, expired)) {
      expect(response.statusCode).toBe(402)
      expect(response.json()).toEqual({
        code: 'PREMIUM_REQUIRED',
        message: expect.stringMatching(/^Sync is part of Premium/) as string,
      })
    }
    // A token signed during the trial is refused too: the relay reads the plan from storage.
    expect((await syncCalls(app, ada)).map((response) => response.statusCode)).toEqual(
      Array(7).fill(402),
    )

    // Nothing was deleted: with a plan again, the same data is there.
    clock.set(START)
    expect(pulledIds(await pullAll(app, ada))).toEqual(['b1'])
  })

  it('lets Premium, Ultimate, lifetime, legacy and the special account sync', async () => {
    const storage = await open()
    const app = await buildRelayOn(() => Promise.resolve(storage), {
      now: () => START,
      config: { trialDays: 0 },
    })
    const inAYear = START + 365 * DAY_MS
    const accounts = [
      await storedAccount(
        app,
        storage,
        {
          id: 'premium',
          plan: { type: 'PREMIUM', expiresDateMillis: inAYear, subscription_id: 'sub_1' },
        },
        START,
      ),
      await storedAccount(
        app,
        storage,
        { id: 'ultimate', plan: { type: 'ULTIMATE', expiresDateMillis: inAYear } },
        START,
      ),
      await storedAccount(
        app,
        storage,
        {
          id: 'lifetime',
          plan: { type: 'PREMIUM', expiresDateMillis: LIFETIME_EXPIRY_MARKER_MILLIS },
        },
        START,
      ),
      await storedAccount(app, storage, { id: 'legacy', createdAt: Date.UTC(2022, 3, 1) }, START),
      await storedAccount(
        app,
        storage,
        { id: 'special', createdAt: ALWAYS_SYNC_ACCOUNT_CREATED_AT_MILLIS },
        START,
      ),
    ]
    for (const account of accounts) {
      await push(app, account, [entity.bookmark('b1')])
      const statuses = (await syncCalls(app, account)).map((response) => response.statusCode)
      expect(statuses, account.email).toEqual([200, 200, 200, 200, 200, 200, 200])
    }
    // A Free account without a plan may not.
    const free = await storedAccount(app, storage, { id: 'free' }, START)
    expect((await syncCalls(app, free)).map((response) => response.statusCode)).toEqual(
      Array(7).fill(402),
    )
  })

  it('refuses only the account whose trial ended: another account syncs on and sees nothing of it', async () => {
    const clock = manualClock(START)
    const app = await buildRelayOn(open, { now: clock.now, config: { trialDays: 30 } })
    const ada = await createUser(app, 'ada@example.com')
    await push(app, ada, [entity.bookmark('ada-1')])
    clock.advance(20 * DAY_MS)
    const bob = await createUser(app, 'bob@example.com')
    await push(app, bob, [entity.bookmark('bob-1')])
    clock.advance(11 * DAY_MS)

    const refused = await injectAs(app, await signIn(app, ada), { method: 'GET', url: '/sync' })
    expect(refused.statusCode).toBe(402)
    expect(refused.body).not.toContain('bob-1')
    expect(refused.body).not.toContain('ada-1')
    const bobNow = await signIn(app, bob)
    expect(pulledIds(await pullAll(app, bobNow))).toEqual(['bob-1'])
  })

  it('closes an open room socket with 4402 at its next message once the trial ended', async () => {
    const clock = manualClock(START)
    const app = await buildRelayOn(open, { now: clock.now, config: { trialDays: 1 } })
    const url = await listenForRooms(app)
    const ada = await createUser(app, 'ada@example.com')
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)

    clock.advance(2 * DAY_MS)
    const closed = nextClose(client)
    client.doc.getMap('bookmarks').set('b1', { _id: 'b1' })
    expect(await closed).toMatchObject({ code: ROOM_PREMIUM_REQUIRED_CLOSE_CODE })
    // The change sent after the end is not stored.
    clock.set(START + DAY_MS / 2)
    expect(pulledIds(await pullAll(app, ada))).toEqual([])
  })
})
