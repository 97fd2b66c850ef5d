// Test helpers for the billing tests: a relay with a chosen provider, accounts with their ids, and
// Paddle-shaped signed events (the shapes Paddle's webhook documentation shows).
import { decodeTokenPayload } from '@inkmark/shared'
import type { FastifyInstance } from 'fastify'
import { buildRelay, registerUser } from '../testing/build'
import type { RelayStorage } from '../storage/relay-storage'
import type { BillingSettings, PaddleSettings } from './billing-config'
import { paddleSignature } from './paddle-payloads'

export const TEST_BILLING_SECRET = 'test-billing-secret-test-billing-secret'
export const PADDLE_WEBHOOK_SECRET = 'pdl_ntfset_01test_webhooksecret0123456789'
export const PADDLE_PRICE_IDS: PaddleSettings['priceIds'] = {
  PREMIUM_1M: 'pri_01premiummonthly00000000000',
  PREMIUM_1Y: 'pri_01premiumyearly000000000000',
  ULTIMATE_1M: 'pri_01ultimatemonthly0000000000',
  ULTIMATE_1Y: 'pri_01ultimateyearly00000000000',
  ULTIMATE_Lifetime: 'pri_01ultimatelifetime000000000',
}

export function testBilling(): BillingSettings {
  return { provider: 'test', defaultPlan: 'ULTIMATE', testWebhookSecret: TEST_BILLING_SECRET }
}

export function paddleBilling(apiUrl = 'http://127.0.0.1:9'): BillingSettings {
  return {
    provider: 'paddle',
    defaultPlan: 'ULTIMATE',
    testWebhookSecret: TEST_BILLING_SECRET,
    paddle: {
      apiKey: 'pdl_sdbx_apikey_01test',
      webhookSecret: PADDLE_WEBHOOK_SECRET,
      clientToken: 'test_clienttoken',
      environment: 'sandbox',
      priceIds: PADDLE_PRICE_IDS,
      apiUrl,
    },
  }
}

export async function billingRelay(
  billing: BillingSettings | undefined,
  options: { now?: () => number; storage?: RelayStorage; trialDays?: number } = {},
): Promise<FastifyInstance> {
  return buildRelay({
    config: { ...(billing ? { billing } : {}), trialDays: options.trialDays ?? 0 },
    ...(options.now ? { now: options.now } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
  })
}

export interface TestAccount {
  id: string
  token: string
  auth: { authorization: string }
}

export async function account(app: FastifyInstance, email: string): Promise<TestAccount> {
  const token = await registerUser(app, email)
  const id = decodeTokenPayload(token)!._id
  return { id, token, auth: { authorization: `Bearer ${token}` } }
}

/**
 * Buys `body` (plan, duration) on the test provider as the holder of `headers`: POST
 * /billing/checkout, then the test checkout's completion. Throws unless both answer 200; returns
 * the checkout's id.
 */
export async function buyWithTestProvider(
  app: FastifyInstance,
  headers: { authorization: string },
  body: Record<string, unknown> = { plan: 'ULTIMATE', duration: '1Y' },
): Promise<string> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/billing/checkout',
    headers,
    payload: body,
  })
  if (checkout.statusCode !== 200) {
    throw new Error(`POST /billing/checkout answered ${checkout.statusCode}: ${checkout.body}`)
  }
  const { checkoutId } = checkout.json<{ checkoutId: string }>()
  const complete = await app.inject({
    method: 'POST',
    url: `/billing/test-checkout/${checkoutId}/complete`,
    headers,
  })
  if (complete.statusCode !== 200) {
    throw new Error(
      `completing the test checkout answered ${complete.statusCode}: ${complete.body}`,
    )
  }
  return checkoutId
}

/** Stores the checkout `chk-1` the kit's events name, as POST /billing/checkout would for `userId`. */
export async function startedCheckout(storage: RelayStorage, userId: string): Promise<void> {
  await storage.putCheckout({
    checkoutId: 'chk-1',
    userId,
    provider: 'paddle',
    planId: 'ULTIMATE_1Y',
    amount: 29.99,
    currency: 'USD',
    discountCode: null,
    createdAt: 1,
    completedAt: null,
  })
}

/** Signs `body` as Paddle does, at `timestampSeconds` (now by default). */
export function signed(
  body: string,
  secret = PADDLE_WEBHOOK_SECRET,
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  return paddleSignature(body, secret, timestampSeconds)
}

/** POSTs a raw webhook body with a Paddle-Signature header. */
export function postWebhook(app: FastifyInstance, body: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/billing/webhooks/paddle',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'paddle-signature': signature }),
    },
    payload: body,
  })
}

/** A subscription.* event as Paddle's webhook documentation shows it. */
export function subscriptionEvent(options: {
  eventId: string
  eventType: string
  occurredAt: string
  subscriptionId: string
  status: string
  priceId: string
  periodStart: string
  periodEnd: string
  userId?: string
  scheduledCancelAt?: string
  canceledAt?: string
}): Record<string, unknown> {
  return {
    event_id: options.eventId,
    event_type: options.eventType,
    occurred_at: options.occurredAt,
    notification_id: `ntf_${options.eventId.slice(4)}`,
    data: {
      id: options.subscriptionId,
      items: [
        {
          price: {
            id: options.priceId,
            name: 'Yearly (recurring)',
            type: 'standard',
            status: 'active',
            quantity: { maximum: 1, minimum: 1 },
            tax_mode: 'account_setting',
            created_at: '2024-04-09T07:14:38.424504Z',
            product_id: 'pro_01htz88xpr0mm7b3ta2pjkr7w2',
            unit_price: { amount: '2999', currency_code: 'USD' },
            updated_at: '2024-04-09T07:15:53.950721Z',
            custom_data: null,
            description: 'Annual',
            import_meta: null,
            trial_period: null,
            billing_cycle: { interval: 'year', frequency: 1 },
            unit_price_overrides: [],
          },
          status: 'active',
          quantity: 1,
          recurring: true,
          created_at: options.periodStart,
          updated_at: options.periodStart,
          trial_dates: null,
          next_billed_at: options.periodEnd,
          previously_billed_at: options.periodStart,
        },
      ],
      status: options.status,
      discount: null,
      paused_at: null,
      address_id: 'add_01hv8gq3318ktkfengj2r75gfx',
      created_at: options.periodStart,
      started_at: options.periodStart,
      updated_at: options.occurredAt,
      business_id: null,
      canceled_at: options.canceledAt ?? null,
      custom_data: options.userId ? { userId: options.userId, checkoutId: 'chk-1' } : null,
      customer_id: 'ctm_01hv6y1jedq4p1n0yqn5ba3ky4',
      import_meta: null,
      billing_cycle: { interval: 'year', frequency: 1 },
      currency_code: 'USD',
      next_billed_at: options.canceledAt ? null : options.periodEnd,
      transaction_id: 'txn_01hv8wptq8987qeep44cyrewp9',
      billing_details: null,
      collection_mode: 'automatic',
      first_billed_at: options.periodStart,
      scheduled_change: options.scheduledCancelAt
        ? { action: 'cancel', resume_at: null, effective_at: options.scheduledCancelAt }
        : null,
      current_billing_period: options.canceledAt
        ? null
        : { ends_at: options.periodEnd, starts_at: options.periodStart },
    },
  }
}

/** A transaction.completed event as Paddle's webhook documentation shows it. */
export function transactionCompletedEvent(options: {
  eventId: string
  occurredAt: string
  transactionId: string
  subscriptionId: string | null
  priceId: string
  userId?: string
  grandTotal: string
  periodStart?: string
  periodEnd?: string
}): Record<string, unknown> {
  const totals = {
    fee: '300',
    tax: '0',
    total: options.grandTotal,
    credit: '0',
    balance: '0',
    discount: '0',
    earnings: '2699',
    subtotal: options.grandTotal,
    grand_total: options.grandTotal,
    currency_code: 'USD',
    credit_to_balance: '0',
  }
  return {
    event_id: options.eventId,
    event_type: 'transaction.completed',
    occurred_at: options.occurredAt,
    notification_id: `ntf_${options.eventId.slice(4)}`,
    data: {
      id: options.transactionId,
      items: [
        {
          price: {
            id: options.priceId,
            name: 'Ultimate',
            type: 'standard',
            status: 'active',
            quantity: { maximum: 1, minimum: 1 },
            tax_mode: 'account_setting',
            product_id: 'pro_01htz88xpr0mm7b3ta2pjkr7w2',
            unit_price: { amount: options.grandTotal, currency_code: 'USD' },
            custom_data: null,
            description: 'Ultimate',
            trial_period: null,
            billing_cycle: options.subscriptionId ? { interval: 'year', frequency: 1 } : null,
            unit_price_overrides: [],
          },
          quantity: 1,
          proration: null,
        },
      ],
      origin: 'web',
      status: 'completed',
      details: {
        totals,
        line_items: [],
        payout_totals: null,
        tax_rates_used: [
          {
            totals: {
              tax: '0',
              total: options.grandTotal,
              discount: '0',
              subtotal: options.grandTotal,
            },
            tax_rate: '0',
          },
        ],
        adjusted_totals: null,
      },
      checkout: { url: 'https://inkmark.example/pay?_ptxn=txn_01' },
      payments: [
        {
          amount: options.grandTotal,
          status: 'captured',
          created_at: options.occurredAt,
          error_code: null,
          captured_at: options.occurredAt,
          method_details: {
            card: {
              type: 'visa',
              last4: '3184',
              expiry_year: 2030,
              expiry_month: 1,
              cardholder_name: 'Ada',
            },
            type: 'card',
          },
          payment_method_id: 'paymtd_01hv8wrsgsg4zd1c6k9ptgwqk4',
          payment_attempt_id: '6ac1d0a5-fd1b-4d9c-a4df-0a0e1d3b8b6e',
          stored_payment_method_id: '4c1c7bd4-4c4c-4bd1-b3f5-2c0a8c4c6d3c',
        },
      ],
      billed_at: options.occurredAt,
      address_id: 'add_01hv8gq3318ktkfengj2r75gfx',
      created_at: options.occurredAt,
      invoice_id: 'inv_01hv8x29nsh54c2pgt0hnq0zkx',
      revised_at: null,
      updated_at: options.occurredAt,
      business_id: null,
      custom_data: options.userId ? { userId: options.userId, checkoutId: 'chk-1' } : null,
      customer_id: 'ctm_01hv6y1jedq4p1n0yqn5ba3ky4',
      discount_id: null,
      currency_code: 'USD',
      billing_period:
        options.periodStart && options.periodEnd
          ? { ends_at: options.periodEnd, starts_at: options.periodStart }
          : null,
      invoice_number: '325-10566',
      billing_details: null,
      collection_mode: 'automatic',
      subscription_id: options.subscriptionId,
    },
  }
}

/** An adjustment.created/updated event (a refund, chargeback or credit) as Paddle documents it. */
export function adjustmentEvent(options: {
  eventId: string
  eventType?: 'adjustment.created' | 'adjustment.updated'
  occurredAt: string
  adjustmentId?: string
  action: 'refund' | 'credit' | 'chargeback' | 'chargeback_reverse' | 'chargeback_warning'
  status: 'pending_approval' | 'approved' | 'rejected' | 'reversed'
  type: 'full' | 'partial'
  transactionId: string
  subscriptionId: string | null
  amount: string
}): Record<string, unknown> {
  return {
    event_id: options.eventId,
    event_type: options.eventType ?? 'adjustment.created',
    occurred_at: options.occurredAt,
    notification_id: `ntf_${options.eventId.slice(4)}`,
    data: {
      id: options.adjustmentId ?? 'adj_01hv8x2acma2gz97cbs7ek6z90',
      action: options.action,
      type: options.type,
      transaction_id: options.transactionId,
      subscription_id: options.subscriptionId,
      customer_id: 'ctm_01hv6y1jedq4p1n0yqn5ba3ky4',
      reason: 'The customer asked for their money back',
      credit_applied_to_balance: null,
      currency_code: 'USD',
      status: options.status,
      items: [
        {
          id: 'adjitm_01hv8x2acma2gz97cbs7ek6z91',
          item_id: 'txnitm_01hv8wptq8987qeep44cyrewp9',
          type: options.type,
          amount: options.amount,
          proration: null,
          totals: { subtotal: options.amount, tax: '0', total: options.amount },
        },
      ],
      totals: {
        subtotal: options.amount,
        tax: '0',
        total: options.amount,
        fee: '0',
        earnings: '0',
        currency_code: 'USD',
      },
      payout_totals: null,
      created_at: options.occurredAt,
      updated_at: options.occurredAt,
    },
  }
}
