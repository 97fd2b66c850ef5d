// The per-account and per-address limits of the HTTP routes, on the relay's test clock: each limit
// answers 429 with Retry-After and the coded body once its bucket is empty, counts per account
// (or per client address, with proxy trust configurable), and lets the request through again once
// the bucket refilled.
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_RATE_LIMIT_PER_MINUTE } from '../routes/accounts'
import type { RelayConfig } from '../config'
import {
  buildRelayOn,
  createUser,
  injectAs,
  manualClock,
  openMemorySqlite,
} from '../testing/relay-harness'

const PASSWORD = 'correct horse battery'
const tight = { burst: 2, perMinute: 1 }

function expectRateLimited(response: {
  statusCode: number
  headers: Record<string, unknown>
  json: () => unknown
}): void {
  expect(response.statusCode).toBe(429)
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1)
  expect(response.json()).toEqual({
    code: 'RATE_LIMITED',
    message: expect.stringMatching(/^Too many .+\. Try again in \d+ s\.$/) as string,
  })
}

function signIn(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/auth',
    remoteAddress,
    payload: { email, password },
  })
}

async function relayWith(config: Partial<RelayConfig>, now?: () => number) {
  return buildRelayOn(openMemorySqlite, { config, ...(now ? { now } : {}) })
}

describe('sign-in per account', () => {
  it('refuses sign-ins to an account after its failures, from any address, until it refills', async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1))
    const app = await relayWith({ limits: { signInPerAccount: tight } }, clock.now)
    await createUser(app, 'ada@example.com')
    expect((await signIn(app, 'ada@example.com', 'wrong password', '10.0.0.1')).statusCode).toBe(
      401,
    )
    expect((await signIn(app, 'ADA@example.com', 'wrong password', '10.0.0.2')).statusCode).toBe(
      401,
    )
    // A third address, even with the right password: the account is locked for now.
    expectRateLimited(await signIn(app, 'ada@example.com', PASSWORD, '10.0.0.3'))
    // Another account is not affected.
    await createUser(app, 'bob@example.com')
    expect((await signIn(app, 'bob@example.com', PASSWORD, '10.0.0.3')).statusCode).toBe(200)

    clock.advance(60_000)
    expect((await signIn(app, 'ada@example.com', PASSWORD, '10.0.0.3')).statusCode).toBe(200)
  })

  it('does not count successful sign-ins', async () => {
    const app = await relayWith({ limits: { signInPerAccount: tight } })
    await createUser(app, 'ada@example.com')
    for (let call = 0; call < 5; call += 1) {
      expect((await signIn(app, 'ada@example.com', PASSWORD, `10.0.1.${call}`)).statusCode).toBe(
        200,
      )
    }
  })
})

// The per-address limit of the account routes (the one accounts-suite.ts shows on /auth), here on
// password-reset requests, which hash no password: 21 sign-ins would spend the test on scrypt.
describe('account requests per address and proxy trust', () => {
  const fromProxy = (app: FastifyInstance, call: number, client: string) =>
    app.inject({
      method: 'POST',
      url: `/users/reset-password?email=nobody${call}@example.com`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    })

  async function exhaust(app: FastifyInstance, client: string): Promise<void> {
    for (let call = 1; call <= ACCOUNT_RATE_LIMIT_PER_MINUTE; call += 1) {
      expect((await fromProxy(app, call, client)).statusCode, `call ${call}`).toBe(200)
    }
  }

  it('trusts no proxy by default: clients behind one proxy share its bucket', async () => {
    const app = await relayWith({})
    await exhaust(app, '203.0.113.1')
    expectRateLimited(await fromProxy(app, 0, '203.0.113.2'))
  })

  it('with a trusted proxy address, each client behind it has a bucket of its own', async () => {
    const app = await relayWith({ trustProxy: ['127.0.0.1'] })
    await exhaust(app, '203.0.113.1')
    expectRateLimited(await fromProxy(app, 0, '203.0.113.1'))
    expect((await fromProxy(app, 0, '203.0.113.2')).statusCode).toBe(200)
  })

  it('with a trusted hop count, the client is the address that hop gives', async () => {
    const app = await relayWith({ trustProxy: 1 })
    await exhaust(app, '198.51.100.7, 203.0.113.1')
    expectRateLimited(await fromProxy(app, 0, '203.0.113.1'))
    // A client cannot choose its bucket by adding addresses in front: one hop is trusted.
    expectRateLimited(await fromProxy(app, 0, '192.0.2.99, 203.0.113.1'))
    expect((await fromProxy(app, 0, '203.0.113.2')).statusCode).toBe(200)
  })
})

describe('mail and sign-up per account', () => {
  it('limits sign-ups per email', async () => {
    const app = await relayWith({ limits: { signUpPerAccount: tight } })
    const register = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/users/register',
        remoteAddress: address,
        payload: { email: 'ada@example.com', password: PASSWORD },
      })
    expect((await register('10.0.0.1')).statusCode).toBe(200)
    expect((await register('10.0.0.2')).statusCode).toBe(409)
    expectRateLimited(await register('10.0.0.3'))
  })

  it('limits reset mails per email, whoever asks', async () => {
    const app = await relayWith({ limits: { resetMailPerAccount: tight } })
    await createUser(app, 'ada@example.com')
    const reset = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/users/reset-password?email=Ada@example.com',
        remoteAddress: address,
      })
    expect((await reset('10.0.0.1')).statusCode).toBe(200)
    expect((await reset('10.0.0.2')).statusCode).toBe(200)
    expectRateLimited(await reset('10.0.0.3'))
    const mails = await app.services.storage.listMails()
    expect(mails.filter((mail) => mail.subject.includes('Reset'))).toHaveLength(2)
  })

  it('limits confirmation mails per account', async () => {
    const app = await relayWith({ limits: { confirmationMailPerAccount: tight } })
    const ada = await createUser(app, 'ada@example.com')
    const resend = () =>
      injectAs(app, ada, { method: 'POST', url: '/users/resend-email-confirmation' })
    expect((await resend()).statusCode).toBe(200)
    expect((await resend()).statusCode).toBe(200)
    expectRateLimited(await resend())
  })
})

describe('/sync and the read endpoints per account', () => {
  it('limits /sync (every method) per account, whatever the address, until it refills', async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1))
    const app = await relayWith(
      { limits: { syncPerAccount: { burst: 3, perMinute: 3 } } },
      clock.now,
    )
    const ada = await createUser(app, 'ada@example.com')
    const bob = await createUser(app, 'bob@example.com')
    const calls = [
      { method: 'GET' as const, url: '/sync?since=0', remoteAddress: '10.0.0.1' },
      {
        method: 'POST' as const,
        url: '/sync',
        remoteAddress: '10.0.0.2',
        payload: { entities: [] },
      },
      {
        method: 'DELETE' as const,
        url: '/sync',
        remoteAddress: '10.0.0.3',
        payload: { entities: [] },
      },
    ]
    for (const call of calls) {
      expect((await injectAs(app, ada, call)).statusCode, call.method).toBe(200)
    }
    const limited = await injectAs(app, ada, {
      method: 'PUT',
      url: '/sync',
      remoteAddress: '10.0.0.4',
      payload: { entities: [] },
    })
    expectRateLimited(limited)
    expect(Number(limited.headers['retry-after'])).toBe(20)
    // Bob is not affected, and reads have a bucket of their own.
    expect((await injectAs(app, bob, { method: 'GET', url: '/sync?since=0' })).statusCode).toBe(200)
    expect((await injectAs(app, ada, { method: 'GET', url: '/bookmarks' })).statusCode).toBe(200)

    clock.advance(20_000)
    expect((await injectAs(app, ada, { method: 'GET', url: '/sync?since=0' })).statusCode).toBe(200)
  })

  it('limits the read endpoints per account', async () => {
    const app = await relayWith({ limits: { apiPerAccount: tight } })
    const ada = await createUser(app, 'ada@example.com')
    expect((await injectAs(app, ada, { method: 'GET', url: '/bookmarks' })).statusCode).toBe(200)
    expect((await injectAs(app, ada, { method: 'GET', url: '/marks' })).statusCode).toBe(200)
    expectRateLimited(await injectAs(app, ada, { method: 'GET', url: '/page-contents' }))
    // Unauthenticated routes have no account to count.
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
  })
})
