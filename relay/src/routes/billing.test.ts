// The billing and subscription routes on a relay with the test provider: checkout, completing the
// test payment (signed events through the webhook path), the plan in userinfo and a refreshed token,
// the subscription's views and the cancellation flow; another account's ids, bad input and rate
// limits; billing off; and deleting an account.
import { decodeTokenPayload, resolvePlan } from '@inkmark/shared'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  account,
  billingRelay,
  buyWithTestProvider,
  testBilling,
  type TestAccount,
} from '../billing/billing-test-kit'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { ACCOUNT_RATE_LIMIT_PER_MINUTE } from './accounts'

const NOW = Date.UTC(2026, 9, 14, 12) // Outside Black Friday.

function buy(
  app: FastifyInstance,
  user: TestAccount,
  body?: Record<string, unknown>,
): Promise<string> {
  return buyWithTestProvider(app, user.auth, body)
}

async function subscriptionIdOf(app: FastifyInstance, user: TestAccount): Promise<string> {
  const info = await app.inject({
    method: 'GET',
    url: `/users/userinfo/${user.id}`,
    headers: user.auth,
  })
  return info.json<{ userPlan: { subscription_id: string } }>().userPlan.subscription_id
}

describe('the test payment provider', () => {
  it('takes a checkout to Ultimate in userinfo and in a refreshed token, keeping the session', async () => {
    const app = await billingRelay(testBilling(), { now: () => NOW })
    const user = await account(app, 'ada@example.com')
    expect((await app.inject({ method: 'GET', url: '/billing/config' })).json()).toEqual({
      provider: 'test',
    })
    const checkout = await app.inject({
      method: 'POST',
      url: '/billing/checkout',
      headers: user.auth,
      payload: { plan: 'ULTIMATE', duration: '1Y', countryCode: 'US' },
    })
    expect(checkout.json()).toEqual({ provider: 'test', checkoutId: expect.any(String) as string })
    const { checkoutId } = checkout.json<{ checkoutId: string }>()
    const order = await app.inject({
      method: 'GET',
      url: `/billing/test-checkout/${checkoutId}`,
      headers: user.auth,
    })
    expect(order.json()).toEqual({
      checkoutId,
      plan: 'ULTIMATE',
      duration: '1Y',
      amount: 29.99,
      currency: 'USD',
    })
    const complete = await app.inject({
      method: 'POST',
      url: `/billing/test-checkout/${checkoutId}/complete`,
      headers: user.auth,
    })
    expect(complete.json()).toEqual({ ok: true })

    const info = await app.inject({
      method: 'GET',
      url: `/users/userinfo/${user.id}?invalidateCache=true`,
      headers: user.auth,
    })
    const { premium, userPlan } = info.json<{
      premium: boolean
      userPlan: { type: string; subscription_id: string; expiresDateMillis: number }
    }>()
    expect(premium).toBe(true)
    expect(userPlan).toMatchObject({ type: 'ULTIMATE', userPlanDuration: '1Y' })
    expect(userPlan.subscription_id).toMatch(/^sub_/)
    expect(userPlan.expiresDateMillis).toBeGreaterThan(Date.UTC(2027, 9, 14))

    // The token signed before the purchase still works and refreshes into one with the plan.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: user.auth,
    })
    expect(refreshed.statusCode).toBe(200)
    const payload = decodeTokenPayload(refreshed.json<{ token: string }>().token)!
    expect(resolvePlan(payload as never, NOW)).toBe('ULTIMATE')

    // Completing twice, or buying a second subscription, is refused.
    const again = await app.inject({
      method: 'POST',
      url: `/billing/test-checkout/${checkoutId}/complete`,
      headers: user.auth,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'CHECKOUT_COMPLETED' })
    const second = await app.inject({
      method: 'POST',
      url: '/billing/checkout',
      headers: user.auth,
      payload: { plan: 'PREMIUM', duration: '1M' },
    })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ code: 'ALREADY_SUBSCRIBED' })
  })

  it('records a discount code that applies, and the amount after it', async () => {
    const app = await billingRelay(testBilling(), { now: () => Date.UTC(2026, 10, 26) })
    const user = await account(app, 'ada@example.com')
    const checkout = await app.inject({
      method: 'POST',
      url: '/billing/checkout',
      headers: user.auth,
      payload: { plan: 'ULTIMATE', duration: '1Y' },
    })
    const { checkoutId } = checkout.json<{ checkoutId: string }>()
    const order = await app.inject({
      method: 'GET',
      url: `/billing/test-checkout/${checkoutId}`,
      headers: user.auth,
    })
    // Black Friday (23-30 November): 40% off yearly.
    expect(order.json()).toMatchObject({ amount: 17.99, discountCode: 'BLACKFRIDAY' })
  })

  it('shows the subscription, its payments, and runs the cancellation flow', async () => {
    const app = await billingRelay(testBilling(), { now: () => NOW })
    const user = await account(app, 'ada@example.com')
    await buy(app, user, { plan: 'PREMIUM', duration: '1M' })
    const id = await subscriptionIdOf(app, user)

    const subscription = await app.inject({
      method: 'GET',
      url: `/subscription/${id}`,
      headers: user.auth,
    })
    expect(subscription.json()).toMatchObject({
      subscription_id: id,
      state: 'active',
      plan_id: 'PREMIUM_1M',
      plan: 'PREMIUM',
      duration: '1M',
      last_payment: { amount: 2.99, currency: 'USD', date: NOW },
      next_payment: { amount: 2.99, currency: 'USD', date: Date.UTC(2026, 10, 14, 12) },
      scheduledCancelAt: null,
      discount: null,
    })
    const price = await app.inject({
      method: 'GET',
      url: `/subscription/price/${id}?countryCode=US`,
      headers: user.auth,
    })
    expect(price.json()).toMatchObject({ plan: 'PREMIUM', interval: '1M', amount: 2.99 })

    const transactions = await app.inject({
      method: 'GET',
      url: `/subscription/transactions/${user.id}`,
      headers: user.auth,
    })
    const [payment] = transactions.json<{ id: string; invoiceAvailable: boolean }[]>()
    expect(transactions.json()).toHaveLength(1)
    expect(payment).toMatchObject({ status: 'completed', invoiceAvailable: false })
    const invoice = await app.inject({
      method: 'GET',
      url: `/subscription/invoice/${payment!.id}`,
      headers: user.auth,
    })
    expect(invoice.statusCode).toBe(404)
    expect(invoice.json()).toMatchObject({ code: 'INVOICE_UNAVAILABLE' })

    const feedback = (status: string, extra: Record<string, unknown> = {}) =>
      app.inject({
        method: 'POST',
        url: '/cancellation-feedback',
        headers: user.auth,
        payload: { subscriptionId: id, reason: 'too-expensive', status, ...extra },
      })
    expect((await feedback('PENDING')).json()).toEqual({ ok: true })

    const offer = await app.inject({
      method: 'GET',
      url: `/subscription/cancellation-offer/${id}`,
      headers: user.auth,
    })
    expect(offer.json()).toEqual({ offer: 'free_month', description: expect.any(String) as string })
    const redeemed = await app.inject({
      method: 'POST',
      url: `/subscription/redeem-cancellation-offer/${id}`,
      headers: user.auth,
    })
    expect(redeemed.json()).toMatchObject({
      outcome: 'redeem',
      subscription: { discount: { code: 'free_month' }, next_payment: { amount: 0 } },
    })
    const twice = await app.inject({
      method: 'POST',
      url: `/subscription/redeem-cancellation-offer/${id}`,
      headers: user.auth,
    })
    expect(twice.statusCode).toBe(409)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/subscription/cancellation-offer/${id}`,
          headers: user.auth,
        })
      ).json(),
    ).toMatchObject({ offer: null })
    await feedback('ABORTED', { offerOutcome: 'redeem', feedback: 'Staying for now' })
    expect(await app.services.storage.getCancellationFeedback(user.id, id)).toMatchObject({
      status: 'ABORTED',
      offerOutcome: 'redeem',
      feedback: 'Staying for now',
    })

    const canceled = await app.inject({
      method: 'POST',
      url: `/subscription/cancel/${id}`,
      headers: user.auth,
    })
    expect(canceled.json()).toMatchObject({
      subscription: { state: 'active', scheduledCancelAt: Date.UTC(2026, 10, 14, 12) },
    })
    // The plan stays until the end of the paid period.
    const info = await app.inject({
      method: 'GET',
      url: `/users/userinfo/${user.id}`,
      headers: user.auth,
    })
    expect(info.json()).toMatchObject({ premium: true, userPlan: { type: 'PREMIUM' } })
    const resumed = await app.inject({
      method: 'POST',
      url: `/subscription/resume/${id}`,
      headers: user.auth,
    })
    expect(resumed.json()).toMatchObject({ subscription: { scheduledCancelAt: null } })
  })

  it('gives a lifetime plan for a lifetime checkout, with no subscription', async () => {
    const app = await billingRelay(testBilling(), { now: () => NOW })
    const user = await account(app, 'ada@example.com')
    await buy(app, user, { plan: 'ULTIMATE', duration: 'Lifetime' })
    const info = await app.inject({
      method: 'GET',
      url: `/users/userinfo/${user.id}`,
      headers: user.auth,
    })
    expect(info.json()).toMatchObject({
      premium: true,
      userPlan: { type: 'ULTIMATE', userPlanDuration: 'Lifetime' },
    })
    const transactions = await app.inject({
      method: 'GET',
      url: `/subscription/transactions/${user.id}`,
      headers: user.auth,
    })
    expect(transactions.json()).toHaveLength(1)
  })
})

describe('billing routes and other accounts', () => {
  it("answers 404 or 403 for another account's checkout, subscription, payments and feedback", async () => {
    const app = await billingRelay(testBilling(), { now: () => NOW })
    const ada = await account(app, 'ada@example.com')
    const mallory = await account(app, 'mallory@example.com')
    const checkout = await app.inject({
      method: 'POST',
      url: '/billing/checkout',
      headers: ada.auth,
      payload: { plan: 'ULTIMATE', duration: '1Y' },
    })
    const { checkoutId } = checkout.json<{ checkoutId: string }>()
    for (const request of [
      { method: 'GET' as const, url: `/billing/test-checkout/${checkoutId}` },
      { method: 'POST' as const, url: `/billing/test-checkout/${checkoutId}/complete` },
    ]) {
      expect((await app.inject({ ...request, headers: mallory.auth })).statusCode).toBe(404)
    }
    await app.inject({
      method: 'POST',
      url: `/billing/test-checkout/${checkoutId}/complete`,
      headers: ada.auth,
    })
    const id = await subscriptionIdOf(app, ada)
    const [payment] = await app.services.storage.listBillingTransactions(ada.id)
    for (const request of [
      { method: 'GET' as const, url: `/subscription/${id}` },
      { method: 'GET' as const, url: `/subscription/price/${id}` },
      { method: 'GET' as const, url: `/subscription/invoice/${payment!.transactionId}` },
      { method: 'GET' as const, url: `/subscription/cancellation-offer/${id}` },
      { method: 'POST' as const, url: `/subscription/redeem-cancellation-offer/${id}` },
      { method: 'POST' as const, url: `/subscription/cancel/${id}` },
      { method: 'POST' as const, url: `/subscription/resume/${id}` },
    ]) {
      const response = await app.inject({ ...request, headers: mallory.auth })
      expect(response.statusCode, request.url).toBe(404)
    }
    const payments = await app.inject({
      method: 'GET',
      url: `/subscription/transactions/${ada.id}`,
      headers: mallory.auth,
    })
    expect(payments.statusCode).toBe(403)
    const feedback = await app.inject({
      method: 'POST',
      url: '/cancellation-feedback',
      headers: mallory.auth,
      payload: { subscriptionId: id, reason: 'other', status: 'SUBMITTED' },
    })
    expect(feedback.statusCode).toBe(404)
    expect(await app.services.storage.getCancellationFeedback(mallory.id, id)).toBeUndefined()
    // Ada's subscription is untouched.
    expect((await app.services.storage.findBillingSubscription(id))?.scheduledCancelAt).toBeNull()
  })

  it('needs a login token for everything but the public config', async () => {
    const app = await billingRelay(testBilling(), { now: () => NOW })
    for (const request of [
      {
        method: 'POST' as const,
        url: '/billing/checkout',
        payload: { plan: 'ULTIMATE', duration: '1Y' },
      },
      { method: 'GET' as const, url: '/billing/test-checkout/abc' },
      { method: 'GET' as const, url: '/subscription/sub_1' },
      { method: 'GET' as const, url: '/subscription/transactions/u1' },
      { method: 'POST' as const, url: '/subscription/cancel/sub_1' },
    ]) {
      expect((await app.inject(request)).statusCode).toBe(401)
    }
  })

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const app = await billingRelay(testBilling(), { now: () => NOW })
    const user = await account(app, 'ada@example.com')
    for (const payload of [
      { plan: 'GOLD', duration: '1Y' },
      { plan: 'ULTIMATE', duration: '2Y' },
      { plan: 'ULTIMATE' },
      { plan: 'ULTIMATE', duration: '1Y', userId: 'someone-else' },
      { plan: 'ULTIMATE', duration: '1Y', discountCode: '<script>' },
      { plan: 'ULTIMATE', duration: '1Y', countryCode: 'usa' },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/billing/checkout',
        headers: user.auth,
        payload,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
      expect(response.body).not.toMatch(/at .*\.ts/)
    }
    const feedback = await app.inject({
      method: 'POST',
      url: '/cancellation-feedback',
      headers: user.auth,
      payload: { subscriptionId: 'sub_1', reason: 'other', status: 'DONE' },
    })
    expect(feedback.statusCode).toBe(400)
    const long = await app.inject({
      method: 'POST',
      url: '/cancellation-feedback',
      headers: user.auth,
      payload: {
        subscriptionId: 'sub_1',
        reason: 'other',
        status: 'SUBMITTED',
        feedback: 'x'.repeat(2001),
      },
    })
    expect(long.statusCode).toBe(400)
    const badId = await app.inject({
      method: 'GET',
      url: '/subscription/..%2Fusers',
      headers: user.auth,
    })
    expect(badId.statusCode).toBe(400)
    const unknown = await app.inject({
      method: 'GET',
      url: '/subscription/sub_nothing',
      headers: user.auth,
    })
    expect(unknown.statusCode).toBe(404)
  })

  it(`rate-limits the subscription routes: call ${ACCOUNT_RATE_LIMIT_PER_MINUTE + 1} gets 429`, async () => {
    const app = await billingRelay(testBilling(), { now: () => NOW })
    const user = await account(app, 'ada@example.com')
    const statuses: number[] = []
    for (let call = 0; call <= ACCOUNT_RATE_LIMIT_PER_MINUTE; call += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/subscription/cancellation-offer/sub_1',
        headers: user.auth,
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, ACCOUNT_RATE_LIMIT_PER_MINUTE).every((status) => status === 404)).toBe(
      true,
    )
    expect(statuses[ACCOUNT_RATE_LIMIT_PER_MINUTE]).toBe(429)
  })
})

describe('billing off', () => {
  it('gives every account the default plan (Ultimate) and sells nothing', async () => {
    const app = await billingRelay(
      { provider: 'none', defaultPlan: 'ULTIMATE', testWebhookSecret: 'unused' },
      { now: () => NOW },
    )
    const user = await account(app, 'ada@example.com')
    expect(resolvePlan(decodeTokenPayload(user.token) as never, NOW)).toBe('ULTIMATE')
    expect((await app.inject({ method: 'GET', url: '/billing/config' })).json()).toEqual({
      provider: 'none',
    })
    const checkout = await app.inject({
      method: 'POST',
      url: '/billing/checkout',
      headers: user.auth,
      payload: { plan: 'ULTIMATE', duration: '1Y' },
    })
    expect(checkout.statusCode).toBe(409)
    expect(checkout.json()).toMatchObject({ code: 'BILLING_OFF' })
    const payments = await app.inject({
      method: 'GET',
      url: `/subscription/transactions/${user.id}`,
      headers: user.auth,
    })
    expect(payments.json()).toEqual([])
  })

  it('keeps the stored plan (the trial) with INKMARK_DEFAULT_PLAN=FREE', async () => {
    const app = await billingRelay(
      { provider: 'none', defaultPlan: 'FREE', testWebhookSecret: 'unused' },
      { now: () => NOW, trialDays: 14 },
    )
    const user = await account(app, 'ada@example.com')
    expect(resolvePlan(decodeTokenPayload(user.token) as never, NOW)).toBe('FREE_TRIAL')
  })
})

describe('deleting an account', () => {
  it('cancels its subscription at once and deletes its billing rows', async () => {
    const storage = openSqliteStorage(':memory:')
    const app = await billingRelay(testBilling(), { now: () => NOW, storage })
    const user = await account(app, 'ada@example.com')
    await buy(app, user)
    const id = await subscriptionIdOf(app, user)
    await app.inject({
      method: 'POST',
      url: '/cancellation-feedback',
      headers: user.auth,
      payload: { subscriptionId: id, reason: 'other', status: 'PENDING' },
    })
    const seen: string[] = []
    const cancelNow = app.services.billing.provider.cancelNow.bind(app.services.billing.provider)
    app.services.billing.provider.cancelNow = async (stored) => {
      seen.push((await storage.findBillingSubscription(stored.subscriptionId))!.status)
      await cancelNow(stored)
      seen.push((await storage.findBillingSubscription(stored.subscriptionId))!.status)
    }
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/users/delete',
      headers: user.auth,
      payload: { password: 'correct horse' },
    })
    expect(deleted.statusCode).toBe(200)
    expect(seen).toEqual(['active', 'canceled'])
    expect(await storage.findBillingSubscription(id)).toBeUndefined()
    expect(await storage.listBillingTransactions(user.id)).toEqual([])
    expect(await storage.getCancellationFeedback(user.id, id)).toBeUndefined()
  })
})
