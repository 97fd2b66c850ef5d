// The account endpoints and the HTTP-level guards (tokens, rate limits, CORS, body limit), as a
// suite any storage runs: routes/accounts.test.ts on SQLite, relay-postgres.test.ts on PostgreSQL.
import { SignJWT } from 'jose'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../accounts/tokens'
import { BODY_LIMIT_BYTES } from '../app'
import { ACCOUNT_RATE_LIMIT_PER_MINUTE } from '../routes/accounts'
import { TEST_JWT_SECRET } from './build'
import {
  buildRelayOn,
  createUser,
  entity,
  injectAs,
  manualClock,
  pullAll,
  push,
  tokenPayload,
  type OpenStorage,
  type TestUser,
} from './relay-harness'

const START = Date.UTC(2025, 2, 1, 9, 0, 0)
const DAY_MS = 24 * 60 * 60 * 1000
const PASSWORD = 'correct horse battery'

interface OutboxMail {
  to: string
  subject: string
  text: string
}

async function outbox(app: FastifyInstance): Promise<OutboxMail[]> {
  const response = await app.inject({ method: 'GET', url: '/dev/outbox' })
  expect(response.statusCode).toBe(200)
  return response.json<OutboxMail[]>()
}

/** The one-time token of the last mail to `to` whose link contains `path`. */
async function linkToken(app: FastifyInstance, to: string, path: string): Promise<string> {
  const mails = (await outbox(app)).filter((mail) => mail.to === to && mail.text.includes(path))
  const last = mails[mails.length - 1]
  const token = last && /[?&#]token=([A-Za-z0-9_-]+)/.exec(last.text)?.[1]
  if (!token) {
    throw new Error(`No mail to ${to} with a ${path} link`)
  }
  return token
}

function login(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/auth', payload: { email, password } })
}

function userinfo(app: FastifyInstance, user: TestUser, id = String(tokenPayload(user.token)._id)) {
  return injectAs(app, user, { method: 'GET', url: `/users/userinfo/${id}?invalidateCache=true` })
}

/** A token for the claims of `user`, signed by the test with the relay's secret. */
function forge(
  user: TestUser,
  change: (jwt: SignJWT) => SignJWT,
  { secret = TEST_JWT_SECRET, alg = 'HS256' }: { secret?: Uint8Array; alg?: string } = {},
): Promise<string> {
  const claims = tokenPayload(user.token)
  const jwt = new SignJWT({
    _id: claims._id,
    email: claims.email,
    premium: claims.premium,
    userPlan: claims.userPlan,
    createdAt: claims.createdAt,
  })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setSubject(String(claims._id))
    .setIssuedAt(Math.floor(START / 1000))
    .setExpirationTime(Math.floor(START / 1000) + 3600)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
  return change(jwt).sign(secret)
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/** Registers the account suite for relays on storages from `open`. */
export function describeAccountRoutes(name: string, open: OpenStorage): void {
  describe(`accounts (${name})`, () => {
    it('registers with a token carrying the spec payload, and refuses the same email twice', async () => {
      const clock = manualClock(START)
      const app = await buildRelayOn(open, { now: clock.now, config: { trialDays: 0 } })
      const user = await createUser(app, 'ada@example.com')
      const payload = tokenPayload(user.token)
      expect(payload).toMatchObject({
        email: 'ada@example.com',
        premium: false,
        userPlan: null,
        createdAt: START,
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        exp: Math.floor(START / 1000) + 7 * 24 * 60 * 60,
      })
      expect(payload._id).toEqual(expect.any(String))
      expect(payload.sub).toBe(payload._id)

      for (const email of ['ada@example.com', 'ADA@Example.com']) {
        const again = await app.inject({
          method: 'POST',
          url: '/users/register',
          payload: { email, password: 'another password' },
        })
        expect(again.statusCode).toBe(409)
        expect(again.json()).toEqual({
          code: 'EMAIL_TAKEN',
          message: 'An account with this email exists already',
        })
      }
    })

    it('refuses registrations with an invalid email or a short password with 400', async () => {
      const app = await buildRelayOn(open)
      for (const payload of [
        { email: 'not an email', password: PASSWORD },
        { email: 'ada@example.com', password: 'short' },
        { email: 'ada@example.com' },
        { email: 'ada@example.com', password: PASSWORD, premium: true },
      ]) {
        const response = await app.inject({ method: 'POST', url: '/users/register', payload })
        expect(response.statusCode, JSON.stringify(payload)).toBe(400)
        expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED')
      }
      expect(await outbox(app)).toEqual([])
    })

    it('logs in with the right password and answers the same 401 for a wrong one or an unknown email', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      const right = await login(app, 'Ada@Example.com', PASSWORD)
      expect(right.statusCode).toBe(200)
      expect(tokenPayload(right.json<{ token: string }>().token)._id).toBe(
        tokenPayload(user.token)._id,
      )

      const wrong = await login(app, 'ada@example.com', 'wrong password')
      const unknown = await login(app, 'nobody@example.com', PASSWORD)
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'The email or the password is wrong',
      })
      expect(unknown.statusCode).toBe(401)
      expect(unknown.json()).toEqual(wrong.json())
    })

    it('refreshes a token with a new expiry for the same user', async () => {
      const clock = manualClock(START)
      const app = await buildRelayOn(open, { now: clock.now })
      const user = await createUser(app, 'ada@example.com')
      clock.advance(DAY_MS)
      const refreshed = await injectAs(app, user, { method: 'POST', url: '/auth/refresh-token' })
      expect(refreshed.statusCode).toBe(200)
      const payload = tokenPayload(refreshed.json<{ token: string }>().token)
      expect(payload._id).toBe(tokenPayload(user.token)._id)
      expect(payload.exp).toBe(Math.floor((START + DAY_MS) / 1000) + 7 * 24 * 60 * 60)
      expect((await app.inject({ method: 'POST', url: '/auth/refresh-token' })).statusCode).toBe(
        401,
      )
    })

    it('answers userinfo for the own id and 403 for another', async () => {
      const clock = manualClock(START)
      const app = await buildRelayOn(open, { now: clock.now, config: { trialDays: 0 } })
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      const own = await userinfo(app, ada)
      expect(own.statusCode).toBe(200)
      expect(own.json()).toEqual({
        _id: tokenPayload(ada.token)._id,
        email: 'ada@example.com',
        premium: false,
        userPlan: null,
        createdAt: START,
        isEmailActivated: false,
      })
      const other = await userinfo(app, ada, String(tokenPayload(bob.token)._id))
      expect(other.statusCode).toBe(403)
      expect(other.json<{ code: string }>().code).toBe('FORBIDDEN')
      expect(other.body).not.toContain('bob@example.com')
    })

    it('mails a confirmation link whose token confirms the email once', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      const [mail] = await outbox(app)
      expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Confirm your Inkmark email' })
      const token = await linkToken(app, 'ada@example.com', '/email-confirmation-success?token=')

      const confirmed = await app.inject({
        method: 'GET',
        url: `/users/confirm-email?token=${token}`,
      })
      expect(confirmed.statusCode).toBe(200)
      expect(confirmed.json()).toEqual({ ok: true })
      expect((await userinfo(app, user)).json()).toMatchObject({ isEmailActivated: true })

      const again = await app.inject({ method: 'GET', url: `/users/confirm-email?token=${token}` })
      expect(again.statusCode).toBe(400)
      expect(again.json<{ code: string }>().code).toBe('INVALID_TOKEN')

      // A confirmed account gets no further confirmation mail.
      const resend = await injectAs(app, user, {
        method: 'POST',
        url: '/users/resend-email-confirmation',
      })
      expect(resend.json()).toEqual({ ok: true })
      expect(await outbox(app)).toHaveLength(1)
    })

    it('resends the confirmation mail on request, with a new working link', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      const resend = await injectAs(app, user, {
        method: 'POST',
        url: '/users/resend-email-confirmation?email=ada@example.com',
      })
      expect(resend.statusCode).toBe(200)
      expect(await outbox(app)).toHaveLength(2)
      const token = await linkToken(app, 'ada@example.com', '/email-confirmation-success?token=')
      expect(
        (await app.inject({ method: 'GET', url: `/users/confirm-email?token=${token}` }))
          .statusCode,
      ).toBe(200)
      expect((await userinfo(app, user)).json()).toMatchObject({ isEmailActivated: true })
    })

    it('changes the password only with the right current one', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      const wrong = await injectAs(app, user, {
        method: 'POST',
        url: '/users/change-password',
        payload: { oldPassword: 'not my password', newPassword: 'a new password' },
      })
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json<{ code: string }>().code).toBe('INVALID_CREDENTIALS')
      expect((await login(app, 'ada@example.com', PASSWORD)).statusCode).toBe(200)

      const changed = await injectAs(app, user, {
        method: 'POST',
        url: '/users/change-password',
        payload: { oldPassword: PASSWORD, newPassword: 'a new password' },
      })
      expect(changed.statusCode).toBe(200)
      expect((await login(app, 'ada@example.com', PASSWORD)).statusCode).toBe(401)
      expect((await login(app, 'ada@example.com', 'a new password')).statusCode).toBe(200)
    })

    it('resets a forgotten password by a mailed link that works once', async () => {
      const clock = manualClock(START)
      const app = await buildRelayOn(open, { now: clock.now })
      await createUser(app, 'ada@example.com')
      const known = await app.inject({
        method: 'POST',
        url: '/users/reset-password?email=ada@example.com',
      })
      const unknown = await app.inject({
        method: 'POST',
        url: '/users/reset-password?email=nobody@example.com',
      })
      expect(known.statusCode).toBe(200)
      expect(unknown.statusCode).toBe(200)
      expect(unknown.json()).toEqual(known.json())
      const mails = await outbox(app)
      expect(mails.map((mail) => mail.to)).toEqual(['ada@example.com', 'ada@example.com'])
      expect(mails[1]?.subject).toBe('Reset your Inkmark password')
      const token = await linkToken(app, 'ada@example.com', '/reset-password#token=')

      // A reset token does not confirm an email, and a confirmation token does not reset.
      const confirmWithReset = await app.inject({
        method: 'GET',
        url: `/users/confirm-email?token=${token}`,
      })
      expect(confirmWithReset.statusCode).toBe(400)

      const reset = await app.inject({
        method: 'POST',
        url: '/password-reset',
        payload: { token, password: 'my new password' },
      })
      // The refused confirmation did not use up the reset token.
      expect(reset.statusCode).toBe(200)
      expect(reset.json()).toEqual({ ok: true })
      const second = await app.inject({
        method: 'POST',
        url: '/password-reset',
        payload: { token, password: 'yet another password' },
      })
      expect(second.statusCode).toBe(400)
      expect(second.json<{ code: string }>().code).toBe('INVALID_TOKEN')

      expect((await login(app, 'ada@example.com', PASSWORD)).statusCode).toBe(401)
      expect((await login(app, 'ada@example.com', 'yet another password')).statusCode).toBe(401)
      expect((await login(app, 'ada@example.com', 'my new password')).statusCode).toBe(200)
    })

    it('refuses a reset link after 24 hours', async () => {
      const clock = manualClock(START)
      const app = await buildRelayOn(open, { now: clock.now })
      await createUser(app, 'ada@example.com')
      await app.inject({ method: 'POST', url: '/users/reset-password?email=ada@example.com' })
      const token = await linkToken(app, 'ada@example.com', '/reset-password#token=')
      clock.advance(DAY_MS + 1)
      const late = await app.inject({
        method: 'POST',
        url: '/password-reset',
        payload: { token, password: 'my new password' },
      })
      expect(late.statusCode).toBe(400)
      expect(late.json<{ code: string }>().code).toBe('INVALID_TOKEN')
      expect((await login(app, 'ada@example.com', PASSWORD)).statusCode).toBe(200)
    })

    it('deletes the account with all its data; its token stops working; the email is free again', async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      await push(app, ada, [
        entity.bookmark('b1'),
        entity.mark('m1', 'b1'),
        entity.page('p1', '<p>secret</p>'),
        entity.chat('c1', 'secret question'),
        entity.settings('s1'),
      ])
      const deleted = await injectAs(app, ada, {
        method: 'DELETE',
        url: '/users/delete',
        payload: { password: PASSWORD },
      })
      expect(deleted.statusCode).toBe(200)
      expect(deleted.json()).toEqual({ ok: true })

      // The token of a deleted account is refused everywhere, writes included (never a 5xx).
      for (const [method, url] of [
        ['GET', '/sync?since=0'],
        ['GET', '/bookmarks'],
        ['POST', '/auth/refresh-token'],
      ] as const) {
        const response = await injectAs(app, ada, { method, url })
        expect(response.statusCode, `${method} ${url}`).toBe(401)
      }
      const write = await injectAs(app, ada, {
        method: 'POST',
        url: '/sync',
        payload: { entities: [entity.bookmark('b2')] },
      })
      expect(write.statusCode).toBe(401)
      expect((await login(app, 'ada@example.com', PASSWORD)).statusCode).toBe(401)

      const again = await createUser(app, 'ada@example.com')
      expect(tokenPayload(again.token)._id).not.toBe(tokenPayload(ada.token)._id)
      expect(await pullAll(app, again)).toEqual([])
      for (const url of [
        '/bookmarks',
        '/bookmarks/b1',
        '/marks',
        '/page-contents',
        '/page-contents/html?_id=p1',
        '/aichats',
        '/aichats/messages?_id=c1',
        '/tags',
        '/chrome-storage',
      ]) {
        const response = await injectAs(app, again, { method: 'GET', url })
        expect(response.body, url).not.toMatch(/secret|b1|m1|p1|c1|s1/)
      }
    })

    describe('tokens', () => {
      const refused = async (app: FastifyInstance, token: string, code = 'UNAUTHORIZED') => {
        const response = await app.inject({
          method: 'GET',
          url: '/sync?since=0',
          headers: { authorization: `Bearer ${token}` },
        })
        expect(response.statusCode, token).toBe(401)
        expect(response.json<{ code: string }>().code, token).toBe(code)
      }

      it('refuses tampered, alg none, foreign, wrong-audience and wrong-issuer tokens with 401', async () => {
        const clock = manualClock(START)
        const app = await buildRelayOn(open, { now: clock.now })
        const user = await createUser(app, 'ada@example.com')
        const [header, payload, signature] = user.token.split('.') as [string, string, string]

        // Sanity: a token the test signs the relay's way is accepted.
        const accepted = await forge(user, (jwt) => jwt)
        const ok = await app.inject({
          method: 'GET',
          url: '/sync?since=0',
          headers: { authorization: `Bearer ${accepted}` },
        })
        expect(ok.statusCode).toBe(200)

        const claims = tokenPayload(user.token)
        const middle = Math.floor(signature.length / 2)
        const flipped = signature[middle] === 'A' ? 'B' : 'A'
        const tokens = [
          // Tampered signature, tampered payload, truncated.
          `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`,
          `${header}.${base64url({ ...claims, premium: true })}.${signature}`,
          `${header}.${payload}`,
          'not-a-token',
          // alg: none, with and without a signature part.
          `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
          `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}`,
          // Signed with another key, another algorithm, for another audience or issuer.
          await forge(user, (jwt) => jwt, { secret: new TextEncoder().encode('x'.repeat(40)) }),
          await forge(user, (jwt) => jwt, { alg: 'HS512' }),
          await forge(user, (jwt) => jwt.setAudience('someone-else')),
          await forge(user, (jwt) => jwt.setIssuer('someone-else')),
          // A token naming another user than its subject.
          await forge(user, (jwt) => jwt.setSubject('another-user')),
        ]
        for (const token of tokens) {
          await refused(app, token)
        }
        for (const authorization of ['', 'Bearer', `Basic ${user.token}`, user.token]) {
          const response = await app.inject({
            method: 'GET',
            url: '/sync?since=0',
            headers: { authorization },
          })
          expect(response.statusCode, authorization).toBe(401)
        }
      })

      it('refuses a token without an expiry and an expired token (TOKEN_EXPIRED)', async () => {
        const clock = manualClock(START)
        const app = await buildRelayOn(open, { now: clock.now })
        const user = await createUser(app, 'ada@example.com')
        const { exp: _exp, iat: _iat, ...claims } = tokenPayload(user.token)
        const noExpiry = await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt(Math.floor(START / 1000))
          .sign(TEST_JWT_SECRET)
        await refused(app, noExpiry)

        clock.advance(8 * DAY_MS)
        await refused(app, user.token, 'TOKEN_EXPIRED')
        const response = await injectAs(app, user, { method: 'POST', url: '/auth/refresh-token' })
        expect(response.statusCode).toBe(401)
        expect(response.json()).toEqual({
          code: 'TOKEN_EXPIRED',
          message: 'Your token expired. Please login again.',
        })
      })
    })

    it(`rate-limits /auth: call ${ACCOUNT_RATE_LIMIT_PER_MINUTE + 1} within a minute gets 429`, async () => {
      const app = await buildRelayOn(open)
      // A different account each call: the per-account limit (limits/limits.test.ts) is not this.
      for (let call = 1; call <= ACCOUNT_RATE_LIMIT_PER_MINUTE; call += 1) {
        const response = await login(app, `nobody${call}@example.com`, PASSWORD)
        expect(response.statusCode, `call ${call}`).toBe(401)
      }
      const limited = await login(app, 'nobody@example.com', PASSWORD)
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many requests\. Try again in \d+ s\.$/) as string,
      })
      // Other clients and non-account routes are not affected.
      const other = await app.inject({
        method: 'POST',
        url: '/auth',
        remoteAddress: '10.0.0.2',
        payload: { email: 'nobody@example.com', password: PASSWORD },
      })
      expect(other.statusCode).toBe(401)
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
      // 22 scrypt hashes: a bound for a loaded machine, not a timing check.
    }, 30_000)

    it('allows CORS for the web app and extension origins only', async () => {
      const app = await buildRelayOn(open)
      const allowed = [
        'http://127.0.0.1:5173',
        'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
        'moz-extension://0b1c2d3e-aaaa-bbbb-cccc-123456789abc',
      ]
      for (const origin of allowed) {
        const simple = await app.inject({ method: 'GET', url: '/config', headers: { origin } })
        expect(simple.headers['access-control-allow-origin'], origin).toBe(origin)
        const preflight = await app.inject({
          method: 'OPTIONS',
          url: '/sync',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization,content-type',
          },
        })
        expect(preflight.statusCode, origin).toBe(204)
        expect(preflight.headers['access-control-allow-origin'], origin).toBe(origin)
        expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization')
      }
      for (const origin of [
        'http://evil.example',
        'http://127.0.0.1:5173.evil.example',
        'chrome-extension://abc/../evil',
        'null',
      ]) {
        const simple = await app.inject({ method: 'GET', url: '/config', headers: { origin } })
        expect(simple.headers['access-control-allow-origin'], origin).toBeUndefined()
        const preflight = await app.inject({
          method: 'OPTIONS',
          url: '/sync',
          headers: { origin, 'access-control-request-method': 'POST' },
        })
        expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined()
      }
    })

    it(`answers a body over ${BODY_LIMIT_BYTES} bytes with 413 'Payload too large'`, async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      const huge = JSON.stringify({
        entities: [entity.page('p1', 'x'.repeat(BODY_LIMIT_BYTES))],
      })
      for (const headers of [user.headers, {}]) {
        const response = await app.inject({
          method: 'POST',
          url: '/sync',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: huge,
        })
        expect(response.statusCode).toBe(413)
        expect(response.json()).toEqual({
          code: 'PAYLOAD_TOO_LARGE',
          message: 'Payload too large',
        })
      }
      expect(await pullAll(app, user)).toEqual([])
    })
  })
}
