// The test provider ends a subscription cancelled at period end: it has no scheduler, so the relay
// sends the signed subscription.canceled (through the webhook path) when it reads the subscription
// after that date, as Paddle would have sent it (docs/adr/051-relay-billing.md).
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  account,
  billingRelay,
  buyWithTestProvider,
  testBilling,
  type TestAccount,
} from './billing-test-kit'

const NOW = Date.UTC(2026, 9, 14, 12) // Outside Black Friday.
const PERIOD_END = Date.UTC(2026, 10, 14, 12) // One month on: the end of a 1M period.

async function buy(
  app: FastifyInstance,
  user: TestAccount,
  body: Record<string, unknown>,
): Promise<void> {
  await buyWithTestProvider(app, user.auth, body)
}

/** Logs in again (the token expires when a test moves the relay's clock on). */
async function signIn(app: FastifyInstance, user: TestAccount, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth',
    payload: { email, password: 'correct horse' },
  })
  expect(response.statusCode).toBe(200)
  const { token } = response.json<{ token: string }>()
  return { ...user, token, auth: { authorization: `Bearer ${token}` } }
}

/** A relay whose clock the test moves, with ada on Premium 1M cancelled at period end. */
async function cancelledAtPeriodEnd() {
  const clock = { now: NOW }
  const app = await billingRelay(testBilling(), { now: () => clock.now })
  const user = await account(app, 'ada@example.com')
  await buy(app, user, { plan: 'PREMIUM', duration: '1M' })
  const [subscription] = await app.services.storage.listBillingSubscriptions(user.id)
  const id = subscription!.subscriptionId
  const cancel = await app.inject({
    method: 'POST',
    url: `/subscription/cancel/${id}`,
    headers: user.auth,
  })
  expect(cancel.json()).toMatchObject({ subscription: { scheduledCancelAt: PERIOD_END } })
  return { app, clock, user, id }
}

describe('a test subscription cancelled at period end', () => {
  it('ends when the relay reads it after that date, and only then', async () => {
    const { app, clock, user: before, id } = await cancelledAtPeriodEnd()
    const storage = app.services.storage

    clock.now = PERIOD_END - 1
    let user = await signIn(app, before, 'ada@example.com')
    const read = () => app.inject({ method: 'GET', url: `/subscription/${id}`, headers: user.auth })
    expect((await read()).json()).toMatchObject({ state: 'active', scheduledCancelAt: PERIOD_END })
    expect((await storage.findUserById(user.id))?.premium).toBe(true)

    clock.now = PERIOD_END + 1_000
    user = await signIn(app, user, 'ada@example.com')
    expect((await read()).json()).toMatchObject({ state: 'canceled', next_payment: null })
    const ended = await storage.findUserById(user.id)
    expect(ended?.premium).toBe(false)
    expect(ended?.plan).toMatchObject({ type: 'PREMIUM', expiresDateMillis: PERIOD_END })
    const info = await app.inject({
      method: 'GET',
      url: `/users/userinfo/${user.id}?invalidateCache=true`,
      headers: user.auth,
    })
    expect(info.json()).toMatchObject({ premium: false })

    // Read again: it stays canceled, and a new plan can be bought.
    expect((await read()).json()).toMatchObject({ state: 'canceled' })
    await buy(app, user, { plan: 'ULTIMATE', duration: '1Y' })
    expect((await storage.findUserById(user.id))?.plan).toMatchObject({ type: 'ULTIMATE' })
  })

  it('ends when the account is read (user info) after that date, the subscription never opened', async () => {
    const { app, clock, user: before } = await cancelledAtPeriodEnd()
    clock.now = PERIOD_END + 1_000
    const user = await signIn(app, before, 'ada@example.com')
    const info = await app.inject({
      method: 'GET',
      url: `/users/userinfo/${user.id}?invalidateCache=true`,
      headers: user.auth,
    })
    expect(info.json()).toMatchObject({ premium: false })
    expect((await app.services.storage.findUserById(user.id))?.premium).toBe(false)
  })

  it('ends before a new checkout is refused as a second subscription', async () => {
    const { app, clock, user, id } = await cancelledAtPeriodEnd()
    clock.now = Date.UTC(2026, 11, 1)
    await buy(app, await signIn(app, user, 'ada@example.com'), {
      plan: 'ULTIMATE',
      duration: '1Y',
    })
    expect((await app.services.storage.findBillingSubscription(id))?.status).toBe('canceled')
    expect((await app.services.storage.findUserById(user.id))?.premium).toBe(true)
  })

  it('is left alone while resumed', async () => {
    const { app, clock, user, id } = await cancelledAtPeriodEnd()
    await app.inject({ method: 'POST', url: `/subscription/resume/${id}`, headers: user.auth })
    clock.now = PERIOD_END + 1_000
    const again = await signIn(app, user, 'ada@example.com')
    const read = await app.inject({
      method: 'GET',
      url: `/subscription/${id}`,
      headers: again.auth,
    })
    expect(read.json()).toMatchObject({ state: 'active', scheduledCancelAt: null })
  })
})
