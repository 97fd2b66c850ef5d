// The relay's billing as a real process on loopback: with the test provider, a checkout completed on
// the test page makes the account Ultimate in userinfo and in a refreshed token; with Paddle (the
// local stand-in of Paddle's API, tests/src/paddle-stand-in.ts), the overlay's completion reaches
// the relay as signed webhooks, and the subscription views, retention offer, cancel, resume,
// invoices and account deletion go through the official SDK to the stand-in.
import { decodeTokenPayload, resolvePlan } from '@inkmark/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPaddleStandIn, type PaddleStandIn } from './src/paddle-stand-in'
import { startRelay, type RelayProcess } from './src/relay-process'

const PASSWORD = 'correct horse battery'
const PRICE_IDS = {
  ULTIMATE_1M: 'pri_01ultimatemonthly0000000000',
  ULTIMATE_1Y: 'pri_01ultimateyearly00000000000',
  ULTIMATE_Lifetime: 'pri_01ultimatelifetime000000000',
}

interface Account {
  id: string
  token: string
  headers: Record<string, string>
}

async function register(relay: RelayProcess, email: string): Promise<Account> {
  const response = await fetch(`${relay.url}/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  expect(response.status).toBe(200)
  const { token } = (await response.json()) as { token: string }
  return {
    id: decodeTokenPayload(token)!._id,
    token,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  }
}

async function call<T>(
  relay: RelayProcess,
  user: Account,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${relay.url}${path}`, {
    method,
    headers: body === undefined ? { authorization: user.headers.authorization! } : user.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as T }
}

interface UserInfo {
  premium: boolean
  userPlan: { type: string; subscription_id?: string; userPlanDuration?: string } | null
}

describe('the test payment provider on a real relay', () => {
  let relay: RelayProcess
  beforeAll(async () => {
    relay = await startRelay({ billing: 'test' })
  })
  afterAll(async () => {
    await relay?.dispose()
  })

  it('completes a checkout: Ultimate in userinfo and in a refreshed token, no new sign-in', async () => {
    const user = await register(relay, 'ada@example.com')
    const config = await fetch(`${relay.url}/billing/config`)
    expect(await config.json()).toEqual({ provider: 'test' })
    const checkout = await call<{ provider: string; checkoutId: string }>(
      relay,
      user,
      'POST',
      '/billing/checkout',
      { plan: 'ULTIMATE', duration: '1M' },
    )
    expect(checkout.json.provider).toBe('test')
    const order = await call<{ plan: string; duration: string }>(
      relay,
      user,
      'GET',
      `/billing/test-checkout/${checkout.json.checkoutId}`,
    )
    expect(order.json).toMatchObject({ plan: 'ULTIMATE', duration: '1M' })
    const complete = await call(
      relay,
      user,
      'POST',
      `/billing/test-checkout/${checkout.json.checkoutId}/complete`,
    )
    expect(complete).toEqual({ status: 200, json: { ok: true } })
    const info = await call<UserInfo>(
      relay,
      user,
      'GET',
      `/users/userinfo/${user.id}?invalidateCache=true`,
    )
    expect(info.json).toMatchObject({ premium: true, userPlan: { type: 'ULTIMATE' } })
    const refreshed = await call<{ token: string }>(relay, user, 'POST', '/auth/refresh-token')
    expect(refreshed.status).toBe(200)
    const payload = decodeTokenPayload(refreshed.json.token)!
    expect(resolvePlan(payload as never, Date.now())).toBe('ULTIMATE')
  })
})

describe('Paddle Billing through the SDK, against the Paddle stand-in', () => {
  let relay: RelayProcess
  let paddle: PaddleStandIn
  const apiKey = 'pdl_sdbx_apikey_01standintests000000000'
  const webhookSecret = 'pdl_ntfset_01standin_secret_0123456789'

  beforeAll(async () => {
    paddle = await startPaddleStandIn({
      apiKey,
      webhookSecret,
      prices: {
        [PRICE_IDS.ULTIMATE_1M]: { amount: '399', currency: 'USD', interval: 'month' },
        [PRICE_IDS.ULTIMATE_1Y]: { amount: '2999', currency: 'USD', interval: 'year' },
        [PRICE_IDS.ULTIMATE_Lifetime]: { amount: '8999', currency: 'USD', interval: null },
      },
    })
    relay = await startRelay({
      billing: 'paddle',
      env: {
        PADDLE_API_KEY: apiKey,
        PADDLE_WEBHOOK_SECRET: webhookSecret,
        PADDLE_CLIENT_TOKEN: 'test_standinclienttoken',
        PADDLE_ENVIRONMENT: 'sandbox',
        PADDLE_PRICE_IDS: JSON.stringify(PRICE_IDS),
        PADDLE_API_URL: paddle.url,
      },
    })
    paddle.webhookUrl = `${relay.url}/billing/webhooks/paddle`
  })
  afterAll(async () => {
    await relay?.dispose()
    await paddle?.close()
  })

  async function subscribe(user: Account, duration: '1M' | '1Y'): Promise<string> {
    const checkout = await call<{
      provider: string
      priceId: string
      customData: { userId: string; checkoutId: string }
      customerEmail: string
    }>(relay, user, 'POST', '/billing/checkout', { plan: 'ULTIMATE', duration })
    expect(checkout.json).toMatchObject({
      provider: 'paddle',
      priceId: PRICE_IDS[`ULTIMATE_${duration}`],
      customData: { userId: user.id },
    })
    const { subscriptionId } = await paddle.completeCheckout({
      priceId: checkout.json.priceId,
      customData: checkout.json.customData,
    })
    await expect
      .poll(
        async () => (await call<UserInfo>(relay, user, 'GET', `/users/userinfo/${user.id}`)).json,
      )
      .toMatchObject({
        premium: true,
        userPlan: { type: 'ULTIMATE', subscription_id: subscriptionId },
      })
    return subscriptionId!
  }

  it('tells the apps the Paddle settings they need', async () => {
    const config = await fetch(`${relay.url}/billing/config`)
    expect(await config.json()).toEqual({
      provider: 'paddle',
      paddle: {
        environment: 'sandbox',
        clientToken: 'test_standinclienttoken',
        priceIds: PRICE_IDS,
      },
    })
  })

  it('applies the checkout webhooks and shows the subscription, payments and invoice from Paddle', async () => {
    const user = await register(relay, 'grace@example.com')
    const id = await subscribe(user, '1Y')
    const subscription = await call<Record<string, unknown>>(
      relay,
      user,
      'GET',
      `/subscription/${id}`,
    )
    expect(subscription.json).toMatchObject({
      subscription_id: id,
      state: 'active',
      plan_id: 'ULTIMATE_1Y',
      last_payment: { amount: 29.99, currency: 'USD' },
      next_payment: { amount: 29.99, currency: 'USD' },
      payment_information: { method: 'card', cardBrand: 'visa', last4: '4242' },
      scheduledCancelAt: null,
    })
    expect(paddle.requests).toContain(`GET /subscriptions/${id}?include=next_transaction`)
    const payments = await call<{ id: string; invoiceAvailable: boolean; total: unknown }[]>(
      relay,
      user,
      'GET',
      `/subscription/transactions/${user.id}`,
    )
    expect(payments.json).toEqual([
      expect.objectContaining({
        status: 'completed',
        invoiceAvailable: true,
        total: { amount: 29.99, currency: 'USD' },
      }),
    ])
    const invoice = await call<{ url: string }>(
      relay,
      user,
      'GET',
      `/subscription/invoice/${payments.json[0]!.id}`,
    )
    expect(invoice.json.url).toMatch(new RegExp(`^${paddle.url}/invoices/inv_`))

    // Another account sees none of it.
    const other = await register(relay, 'mallory@example.com')
    expect((await call(relay, other, 'GET', `/subscription/${id}`)).status).toBe(404)
    expect(
      (await call(relay, other, 'GET', `/subscription/invoice/${payments.json[0]!.id}`)).status,
    ).toBe(404)
    expect((await call(relay, other, 'GET', `/subscription/transactions/${user.id}`)).status).toBe(
      403,
    )
  })

  it('redeems the yearly retention offer once: 50% off the next renewal', async () => {
    const user = await register(relay, 'half@example.com')
    const id = await subscribe(user, '1Y')
    const offer = await call<{ offer: string }>(
      relay,
      user,
      'GET',
      `/subscription/cancellation-offer/${id}`,
    )
    expect(offer.json.offer).toBe('half_price_next_year')
    const redeemed = await call<{ outcome: string; subscription: Record<string, unknown> }>(
      relay,
      user,
      'POST',
      `/subscription/redeem-cancellation-offer/${id}`,
    )
    expect(redeemed.status).toBe(200)
    const discountId = (paddle.subscriptions.get(id)!.discount as { id: string }).id
    expect(paddle.discounts.get(discountId)).toMatchObject({
      amount: '50',
      type: 'percentage',
      recur: false,
      restrict_to: [PRICE_IDS.ULTIMATE_1Y],
    })
    expect(redeemed.json).toMatchObject({
      outcome: 'redeem',
      subscription: { discount: { code: discountId }, next_payment: { amount: 15 } },
    })
    expect(
      (await call(relay, user, 'POST', `/subscription/redeem-cancellation-offer/${id}`)).status,
    ).toBe(409)
  })

  it('gives a monthly subscription a free month as its offer', async () => {
    const user = await register(relay, 'month@example.com')
    const id = await subscribe(user, '1M')
    await call(relay, user, 'POST', `/subscription/redeem-cancellation-offer/${id}`)
    const discountId = (paddle.subscriptions.get(id)!.discount as { id: string }).id
    expect(paddle.discounts.get(discountId)).toMatchObject({ amount: '100' })
  })

  it('cancels at the end of the period and resumes, the plan staying meanwhile', async () => {
    const user = await register(relay, 'cancel@example.com')
    const id = await subscribe(user, '1Y')
    const canceled = await call<{
      subscription: { scheduledCancelAt: number | null; next_payment: unknown }
    }>(relay, user, 'POST', `/subscription/cancel/${id}`)
    const periodEnd = Date.parse(
      (paddle.subscriptions.get(id)!.current_billing_period as { ends_at: string }).ends_at,
    )
    expect(canceled.json.subscription).toMatchObject({
      scheduledCancelAt: periodEnd,
      next_payment: null,
    })
    const info = await call<UserInfo>(relay, user, 'GET', `/users/userinfo/${user.id}`)
    expect(info.json).toMatchObject({ premium: true, userPlan: { type: 'ULTIMATE' } })
    const resumed = await call<{ subscription: { scheduledCancelAt: number | null } }>(
      relay,
      user,
      'POST',
      `/subscription/resume/${id}`,
    )
    expect(resumed.json.subscription.scheduledCancelAt).toBeNull()
    expect(paddle.subscriptions.get(id)!.scheduled_change).toBeNull()
  })

  it('answers 502 and changes nothing when Paddle refuses the API key', async () => {
    const user = await register(relay, 'refused@example.com')
    const id = await subscribe(user, '1M')
    paddle.setApiKey('pdl_sdbx_apikey_rotated')
    try {
      const response = await call<{ code: string; message: string }>(
        relay,
        user,
        'POST',
        `/subscription/cancel/${id}`,
      )
      expect(response.status).toBe(502)
      expect(response.json.code).toBe('BILLING_UNAVAILABLE')
      expect(paddle.subscriptions.get(id)!.scheduled_change).toBeNull()
    } finally {
      paddle.setApiKey(apiKey)
    }
  })

  it('refuses webhooks that are not signed with the secret, or too old', async () => {
    const user = await register(relay, 'forged@example.com')
    const forged = {
      event_id: 'evt_01forged000000000000000000',
      event_type: 'transaction.completed',
      occurred_at: new Date().toISOString(),
      notification_id: 'ntf_01forged000000000000000000',
      data: { id: 'txn_01forged', custom_data: { userId: user.id } },
    }
    const unsigned = await fetch(paddle.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paddle-signature': 'ts=1;h1=00' },
      body: JSON.stringify(forged),
    })
    expect(unsigned.status).toBe(401)
    const old = await paddle.sendWebhook(forged, {
      timestampSeconds: Math.floor(Date.now() / 1000) - 120,
    })
    expect(old).toBe(401)
    const info = await call<UserInfo>(relay, user, 'GET', `/users/userinfo/${user.id}`)
    expect(info.json.premium).toBe(false)
  })

  it('cancels the subscription at Paddle at once when the account is deleted', async () => {
    const user = await register(relay, 'leaving@example.com')
    const id = await subscribe(user, '1Y')
    const deleted = await fetch(`${relay.url}/users/delete`, {
      method: 'DELETE',
      headers: user.headers,
      body: JSON.stringify({ password: PASSWORD }),
    })
    expect(deleted.status).toBe(200)
    expect(paddle.subscriptions.get(id)).toMatchObject({ status: 'canceled' })
    expect(paddle.requests).toContain(`POST /subscriptions/${id}/cancel`)
  })
})
