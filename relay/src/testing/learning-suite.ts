// The learning routes and the reminder scheduler on a storage from `open` (SQLite and PostgreSQL
// run it alike): PUT /learning-info (authorisation, validation, rate limit, each user's own row),
// GET/PUT /settings, POST /unsubscribe with its signature, and the scheduler's sends through the
// dev outbox as the test's clock moves (the real SMTP path is in learning/reminder-smtp.test.ts).
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS_PER_DAY, ReminderScheduler } from '../learning/reminder-scheduler'
import { signUnsubscribe } from '../learning/unsubscribe-signature'
import { TEST_JWT_SECRET } from './build'
import {
  buildRelayOn,
  createUser,
  entity,
  injectAs,
  manualClock,
  tokenPayload,
  type OpenStorage,
  type TestUser,
} from './relay-harness'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/** 26 November 2026, 09:00 in Berlin (UTC+1). */
const MORNING = Date.UTC(2026, 10, 26, 8)
const report = { dueCount: 5, learnedToday: 2, dailyTarget: 10, nextDueAt: null }

function idOf(user: TestUser): string {
  return String(tokenPayload(user.token)._id)
}

function putInfo(app: FastifyInstance, user: TestUser, body: unknown, timeZone = 'Europe/Berlin') {
  return injectAs(app, user, {
    method: 'PUT',
    url: '/learning-info',
    headers: { 'wh-timezone': timeZone },
    payload: body as Record<string, unknown>,
  })
}

/** A signed-in user with a confirmed email. */
async function confirmedUser(app: FastifyInstance, email: string): Promise<TestUser> {
  const user = await createUser(app, email)
  await app.services.storage.setEmailConfirmed(idOf(user))
  return user
}

/** The reminder mails in the dev outbox. */
async function reminders(app: FastifyInstance) {
  return (await app.services.storage.listMails()).filter((mail) =>
    mail.subject.includes('waiting for you'),
  )
}

export function describeLearningRoutes(name: string, open: OpenStorage): void {
  describe(`learning info, email settings and reminders (${name})`, () => {
    it('refuses every signed-in learning route without a token', async () => {
      const app = await buildRelayOn(open)
      for (const [method, url] of [
        ['PUT', '/learning-info'],
        ['GET', '/settings'],
        ['PUT', '/settings'],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          ...(method === 'PUT' ? { payload: report } : {}),
        })
        expect(response.statusCode, `${method} ${url}`).toBe(401)
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
      }
    })

    it('keeps each user’s own report with the wh-timezone header, never another’s', async () => {
      const clock = manualClock(MORNING)
      const app = await buildRelayOn(open, { now: clock.now })
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      expect((await putInfo(app, ada, { ...report, nextDueAt: MORNING + DAY })).json()).toEqual({
        stored: [],
      })
      clock.advance(HOUR)
      // A body naming another user changes nothing: the token says whose report it is.
      expect((await putInfo(app, bob, { ...report, userId: idOf(ada) })).statusCode).toBe(400)
      expect(
        (await putInfo(app, bob, { dueCount: 1, learnedToday: 0 }, 'Mars/Olympus')).statusCode,
      ).toBe(200)
      const { storage } = app.services
      expect(await storage.getLearningInfo(idOf(ada))).toEqual({
        userId: idOf(ada),
        ...report,
        nextDueAt: MORNING + DAY,
        timeZone: 'Europe/Berlin',
        reportedAt: MORNING,
      })
      // Defaults for what the device left out; an unknown zone is read as UTC.
      expect(await storage.getLearningInfo(idOf(bob))).toEqual({
        userId: idOf(bob),
        dueCount: 1,
        learnedToday: 0,
        dailyTarget: 10,
        nextDueAt: null,
        timeZone: 'UTC',
        reportedAt: MORNING + HOUR,
      })
    })

    it('writes synced marks only while the plan may sync, and keeps the report for every plan', async () => {
      const clock = manualClock(MORNING)
      const app = await buildRelayOn(open, { now: clock.now })
      const ada = await createUser(app, 'ada@example.com')
      const synced = await injectAs(app, ada, {
        method: 'POST',
        url: '/sync',
        payload: { entities: [entity.bookmark('b1'), entity.mark('m1', 'b1')] },
      })
      expect(synced.statusCode).toBe(200)
      const onTrial = await putInfo(app, ada, { marks: [{ _id: 'm1', learningItem: { box: 2 } }] })
      expect(onTrial.json<{ stored: unknown[] }>().stored).toHaveLength(1)
      // The 365-day trial ends: the report still counts for reminders, the marks are not written.
      clock.advance(400 * DAY)
      const login = await app.inject({
        method: 'POST',
        url: '/auth',
        payload: { email: ada.email, password: 'correct horse battery' },
      })
      const token = login.json<{ token: string }>().token
      const adaNow = { ...ada, token, headers: { authorization: `Bearer ${token}` } }
      const ended = await putInfo(app, adaNow, {
        ...report,
        marks: [{ _id: 'm1', learningItem: { box: 5 } }],
      })
      expect(ended.json()).toEqual({ stored: [] })
      expect((await app.services.storage.getLearningInfo(idOf(ada)))?.dueCount).toBe(5)
      const mark = await app.services.library.get(idOf(ada), 'marks', 'm1')
      expect(mark?.learningItem).toEqual({ box: 2 })
    })

    it('keeps the most learned today from any device on the same local day', async () => {
      const clock = manualClock(MORNING)
      const app = await buildRelayOn(open, { now: clock.now })
      const ada = await createUser(app, 'ada-devices@example.com')
      const { storage } = app.services
      await putInfo(app, ada, { ...report, learnedToday: 10, dueCount: 0 })
      // A laptop that has not pulled this morning's reviews yet reports in the evening.
      clock.advance(9 * HOUR)
      await putInfo(app, ada, { ...report, learnedToday: 0, dueCount: 4 })
      expect(await storage.getLearningInfo(idOf(ada))).toMatchObject({
        learnedToday: 10,
        dueCount: 4,
      })
      // A new local day starts from what the device says.
      clock.advance(DAY)
      await putInfo(app, ada, { ...report, learnedToday: 1 })
      expect(await storage.getLearningInfo(idOf(ada))).toMatchObject({ learnedToday: 1 })
    })

    it('validates the report', async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      for (const body of [
        {},
        { ...report, dueCount: -1 },
        { ...report, dueCount: 1.5 },
        { ...report, learnedToday: '2' },
        { ...report, dailyTarget: 0 },
        { ...report, nextDueAt: Date.UTC(2300, 0, 1) },
        { ...report, extra: true },
        [report],
      ]) {
        const response = await putInfo(app, ada, body)
        expect(response.statusCode, JSON.stringify(body)).toBe(400)
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
      }
      const text = await injectAs(app, ada, {
        method: 'PUT',
        url: '/learning-info',
        headers: { 'content-type': 'text/plain' },
        payload: 'dueCount=5',
      })
      expect(text.statusCode).toBe(400)
      expect(await app.services.storage.getLearningInfo(idOf(ada))).toBeUndefined()
    })

    it('rate-limits reports per account', async () => {
      const app = await buildRelayOn(open, {
        config: { limits: { learningInfoPerAccount: { burst: 2, perMinute: 1 } } },
      })
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      expect((await putInfo(app, ada, report)).statusCode).toBe(200)
      expect((await putInfo(app, ada, report)).statusCode).toBe(200)
      const limited = await putInfo(app, ada, report)
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect((await putInfo(app, bob, report)).statusCode).toBe(200)
    })

    it('reads and changes the caller’s email settings', async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      const defaults = { emailSettings: 'ALL', isLearningReminderEmailEnabled: true }
      expect((await injectAs(app, ada, { method: 'GET', url: '/settings' })).json()).toEqual(
        defaults,
      )
      const changed = await injectAs(app, ada, {
        method: 'PUT',
        url: '/settings',
        payload: { isLearningReminderEmailEnabled: false },
      })
      expect(changed.json()).toEqual({ ...defaults, isLearningReminderEmailEnabled: false })
      for (const payload of [{}, { emailSettings: 'SOME' }, { userId: idOf(bob) }]) {
        const refused = await injectAs(app, ada, { method: 'PUT', url: '/settings', payload })
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400)
      }
      expect((await injectAs(app, bob, { method: 'GET', url: '/settings' })).json()).toEqual(
        defaults,
      )
    })

    it('unsubscribes with the link’s signature only, as a form or an empty POST', async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      const { storage } = app.services
      const on = { emailSettings: 'ALL', isLearningReminderEmailEnabled: true }
      for (const signature of [
        'x',
        signUnsubscribe(TEST_JWT_SECRET, idOf(bob)),
        signUnsubscribe(new TextEncoder().encode('another-secret-another-secret-1234'), idOf(ada)),
      ]) {
        const refused = await app.inject({
          method: 'POST',
          url: `/unsubscribe/${idOf(ada)}?signature=${signature}`,
        })
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({
          code: 'FORBIDDEN',
          message: expect.stringContaining('nothing was changed') as unknown,
        })
      }
      expect(
        (await app.inject({ method: 'POST', url: `/unsubscribe/${idOf(ada)}` })).statusCode,
      ).toBe(400)
      expect(await storage.getEmailSettings(idOf(ada))).toEqual(on)

      const oneClick = await app.inject({
        method: 'POST',
        url: `/unsubscribe/${idOf(ada)}?signature=${signUnsubscribe(TEST_JWT_SECRET, idOf(ada))}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      })
      expect(oneClick.statusCode).toBe(200)
      expect(oneClick.json()).toEqual({
        ok: true,
        emailSettings: 'ALL',
        isLearningReminderEmailEnabled: false,
      })
      expect(await storage.getEmailSettings(idOf(bob))).toEqual(on)
      // The web app's button posts without a body; doing it twice is fine.
      const again = await app.inject({
        method: 'POST',
        url: `/unsubscribe/${idOf(ada)}?signature=${signUnsubscribe(TEST_JWT_SECRET, idOf(ada))}`,
      })
      expect(again.statusCode).toBe(200)
      await injectAs(app, ada, {
        method: 'DELETE',
        url: '/users/delete',
        payload: { password: 'correct horse battery' },
      })
      const gone = await app.inject({
        method: 'POST',
        url: `/unsubscribe/${idOf(ada)}?signature=${signUnsubscribe(TEST_JWT_SECRET, idOf(ada))}`,
      })
      expect(gone.statusCode).toBe(404)
    })

    it('rate-limits unsubscribe calls per address', async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      const url = `/unsubscribe/${idOf(ada)}?signature=wrong`
      const statuses: number[] = []
      for (let call = 0; call < 21; call += 1) {
        statuses.push((await app.inject({ method: 'POST', url })).statusCode)
      }
      expect(statuses.slice(0, 20).every((status) => status === 403)).toBe(true)
      expect(statuses[20]).toBe(429)
    })

    it('sends one reminder per local evening to confirmed users with due cards, as settings allow', async () => {
      const clock = manualClock(MORNING)
      const app = await buildRelayOn(open, { now: clock.now })
      const ada = await confirmedUser(app, 'ada@example.com')
      const bob = await confirmedUser(app, 'bob@example.com')
      const cy = await createUser(app, 'cy@example.com')
      const dee = await confirmedUser(app, 'dee@example.com')
      const eve = await confirmedUser(app, 'eve@example.com')
      const noon = await confirmedUser(app, 'noon@example.com')
      await putInfo(app, ada, report)
      await putInfo(app, bob, { ...report, learnedToday: 10 })
      await putInfo(app, cy, report) // email not confirmed
      await putInfo(app, dee, { ...report, dueCount: 0 })
      await putInfo(app, eve, report)
      await injectAs(app, eve, {
        method: 'PUT',
        url: '/settings',
        payload: { emailSettings: 'NONE' },
      })
      await putInfo(app, noon, report, 'Asia/Tokyo')
      const { reminders: scheduler } = app.services

      // The dev outbox keeps a mail for an hour: each step reads what the run just sent.
      const sentBy = async (time: number) => {
        clock.set(time)
        await scheduler.runOnce()
        return (await reminders(app)).filter((mail) => mail.createdAt === time)
      }
      const sentTo = async (time: number) => (await sentBy(time)).map((mail) => mail.to).sort()

      // 09:00 in Berlin is 17:00 in Tokyo: nobody yet.
      expect(await sentTo(MORNING)).toEqual([])
      expect(await sentTo(Date.UTC(2026, 10, 26, 9))).toEqual(['noon@example.com']) // Tokyo 18:00
      const [mail, ...others] = await sentBy(Date.UTC(2026, 10, 26, 17)) // Berlin 18:00
      expect(others).toEqual([])
      expect(mail?.to).toBe('ada@example.com')
      expect(mail?.subject).toBe('5 cards are waiting for you today')
      expect(mail?.text).toContain('Learned today: 2 of 10.')
      expect(mail?.text).toContain(
        `http://127.0.0.1:5173/unsubscribe/${idOf(ada)}?signature=${signUnsubscribe(TEST_JWT_SECRET, idOf(ada))}`,
      )
      expect(await sentTo(Date.UTC(2026, 10, 26, 17, 30))).toEqual([])

      // The next evening: the report is a day old, so nothing counts as learned, and bob (who
      // had reached the target) is reminded too.
      expect(await sentTo(Date.UTC(2026, 10, 27, 17))).toEqual([
        'ada@example.com',
        'bob@example.com',
      ])
      // Unsubscribed: no more.
      await app.inject({
        method: 'POST',
        url: `/unsubscribe/${idOf(ada)}?signature=${signUnsubscribe(TEST_JWT_SECRET, idOf(ada))}`,
      })
      expect(await sentTo(Date.UTC(2026, 10, 28, 17))).toEqual(['bob@example.com'])
    })

    it('tries a failing mail a few times an evening, and a refused address not again that day', async () => {
      const clock = manualClock(Date.UTC(2026, 10, 26, 17)) // Berlin 18:00
      const app = await buildRelayOn(open, { now: clock.now })
      const ada = await confirmedUser(app, 'ada-fails@example.com')
      const bob = await confirmedUser(app, 'bob-refused@example.com')
      await putInfo(app, ada, report)
      await putInfo(app, bob, report)
      const tries: string[] = []
      const scheduler = new ReminderScheduler({
        storage: app.services.storage,
        mail: {
          kind: 'smtp',
          send: (mail) => {
            tries.push(mail.to)
            const error = Object.assign(new Error('mail server said no'), {
              responseCode: mail.to.startsWith('bob') ? 550 : 421,
            })
            return Promise.reject(error)
          },
        },
        now: clock.now,
        appUrl: 'http://127.0.0.1:5173',
        relayUrl: 'http://127.0.0.1:8787',
        secret: () => new Uint8Array(32),
        intervalMillis: 0,
      })
      for (let minute = 0; minute < 6; minute++) {
        clock.advance(60 * 1000)
        expect(await scheduler.runOnce()).toBe(0)
      }
      expect(tries.filter((to) => to.startsWith('ada')).length).toBe(MAX_ATTEMPTS_PER_DAY)
      expect(tries.filter((to) => to.startsWith('bob')).length).toBe(1)
    })
  })
}
