// The relay's account, /sync, read and isolation suites on PostgreSQL (the same suites SQLite
// runs), plus what only a shared database allows: two relay instances serving the same users.
import { ObjectStore, entityMap } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { SESSION_REVOKED_CLOSE_CODE } from './accounts/session-sockets'
import { openPostgresStorage } from './storage/postgres-storage'
import { describeAccountRoutes } from './testing/accounts-suite'
import { buildRelay } from './testing/build'
import { describeIsolation } from './testing/isolation-suite'
import { describeLearningRoutes } from './testing/learning-suite'
import { describeRelayMemory } from './testing/memory-suite'
import { describeQuotas } from './testing/quota-suite'
import { usePostgres } from './testing/postgres-relay'
import { describeSessions } from './testing/sessions-suite'
import {
  createUser,
  entity,
  injectAs,
  manualClock,
  pullAll,
  pulledIds,
  push,
  tokenPayload,
  type TestUser,
} from './testing/relay-harness'
import { describeReadEndpoints, describeSyncContract } from './testing/sync-suite'
import { connectRoom, listenForRooms, waitUntil, whenSynced } from './testing/ws-client'

const postgres = usePostgres()

describeAccountRoutes('PostgreSQL', postgres.open)
describeSyncContract('PostgreSQL', postgres.open)
describeReadEndpoints('PostgreSQL', postgres.open)
describeIsolation('PostgreSQL', postgres.open)
describeRelayMemory('PostgreSQL', postgres.open)
describeQuotas('PostgreSQL', postgres.open)
describeSessions('PostgreSQL', postgres.open)
describeLearningRoutes('PostgreSQL', postgres.open)

describe('two relay instances on one PostgreSQL database', { timeout: 30_000 }, () => {
  async function twoRelays(now?: () => number) {
    const url = await postgres.freshDatabaseUrl()
    const first = await buildRelay({
      storage: await openPostgresStorage(url),
      ...(now ? { now } : {}),
    })
    const second = await buildRelay({
      storage: await openPostgresStorage(url),
      ...(now ? { now } : {}),
    })
    return { first, second }
  }

  const bookmarkIds = async (app: Awaited<ReturnType<typeof buildRelay>>, user: TestUser) => {
    const response = await injectAs(app, user, { method: 'GET', url: '/bookmarks' })
    return response
      .json<{ _id: string }[]>()
      .map((bookmark) => bookmark._id)
      .sort()
  }

  it('answers through one instance what was pushed through the other', async () => {
    const { first, second } = await twoRelays()
    const ada = await createUser(first, 'ada@example.com')
    // The account and its token work on both.
    const login = await second.inject({
      method: 'POST',
      url: '/auth',
      payload: { email: 'ada@example.com', password: 'correct horse battery' },
    })
    expect(login.statusCode).toBe(200)

    await push(first, ada, [entity.bookmark('b1'), entity.page('p1', '<p>one</p>')])
    expect(pulledIds(await pullAll(second, ada))).toEqual(['b1', 'p1'])
    expect(await bookmarkIds(second, ada)).toEqual(['b1'])

    // The second instance has the doc cached now; it still sees later writes of the first.
    await push(first, ada, [entity.bookmark('b2')])
    expect(await bookmarkIds(second, ada)).toEqual(['b1', 'b2'])
    const html = await injectAs(second, ada, { method: 'GET', url: '/page-contents/html?_id=p1' })
    expect(html.body).toBe('<p>one</p>')

    // And the other way round, deletions included.
    await push(second, ada, [entity.bookmark('b3')])
    await injectAs(second, ada, {
      method: 'DELETE',
      url: '/sync',
      payload: { entities: [{ _id: 'b1', _objectStore: 'bookmarks' }] },
    })
    expect(pulledIds(await pullAll(first, ada))).toEqual(['b1(deleted)', 'b2', 'b3', 'p1'])
    expect(await bookmarkIds(first, ada)).toEqual(['b2', 'b3'])
  })

  it('brings a push through one instance to a live client of the other', async () => {
    const { first, second } = await twoRelays()
    const ada = await createUser(first, 'ada@example.com')
    const url = await listenForRooms(second)
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)

    await push(first, ada, [entity.bookmark('from-first')])
    await waitUntil(
      () => entityMap(client.doc, ObjectStore.BOOKMARKS).has('from-first'),
      'the push through the first instance reached the client of the second',
    )
    entityMap(client.doc, ObjectStore.BOOKMARKS).set('from-client', entity.bookmark('from-client'))
    await waitUntil(
      async () => pulledIds(await pullAll(first, ada)).includes('from-client'),
      'the client change reached the first instance',
    )
    client.destroy()
  })

  it('closes a live client of one instance when its session is revoked through the other', async () => {
    const { first, second } = await twoRelays()
    const ada = await createUser(first, 'ada@example.com')
    const url = await listenForRooms(second)
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)
    const closed = new Promise<number>((resolve) => {
      client.provider.once('closed', (event: { code: number }) => resolve(event.code))
    })
    // The second instance hears of it on the cluster bus (ADR 085): no sweep, no polling.
    await injectAs(first, ada, { method: 'POST', url: '/users/logout-all' })
    expect(await closed).toBe(SESSION_REVOKED_CLOSE_CODE)
  })

  it('sends one learning reminder per user and day, not one per instance', async () => {
    // 26 November 2026, 18:00 in Berlin.
    const clock = manualClock(Date.UTC(2026, 10, 26, 17))
    const { first, second } = await twoRelays(clock.now)
    const users: TestUser[] = []
    for (let index = 0; index < 12; index += 1) {
      const user = await createUser(index % 2 ? first : second, `learner-${index}@example.com`)
      await first.services.storage.setEmailConfirmed(String(tokenPayload(user.token)._id))
      const response = await injectAs(index % 2 ? second : first, user, {
        method: 'PUT',
        url: '/learning-info',
        headers: { 'wh-timezone': 'Europe/Berlin' },
        payload: { dueCount: 3, learnedToday: 0 },
      })
      expect(response.statusCode).toBe(200)
      users.push(user)
    }
    const reminderMails = async () =>
      (await first.services.storage.listMails()).filter((mail) =>
        mail.subject.includes('waiting for you'),
      )
    // Both instances run at the same moment, twice over.
    const sent = await Promise.all([
      first.services.reminders.runOnce(),
      second.services.reminders.runOnce(),
      first.services.reminders.runOnce(),
      second.services.reminders.runOnce(),
    ])
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(users.length)
    const mails = await reminderMails()
    expect(mails.map((mail) => mail.to).sort()).toEqual(users.map((user) => user.email).sort())
    // The next evening each gets one more, again from either instance.
    clock.set(Date.UTC(2026, 10, 27, 17))
    const nextDay = await Promise.all([
      second.services.reminders.runOnce(),
      first.services.reminders.runOnce(),
    ])
    expect(nextDay[0] + nextDay[1]).toBe(users.length)
  })
})
