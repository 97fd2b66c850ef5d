// Sessions, room tickets and mail at rest, as a suite any storage runs (routes/sessions.test.ts on
// SQLite, relay-postgres.test.ts on PostgreSQL): what ends a session (password change or reset,
// signing out everywhere, deleting the account) ends every token of it, refresh cannot outlive a
// session's maximum age, tickets open a room once within a minute, token answers are not cached,
// and the dev outbox keeps nothing after its retention or the account.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { MAX_SESSION_AGE_SECONDS } from '../accounts/tokens'
import { ACCOUNT_RATE_LIMIT_PER_MINUTE } from '../routes/accounts'
import { OUTBOX_RETENTION_MS } from '../mail/mail-transport'
import { ROOM_TICKET_LIFETIME_MS, ROOM_TICKET_RATE_LIMIT_PER_MINUTE } from '../routes/rooms'
import {
  buildRelayOn,
  createUser,
  injectAs,
  manualClock,
  tokenPayload,
  type OpenStorage,
  type TestUser,
} from './relay-harness'

const START = Date.UTC(2025, 2, 1, 9, 0, 0)
const DAY_MS = 24 * 60 * 60 * 1000
const PASSWORD = 'correct horse battery'

function login(app: FastifyInstance, email: string, password = PASSWORD) {
  return app.inject({ method: 'POST', url: '/auth', payload: { email, password } })
}

/** A second session of `user` (another device), signed in with the password. */
async function anotherDevice(app: FastifyInstance, user: TestUser): Promise<TestUser> {
  const response = await login(app, user.email)
  expect(response.statusCode).toBe(200)
  const token = response.json<{ token: string }>().token
  return { email: user.email, token, headers: { authorization: `Bearer ${token}` } }
}

function pull(app: FastifyInstance, user: TestUser): Promise<LightMyRequestResponse> {
  return injectAs(app, user, { method: 'GET', url: '/sync?since=0' })
}

async function expectRevoked(app: FastifyInstance, user: TestUser, what: string): Promise<void> {
  for (const [method, url] of [
    ['GET', '/sync?since=0'],
    ['POST', '/auth/refresh-token'],
    ['POST', '/rooms/tickets'],
  ] as const) {
    const response = await injectAs(app, user, { method, url })
    expect(response.statusCode, `${what}: ${method} ${url}`).toBe(401)
    expect(response.json<{ code: string }>().code, `${what}: ${method} ${url}`).toBe(
      'SESSION_REVOKED',
    )
  }
}

function ticket(app: FastifyInstance, user: TestUser, docName?: string) {
  return injectAs(app, user, {
    method: 'POST',
    url: '/rooms/tickets',
    payload: docName === undefined ? {} : { docName },
  })
}

/** Uses a ticket without upgrading: 426 means the ticket was accepted, 401 refused. */
function useTicket(app: FastifyInstance, value: string, docName = 'library') {
  return app.inject({ method: 'GET', url: `/rooms/${docName}?ticket=${value}` })
}

async function mailsTo(app: FastifyInstance, to: string): Promise<unknown[]> {
  const response = await app.inject({ method: 'GET', url: '/dev/outbox' })
  return response.json<{ to: string }[]>().filter((mail) => mail.to === to)
}

/** Registers the sessions suite for relays on storages from `open`. */
export function describeSessions(name: string, open: OpenStorage): void {
  describe(`sessions (${name})`, () => {
    it('ends every session when the password changes; this device gets a new working token', async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      const laptop = await anotherDevice(app, ada)
      const changed = await injectAs(app, ada, {
        method: 'POST',
        url: '/users/change-password',
        payload: { oldPassword: PASSWORD, newPassword: 'a new password' },
      })
      expect(changed.statusCode).toBe(200)
      expect(changed.headers['cache-control']).toBe('no-store')
      const { token } = changed.json<{ ok: boolean; token: string }>()
      await expectRevoked(app, ada, 'the changing device’s old token')
      await expectRevoked(app, laptop, 'another device')
      const renewed = { ...ada, token, headers: { authorization: `Bearer ${token}` } }
      expect((await pull(app, renewed)).statusCode).toBe(200)
    })

    it('ends every session when the password is reset by a mailed link', async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      await app.inject({ method: 'POST', url: '/users/reset-password?email=ada@example.com' })
      const response = await app.inject({ method: 'GET', url: '/dev/outbox' })
      const mail = response.json<{ text: string }[]>().at(-1)!
      // The link carries the token in the fragment, which browsers never send to a server.
      const token = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
      expect(token).toBeDefined()
      // A token in the query string is refused: it belongs in the body.
      const inQuery = await app.inject({
        method: 'POST',
        url: `/password-reset?token=${token}`,
        payload: { password: 'my new password' },
      })
      expect(inQuery.statusCode).toBe(400)
      const reset = await app.inject({
        method: 'POST',
        url: '/password-reset',
        payload: { token, password: 'my new password' },
      })
      expect(reset.statusCode).toBe(200)
      await expectRevoked(app, ada, 'after a reset')
      expect((await login(app, 'ada@example.com', 'my new password')).statusCode).toBe(200)
    })

    it('signs out everywhere with POST /users/logout-all (authorised, rate-limited)', async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      const laptop = await anotherDevice(app, ada)
      const anonymous = await app.inject({ method: 'POST', url: '/users/logout-all' })
      expect(anonymous.statusCode).toBe(401)

      const out = await injectAs(app, ada, { method: 'POST', url: '/users/logout-all' })
      expect(out.statusCode).toBe(200)
      expect(out.json()).toEqual({ ok: true })
      await expectRevoked(app, ada, 'the device that asked')
      await expectRevoked(app, laptop, 'another device')
      // Other accounts keep their sessions, and signing in again works.
      expect((await pull(app, bob)).statusCode).toBe(200)
      const again = await anotherDevice(app, ada)
      expect((await pull(app, again)).statusCode).toBe(200)

      for (let call = 3; call <= ACCOUNT_RATE_LIMIT_PER_MINUTE; call += 1) {
        await injectAs(app, again, { method: 'POST', url: '/users/logout-all' })
      }
      const limited = await injectAs(app, again, { method: 'POST', url: '/users/logout-all' })
      expect(limited.statusCode).toBe(429)
    })

    it('refreshes a session only up to its maximum age from the sign-in', async () => {
      const clock = manualClock(START)
      const app = await buildRelayOn(open, { now: clock.now })
      let user = await createUser(app, 'ada@example.com')
      const deadline = Math.floor(START / 1000) + MAX_SESSION_AGE_SECONDS
      // Refreshed every 6 days; bounded so that a session that never ends fails, not hangs.
      for (let round = 0; round < 30; round += 1) {
        clock.advance(6 * DAY_MS)
        const refreshed = await injectAs(app, user, { method: 'POST', url: '/auth/refresh-token' })
        if (refreshed.statusCode !== 200) {
          expect(refreshed.statusCode).toBe(401)
          expect(refreshed.json<{ code: string }>().code).toBe('TOKEN_EXPIRED')
          break
        }
        expect(refreshed.headers['cache-control']).toBe('no-store')
        const token = refreshed.json<{ token: string }>().token
        const claims = tokenPayload(token)
        expect(claims.auth_time).toBe(Math.floor(START / 1000))
        expect(claims.exp).toBeLessThanOrEqual(deadline)
        user = { ...user, token, headers: { authorization: `Bearer ${token}` } }
      }
      expect(clock.now()).toBeGreaterThanOrEqual(deadline * 1000)
      expect(clock.now()).toBeLessThan(deadline * 1000 + 7 * DAY_MS)
      // Signing in again starts a new session.
      expect((await login(app, 'ada@example.com')).statusCode).toBe(200)
    })

    it('deletes the account only with the current password', async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      const without = await injectAs(app, ada, { method: 'DELETE', url: '/users/delete' })
      expect(without.statusCode).toBe(400)
      const wrong = await injectAs(app, ada, {
        method: 'DELETE',
        url: '/users/delete',
        payload: { password: 'not my password' },
      })
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json<{ code: string }>().code).toBe('INVALID_CREDENTIALS')
      expect((await login(app, 'ada@example.com')).statusCode).toBe(200)
      const right = await injectAs(app, ada, {
        method: 'DELETE',
        url: '/users/delete',
        payload: { password: PASSWORD },
      })
      expect(right.statusCode).toBe(200)
      expect((await login(app, 'ada@example.com')).statusCode).toBe(401)
    })

    it('marks every answer that carries a token Cache-Control: no-store', async () => {
      const app = await buildRelayOn(open)
      const register = await app.inject({
        method: 'POST',
        url: '/users/register',
        payload: { email: 'ada@example.com', password: PASSWORD },
      })
      const token = register.json<{ token: string }>().token
      const ada = { email: 'ada@example.com', token, headers: { authorization: `Bearer ${token}` } }
      const answers = {
        register,
        auth: await login(app, 'ada@example.com'),
        refresh: await injectAs(app, ada, { method: 'POST', url: '/auth/refresh-token' }),
        ticket: await ticket(app, ada),
      }
      for (const [what, response] of Object.entries(answers)) {
        expect(response.statusCode, what).toBe(200)
        expect(response.headers['cache-control'], what).toBe('no-store')
      }
    })

    describe('room tickets', () => {
      it('opens a room once, within its lifetime, for its own room only', async () => {
        const clock = manualClock(START)
        const app = await buildRelayOn(open, { now: clock.now })
        const ada = await createUser(app, 'ada@example.com')
        const answer = await ticket(app, ada)
        expect(answer.json()).toEqual({
          ticket: expect.any(String) as string,
          expiresInSeconds: ROOM_TICKET_LIFETIME_MS / 1000,
        })
        const value = answer.json<{ ticket: string }>().ticket
        expect(value).not.toContain(ada.token)
        expect((await useTicket(app, value)).statusCode).toBe(426)
        expect((await useTicket(app, value)).statusCode).toBe(401)

        const late = (await ticket(app, ada)).json<{ ticket: string }>().ticket
        clock.advance(ROOM_TICKET_LIFETIME_MS)
        expect((await useTicket(app, late)).statusCode).toBe(401)

        const bound = (await ticket(app, ada, 'pagecontent-p1')).json<{ ticket: string }>().ticket
        expect((await useTicket(app, bound, 'library')).statusCode).toBe(403)
        const bound2 = (await ticket(app, ada, 'pagecontent-p1')).json<{ ticket: string }>().ticket
        expect((await useTicket(app, bound2, 'pagecontent-p1')).statusCode).toBe(426)
        expect((await ticket(app, ada, 'secrets')).statusCode).toBe(400)
      })

      it('are refused without a valid token, and after the session ended', async () => {
        const app = await buildRelayOn(open)
        const ada = await createUser(app, 'ada@example.com')
        for (const authorization of [undefined, 'Bearer not-a-token', `Basic ${ada.token}`]) {
          const response = await app.inject({
            method: 'POST',
            url: '/rooms/tickets',
            ...(authorization ? { headers: { authorization } } : {}),
          })
          expect(response.statusCode, String(authorization)).toBe(401)
        }
        const before = (await ticket(app, ada)).json<{ ticket: string }>().ticket
        await injectAs(app, ada, { method: 'POST', url: '/users/logout-all' })
        const used = await useTicket(app, before)
        expect(used.statusCode).toBe(401)
        expect(used.json<{ code: string }>().code).toBe('SESSION_REVOKED')
      })

      it(`are rate-limited: call ${ROOM_TICKET_RATE_LIMIT_PER_MINUTE + 1} within a minute gets 429`, async () => {
        const app = await buildRelayOn(open)
        const ada = await createUser(app, 'ada@example.com')
        for (let call = 1; call <= ROOM_TICKET_RATE_LIMIT_PER_MINUTE; call += 1) {
          expect((await ticket(app, ada)).statusCode, `call ${call}`).toBe(200)
        }
        const limited = await ticket(app, ada)
        expect(limited.statusCode).toBe(429)
        expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED')
      })
    })

    describe('dev outbox', () => {
      it('deletes the mails to an account with the account', async () => {
        const app = await buildRelayOn(open)
        const ada = await createUser(app, 'ada@example.com')
        await createUser(app, 'bob@example.com')
        await app.inject({ method: 'POST', url: '/users/reset-password?email=ADA@example.com' })
        expect(await mailsTo(app, 'ada@example.com')).toHaveLength(2)
        await injectAs(app, ada, {
          method: 'DELETE',
          url: '/users/delete',
          payload: { password: PASSWORD },
        })
        expect(await mailsTo(app, 'ada@example.com')).toEqual([])
        expect(await mailsTo(app, 'bob@example.com')).toHaveLength(1)
      })

      it('keeps a mail no longer than its retention', async () => {
        const clock = manualClock(START)
        const app = await buildRelayOn(open, { now: clock.now })
        await createUser(app, 'ada@example.com')
        clock.advance(OUTBOX_RETENTION_MS - 1)
        expect(await mailsTo(app, 'ada@example.com')).toHaveLength(1)
        clock.advance(1)
        expect(await mailsTo(app, 'ada@example.com')).toEqual([])
      })

      it('is not there unless asked for; without mail the mail calls say so', async () => {
        const app = await buildRelayOn(open, { config: { devOutbox: false } })
        expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404)
        // Registering works; confirming and resetting answer a coded error, not a fake success.
        const ada = await createUser(app, 'ada@example.com')
        for (const response of [
          await app.inject({ method: 'POST', url: '/users/reset-password?email=ada@example.com' }),
          await app.inject({
            method: 'POST',
            url: '/users/reset-password?email=nobody@example.com',
          }),
          await injectAs(app, ada, { method: 'POST', url: '/users/resend-email-confirmation' }),
        ]) {
          expect(response.statusCode).toBe(503)
          expect(response.json<{ code: string }>().code).toBe('MAIL_UNAVAILABLE')
        }
      })
    })
  })
}
