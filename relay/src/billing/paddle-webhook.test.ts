// POST /billing/webhooks/paddle with events shaped as Paddle's webhook documentation shows them:
// a valid event changes the plan; a tampered body, a wrong secret, an old timestamp or no signature
// is refused with 401 and stores nothing; a replay or an older event arriving late changes nothing;
// an unknown event type is acknowledged and ignored. An approved full refund or chargeback ends the
// plan its payment paid for; partial, pending or unknown ones change nothing.
import { LIFETIME_EXPIRY_MARKER_MILLIS, resolvePlan } from '@inkmark/shared'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { openSqliteStorage } from '../storage/sqlite-storage'
import {
  PADDLE_PRICE_IDS,
  account,
  adjustmentEvent,
  billingRelay,
  paddleBilling,
  postWebhook,
  signed,
  startedCheckout,
  subscriptionEvent,
  transactionCompletedEvent,
  type TestAccount,
} from './billing-test-kit'
import { BILLING_GRACE_MILLIS } from './event-effect'

const NOW = Date.UTC(2026, 10, 26, 10)
const PERIOD_START = '2026-11-26T10:00:00.000Z'
const PERIOD_END = '2027-11-26T10:00:00.000Z'
const SUBSCRIPTION_ID = 'sub_01hv8x29kz0t586xy6zn1a62ny'

function created(
  user: TestAccount,
  overrides: Partial<Parameters<typeof subscriptionEvent>[0]> = {},
) {
  return subscriptionEvent({
    eventId: 'evt_01hv8x2acma2gz97cbs7ek6yzt',
    eventType: 'subscription.created',
    occurredAt: '2026-11-26T10:00:01.000Z',
    subscriptionId: SUBSCRIPTION_ID,
    status: 'active',
    priceId: PADDLE_PRICE_IDS.ULTIMATE_1Y!,
    periodStart: PERIOD_START,
    periodEnd: PERIOD_END,
    userId: user.id,
    ...overrides,
  })
}

async function userinfo(app: FastifyInstance, user: TestAccount) {
  const response = await app.inject({
    method: 'GET',
    url: `/users/userinfo/${user.id}`,
    headers: user.auth,
  })
  return response.json<{ premium: boolean; userPlan: Record<string, unknown> | null }>()
}

async function setUp() {
  const storage = openSqliteStorage(':memory:')
  const app = await billingRelay(paddleBilling(), { now: () => NOW, storage })
  const user = await account(app, 'ada@example.com')
  await startedCheckout(storage, user.id)
  return { app, storage, user }
}

describe('the Paddle webhook', () => {
  it('applies a valid subscription.created: the account is Ultimate through the period', async () => {
    const { app, user } = await setUp()
    const body = JSON.stringify(created(user))
    const response = await postWebhook(app, body, signed(body))
    expect(response.statusCode).toBe(200)
    const info = await userinfo(app, user)
    expect(info.premium).toBe(true)
    expect(info.userPlan).toEqual({
      type: 'ULTIMATE',
      expiresDateMillis: Date.parse(PERIOD_END) + BILLING_GRACE_MILLIS,
      subscription_id: SUBSCRIPTION_ID,
      userPlanDuration: '1Y',
    })
    expect(resolvePlan({ _id: user.id, ...info, userPlan: info.userPlan as never }, NOW)).toBe(
      'ULTIMATE',
    )
  })

  it('refuses a tampered body with 401 and stores nothing', async () => {
    const { app, storage, user } = await setUp()
    const body = JSON.stringify(created(user))
    const tampered = body.replace(PADDLE_PRICE_IDS.ULTIMATE_1Y!, PADDLE_PRICE_IDS.PREMIUM_1Y!)
    const response = await postWebhook(app, tampered, signed(body))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'INVALID_SIGNATURE' })
    expect((await userinfo(app, user)).premium).toBe(false)
    expect(await storage.findBillingSubscription(SUBSCRIPTION_ID)).toBeUndefined()
  })

  it('refuses a wrong secret, an old timestamp, a missing or malformed signature', async () => {
    const { app, storage, user } = await setUp()
    const body = JSON.stringify(created(user))
    const nowSeconds = Math.floor(Date.now() / 1000)
    for (const signature of [
      signed(body, 'pdl_ntfset_someone_elses_secret'),
      signed(body, undefined, nowSeconds - 60),
      undefined,
      'h1=abc',
      'ts=;h1=',
    ]) {
      const response = await postWebhook(app, body, signature)
      expect(response.statusCode).toBe(401)
      expect(response.body).not.toContain('at ')
    }
    expect((await userinfo(app, user)).premium).toBe(false)
    expect(await storage.findBillingSubscription(SUBSCRIPTION_ID)).toBeUndefined()
  })

  it('changes nothing when an event is replayed', async () => {
    const { app, user } = await setUp()
    const first = JSON.stringify(created(user))
    expect((await postWebhook(app, first, signed(first))).statusCode).toBe(200)
    const canceled = JSON.stringify(
      created(user, {
        eventId: 'evt_01hv8x2acma2gz97cbs7ek6z00',
        eventType: 'subscription.canceled',
        occurredAt: '2026-12-01T10:00:00.000Z',
        status: 'canceled',
        canceledAt: '2026-12-01T10:00:00.000Z',
      }),
    )
    expect((await postWebhook(app, canceled, signed(canceled))).statusCode).toBe(200)
    const afterCancel = await userinfo(app, user)
    expect(afterCancel.premium).toBe(false)
    // The same created event again (Paddle retries, or someone replays a captured request).
    const replay = await postWebhook(app, first, signed(first))
    expect(replay.statusCode).toBe(200)
    expect(await userinfo(app, user)).toEqual(afterCancel)
    const again = await app.services.billing.receivePaddleWebhook(canceled, signed(canceled))
    expect(again.outcome).toBe('duplicate')
  })

  it('changes nothing when an older event arrives after a newer one', async () => {
    const { app, storage, user } = await setUp()
    const canceled = JSON.stringify(
      created(user, {
        eventId: 'evt_01hv8x2acma2gz97cbs7ek6z01',
        eventType: 'subscription.canceled',
        occurredAt: '2026-11-26T10:00:05.000Z',
        status: 'canceled',
        canceledAt: '2026-11-26T10:00:05.000Z',
      }),
    )
    expect((await postWebhook(app, canceled, signed(canceled))).statusCode).toBe(200)
    const older = JSON.stringify(created(user))
    expect((await postWebhook(app, older, signed(older))).statusCode).toBe(200)
    expect((await storage.findBillingSubscription(SUBSCRIPTION_ID))?.status).toBe('canceled')
    expect((await userinfo(app, user)).premium).toBe(false)
  })

  it('acknowledges and ignores an unknown event type, storing nothing', async () => {
    const { app, storage, user } = await setUp()
    const event = {
      event_id: 'evt_01hv8x2acma2gz97cbs7ek6z02',
      event_type: 'address.updated',
      occurred_at: '2026-11-26T10:00:05.000Z',
      notification_id: 'ntf_01hv8x2acma2gz97cbs7ek6z02',
      data: { id: 'add_01hv8gq3318ktkfengj2r75gfx', status: 'active', country_code: 'US' },
    }
    const body = JSON.stringify(event)
    expect((await postWebhook(app, body, signed(body))).statusCode).toBe(200)
    const unheard = JSON.stringify({ ...event, event_type: 'something.new_in_2030' })
    expect((await postWebhook(app, unheard, signed(unheard))).statusCode).toBe(200)
    expect((await userinfo(app, user)).premium).toBe(false)
    expect(await storage.listBillingSubscriptions(user.id)).toEqual([])
  })

  it('acknowledges an event for a price this relay does not sell, changing nothing', async () => {
    const { app, user } = await setUp()
    const body = JSON.stringify(created(user, { priceId: 'pri_01someotherproduct0000000000' }))
    expect((await postWebhook(app, body, signed(body))).statusCode).toBe(200)
    expect((await userinfo(app, user)).premium).toBe(false)
  })

  it('answers 400 for a signed event it cannot read, storing nothing', async () => {
    const { app, storage, user } = await setUp()
    const event = created(user) as { data: Record<string, unknown> }
    const body = JSON.stringify({ ...event, data: { ...event.data, status: 'exploded' } })
    const response = await postWebhook(app, body, signed(body))
    expect(response.statusCode).toBe(400)
    expect(await storage.findBillingSubscription(SUBSCRIPTION_ID)).toBeUndefined()
    const notJson = '{"event_id": '
    expect((await postWebhook(app, notJson, signed(notJson))).statusCode).toBe(400)
  })

  it('gives a lifetime plan for a completed one-time transaction', async () => {
    const { app, storage, user } = await setUp()
    const body = JSON.stringify(
      transactionCompletedEvent({
        eventId: 'evt_01hv8x2acma2gz97cbs7ek6z03',
        occurredAt: '2026-11-26T10:00:05.000Z',
        transactionId: 'txn_01hv8wptq8987qeep44cyrewp9',
        subscriptionId: null,
        priceId: PADDLE_PRICE_IDS.ULTIMATE_Lifetime!,
        userId: user.id,
        grandTotal: '8999',
      }),
    )
    expect((await postWebhook(app, body, signed(body))).statusCode).toBe(200)
    const info = await userinfo(app, user)
    expect(info).toMatchObject({
      premium: true,
      userPlan: {
        type: 'ULTIMATE',
        expiresDateMillis: LIFETIME_EXPIRY_MARKER_MILLIS,
        userPlanDuration: 'Lifetime',
      },
    })
    expect(await storage.listBillingTransactions(user.id)).toEqual([
      expect.objectContaining({ transactionId: 'txn_01hv8wptq8987qeep44cyrewp9', amount: 89.99 }),
    ])
  })

  it('links a renewal (transaction.completed) to the stored owner and extends the period', async () => {
    const { app, user } = await setUp()
    const first = JSON.stringify(created(user))
    await postWebhook(app, first, signed(first))
    const renewal = JSON.stringify(
      transactionCompletedEvent({
        eventId: 'evt_01hv8x2acma2gz97cbs7ek6z04',
        occurredAt: '2027-11-26T10:00:00.000Z',
        transactionId: 'txn_01hv8wptq8987qeep44cyrew10',
        subscriptionId: SUBSCRIPTION_ID,
        priceId: PADDLE_PRICE_IDS.ULTIMATE_1Y!,
        grandTotal: '2999',
        periodStart: PERIOD_END,
        periodEnd: '2028-11-26T10:00:00.000Z',
      }),
    )
    expect((await postWebhook(app, renewal, signed(renewal))).statusCode).toBe(200)
    expect((await userinfo(app, user)).userPlan).toMatchObject({
      expiresDateMillis: Date.parse('2028-11-26T10:00:00.000Z') + BILLING_GRACE_MILLIS,
    })
  })

  it('ignores custom data naming another account once the subscription has an owner', async () => {
    const { app, user } = await setUp()
    const other = await account(app, 'mallory@example.com')
    const first = JSON.stringify(created(user))
    await postWebhook(app, first, signed(first))
    const update = JSON.stringify(
      created(other, {
        eventId: 'evt_01hv8x2acma2gz97cbs7ek6z05',
        eventType: 'subscription.updated',
        occurredAt: '2026-11-27T10:00:00.000Z',
      }),
    )
    await postWebhook(app, update, signed(update))
    expect((await userinfo(app, other)).premium).toBe(false)
    expect((await userinfo(app, user)).premium).toBe(true)
  })

  it('refuses to link a first event to an account whose checkout it is not', async () => {
    const { app, storage, user } = await setUp()
    const other = await account(app, 'mallory@example.com')
    // Custom data is set in the browser: naming another account with one's own checkout id.
    const body = JSON.stringify(created(other))
    expect((await postWebhook(app, body, signed(body))).statusCode).toBe(200)
    expect((await userinfo(app, other)).premium).toBe(false)
    expect((await userinfo(app, user)).premium).toBe(false)
    expect(await storage.findBillingSubscription(SUBSCRIPTION_ID)).toBeUndefined()
  })

  it('answers 404 on a relay that does not use Paddle', async () => {
    const app = await billingRelay(undefined)
    const body = '{}'
    expect((await postWebhook(app, body, signed(body))).statusCode).toBe(404)
  })
})

describe('refunds and chargebacks (adjustment.created/updated)', () => {
  const LIFETIME_TXN = 'txn_01hv8wptq8987qeep44cyrewp9'
  const FIRST_TXN = 'txn_01hv8wptq8987qeep44cyrew20'
  const RENEWAL_TXN = 'txn_01hv8wptq8987qeep44cyrew21'

  function refund(
    transactionId: string,
    overrides: Partial<Parameters<typeof adjustmentEvent>[0]> = {},
  ): string {
    return JSON.stringify(
      adjustmentEvent({
        eventId: 'evt_01hv8x2acma2gz97cbs7ek6z50',
        occurredAt: '2026-11-28T10:00:00.000Z',
        action: 'refund',
        status: 'approved',
        type: 'full',
        transactionId,
        subscriptionId: null,
        amount: '8999',
        ...overrides,
      }),
    )
  }

  async function deliver(app: FastifyInstance, body: string) {
    const response = await postWebhook(app, body, signed(body))
    expect(response.statusCode).toBe(200)
    return app.services.billing.receivePaddleWebhook(body, signed(body))
  }

  async function lifetimeBought() {
    const context = await setUp()
    const body = JSON.stringify(
      transactionCompletedEvent({
        eventId: 'evt_01hv8x2acma2gz97cbs7ek6z03',
        occurredAt: '2026-11-26T10:00:05.000Z',
        transactionId: LIFETIME_TXN,
        subscriptionId: null,
        priceId: PADDLE_PRICE_IDS.ULTIMATE_Lifetime!,
        userId: context.user.id,
        grandTotal: '8999',
      }),
    )
    expect((await postWebhook(context.app, body, signed(body))).statusCode).toBe(200)
    expect((await userinfo(context.app, context.user)).premium).toBe(true)
    return context
  }

  /** A yearly subscription with its first payment (and, if asked, a renewal) applied. */
  async function subscribed(renewed = false) {
    const context = await setUp()
    const first = JSON.stringify(created(context.user))
    expect((await postWebhook(context.app, first, signed(first))).statusCode).toBe(200)
    const payments = [
      { eventId: 'evt_01hv8x2acma2gz97cbs7ek6z40', transactionId: FIRST_TXN, at: PERIOD_START },
      ...(renewed
        ? [
            {
              eventId: 'evt_01hv8x2acma2gz97cbs7ek6z41',
              transactionId: RENEWAL_TXN,
              at: PERIOD_END,
            },
          ]
        : []),
    ]
    for (const payment of payments) {
      const end = new Date(Date.parse(payment.at) + 365 * 86_400_000).toISOString()
      const body = JSON.stringify(
        transactionCompletedEvent({
          eventId: payment.eventId,
          occurredAt: payment.at,
          transactionId: payment.transactionId,
          subscriptionId: SUBSCRIPTION_ID,
          priceId: PADDLE_PRICE_IDS.ULTIMATE_1Y!,
          grandTotal: '2999',
          periodStart: payment.at,
          periodEnd: end,
        }),
      )
      expect((await postWebhook(context.app, body, signed(body))).statusCode).toBe(200)
    }
    expect((await userinfo(context.app, context.user)).premium).toBe(true)
    return context
  }

  it('ends a lifetime plan when its purchase is refunded in full, once', async () => {
    const { app, storage, user } = await lifetimeBought()
    const body = refund(LIFETIME_TXN)
    expect((await postWebhook(app, body, signed(body))).statusCode).toBe(200)
    const info = await userinfo(app, user)
    expect(info.premium).toBe(false)
    expect(info.userPlan).toEqual({
      type: 'ULTIMATE',
      expiresDateMillis: NOW,
      userPlanDuration: 'Lifetime',
    })
    expect(resolvePlan({ _id: user.id, ...info, userPlan: info.userPlan as never }, NOW)).toBe(
      'FREE',
    )
    expect(await storage.findBillingTransaction(LIFETIME_TXN)).toMatchObject({ refundedAt: NOW })
    // A replay, and a second approved adjustment of the same payment, change nothing more.
    expect((await app.services.billing.receivePaddleWebhook(body, signed(body))).outcome).toBe(
      'duplicate',
    )
    const updated = refund(LIFETIME_TXN, {
      eventId: 'evt_01hv8x2acma2gz97cbs7ek6z51',
      eventType: 'adjustment.updated',
    })
    const again = await app.services.billing.receivePaddleWebhook(updated, signed(updated))
    expect(again.outcome).toBe('stale')
    expect(await userinfo(app, user)).toEqual(info)
  })

  it('ends a subscription plan when its payment is charged back, until a new payment', async () => {
    const { app, storage, user } = await subscribed()
    const chargeback = refund(FIRST_TXN, {
      action: 'chargeback',
      subscriptionId: SUBSCRIPTION_ID,
      amount: '2999',
    })
    expect((await postWebhook(app, chargeback, signed(chargeback))).statusCode).toBe(200)
    const info = await userinfo(app, user)
    expect(info.premium).toBe(false)
    expect(info.userPlan).toEqual({
      type: 'ULTIMATE',
      expiresDateMillis: NOW,
      subscription_id: SUBSCRIPTION_ID,
      userPlanDuration: '1Y',
    })
    expect(await storage.findBillingTransaction(FIRST_TXN)).toMatchObject({ refundedAt: NOW })
    // The subscription still says active at Paddle: that alone does not give the plan back.
    const update = JSON.stringify(
      created(user, {
        eventId: 'evt_01hv8x2acma2gz97cbs7ek6z52',
        eventType: 'subscription.updated',
        occurredAt: '2026-11-29T10:00:00.000Z',
      }),
    )
    expect((await postWebhook(app, update, signed(update))).statusCode).toBe(200)
    expect((await userinfo(app, user)).premium).toBe(false)
    // A new payment does.
    const renewal = JSON.stringify(
      transactionCompletedEvent({
        eventId: 'evt_01hv8x2acma2gz97cbs7ek6z53',
        occurredAt: '2026-11-30T10:00:00.000Z',
        transactionId: RENEWAL_TXN,
        subscriptionId: SUBSCRIPTION_ID,
        priceId: PADDLE_PRICE_IDS.ULTIMATE_1Y!,
        grandTotal: '2999',
        periodStart: PERIOD_START,
        periodEnd: PERIOD_END,
      }),
    )
    expect((await postWebhook(app, renewal, signed(renewal))).statusCode).toBe(200)
    expect(await userinfo(app, user)).toMatchObject({
      premium: true,
      userPlan: { expiresDateMillis: Date.parse(PERIOD_END) + BILLING_GRACE_MILLIS },
    })
  })

  it('keeps the plan when an older payment is refunded and a later one stands', async () => {
    const { app, storage, user } = await subscribed(true)
    const before = await userinfo(app, user)
    const body = refund(FIRST_TXN, { subscriptionId: SUBSCRIPTION_ID, amount: '2999' })
    const received = await app.services.billing.receivePaddleWebhook(body, signed(body))
    expect(received.outcome).toBe('applied')
    expect(await userinfo(app, user)).toEqual(before)
    expect(await storage.findBillingTransaction(FIRST_TXN)).toMatchObject({ refundedAt: NOW })
  })

  it('changes nothing for partial refunds, credits, warnings, pending or rejected ones', async () => {
    const { app, storage, user } = await lifetimeBought()
    const before = await userinfo(app, user)
    const cases: Partial<Parameters<typeof adjustmentEvent>[0]>[] = [
      { type: 'partial', amount: '1000' },
      { action: 'credit' },
      { action: 'chargeback_warning' },
      { action: 'chargeback_reverse' },
      { status: 'pending_approval' },
      { status: 'rejected' },
    ]
    for (const [index, overrides] of cases.entries()) {
      const body = refund(LIFETIME_TXN, {
        eventId: `evt_01hv8x2acma2gz97cbs7ek6z6${index}`,
        ...overrides,
      })
      const received = await deliver(app, body)
      expect(received).toMatchObject({ outcome: 'ignored', reason: 'not-handled' })
    }
    expect(await userinfo(app, user)).toEqual(before)
    expect(await storage.findBillingTransaction(LIFETIME_TXN)).not.toHaveProperty('refundedAt')
  })

  it('applies a refund approved later (adjustment.updated)', async () => {
    const { app, user } = await lifetimeBought()
    const pending = refund(LIFETIME_TXN, { status: 'pending_approval' })
    expect((await postWebhook(app, pending, signed(pending))).statusCode).toBe(200)
    expect((await userinfo(app, user)).premium).toBe(true)
    const approved = refund(LIFETIME_TXN, {
      eventId: 'evt_01hv8x2acma2gz97cbs7ek6z54',
      eventType: 'adjustment.updated',
    })
    expect((await postWebhook(app, approved, signed(approved))).statusCode).toBe(200)
    expect((await userinfo(app, user)).premium).toBe(false)
  })

  it('acknowledges an adjustment of a transaction it never saw, changing nothing', async () => {
    const { app, user } = await lifetimeBought()
    const body = refund('txn_01someoneelsespayment000000')
    const received = await deliver(app, body)
    expect(received).toMatchObject({ outcome: 'ignored', reason: 'unknown-transaction' })
    expect((await userinfo(app, user)).premium).toBe(true)
  })

  it('answers 400 for an adjustment that names no transaction', async () => {
    const { app } = await lifetimeBought()
    const event = JSON.parse(refund(LIFETIME_TXN)) as { data: Record<string, unknown> }
    const body = JSON.stringify({ ...event, data: { ...event.data, transaction_id: null } })
    expect((await postWebhook(app, body, signed(body))).statusCode).toBe(400)
  })
})
