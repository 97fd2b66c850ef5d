// Event bodies in Paddle Billing's documented webhook shape (snake_case, amounts in minor units as
// strings, ISO dates), and Paddle's signature header. The test provider sends its events in this
// shape so they run through exactly the verification and reading a Paddle webhook does.
import { createHmac, randomBytes } from 'node:crypto'
import type { BillingPlanId, SubscriptionState } from '@inkmark/shared'
import { toMinorUnits } from './paddle-money'

/** A Paddle-style id: prefix, underscore, 26 lowercase alphanumerics. */
export function paddleStyleId(prefix: string): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz'
  const bytes = randomBytes(26)
  return `${prefix}_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`
}

/** Paddle-Signature: `ts=<seconds>;h1=<hex HMAC-SHA256 of "ts:body">`. */
export function paddleSignature(body: string, secret: string, timestampSeconds: number): string {
  const h1 = createHmac('sha256', secret).update(`${timestampSeconds}:${body}`).digest('hex')
  return `ts=${timestampSeconds};h1=${h1}`
}

export interface PayloadPrice {
  priceId: string
  planId: BillingPlanId
  /** Major units. */
  amount: number
  currency: string
}

function iso(millis: number): string {
  return new Date(millis).toISOString()
}

function priceObject(price: PayloadPrice, recurring: boolean): Record<string, unknown> {
  const monthly = price.planId.endsWith('_1M')
  return {
    id: price.priceId,
    product_id: 'pro_inkmarktestprovider000000000',
    name: price.planId,
    description: `Inkmark ${price.planId}`,
    type: 'standard',
    billing_cycle: recurring ? { interval: monthly ? 'month' : 'year', frequency: 1 } : null,
    trial_period: null,
    tax_mode: 'account_setting',
    unit_price: {
      amount: toMinorUnits(price.amount, price.currency),
      currency_code: price.currency,
    },
    unit_price_overrides: [],
    quantity: { minimum: 1, maximum: 1 },
    status: 'active',
    custom_data: null,
    import_meta: null,
  }
}

/** The event envelope. */
export function eventEnvelope(
  eventType: string,
  occurredAt: number,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return {
    event_id: paddleStyleId('evt'),
    event_type: eventType,
    occurred_at: iso(occurredAt),
    notification_id: paddleStyleId('ntf'),
    data,
  }
}

export interface SubscriptionPayloadInput {
  subscriptionId: string
  status: SubscriptionState
  price: PayloadPrice
  customData: Record<string, unknown> | null
  createdAt: number
  periodStart: number
  periodEnd: number
  scheduledCancelAt: number | null
  canceledAt: number | null
  updatedAt: number
}

/** A subscription entity as subscription.* events carry it. */
export function subscriptionData(input: SubscriptionPayloadInput): Record<string, unknown> {
  const active = input.status !== 'canceled'
  const monthly = input.price.planId.endsWith('_1M')
  return {
    id: input.subscriptionId,
    status: input.status,
    customer_id: 'ctm_inkmarktestprovider00000000',
    address_id: 'add_inkmarktestprovider00000000',
    business_id: null,
    currency_code: input.price.currency,
    created_at: iso(input.createdAt),
    updated_at: iso(input.updatedAt),
    started_at: iso(input.createdAt),
    first_billed_at: iso(input.createdAt),
    next_billed_at: active && input.scheduledCancelAt === null ? iso(input.periodEnd) : null,
    paused_at: null,
    canceled_at: input.canceledAt === null ? null : iso(input.canceledAt),
    discount: null,
    collection_mode: 'automatic',
    billing_details: null,
    current_billing_period: active
      ? { starts_at: iso(input.periodStart), ends_at: iso(input.periodEnd) }
      : null,
    billing_cycle: { interval: monthly ? 'month' : 'year', frequency: 1 },
    scheduled_change:
      input.scheduledCancelAt === null
        ? null
        : { action: 'cancel', effective_at: iso(input.scheduledCancelAt), resume_at: null },
    items: [
      {
        status: active ? 'active' : 'inactive',
        quantity: 1,
        recurring: true,
        created_at: iso(input.createdAt),
        updated_at: iso(input.updatedAt),
        previously_billed_at: iso(input.periodStart),
        next_billed_at: active ? iso(input.periodEnd) : null,
        trial_dates: null,
        price: priceObject(input.price, true),
      },
    ],
    custom_data: input.customData,
    import_meta: null,
  }
}

export interface TransactionPayloadInput {
  transactionId: string
  subscriptionId: string | null
  price: PayloadPrice
  customData: Record<string, unknown> | null
  billedAt: number
  /** The period paid for (a subscription's payment), or null for a one-time purchase. */
  period: { start: number; end: number } | null
}

/** A completed transaction as transaction.completed carries it. */
export function transactionData(input: TransactionPayloadInput): Record<string, unknown> {
  const total = toMinorUnits(input.price.amount, input.price.currency)
  const totals = {
    subtotal: total,
    discount: '0',
    tax: '0',
    total,
    credit: '0',
    credit_to_balance: '0',
    balance: '0',
    grand_total: total,
    grand_total_tax: '0',
    fee: null,
    earnings: null,
    currency_code: input.price.currency,
  }
  return {
    id: input.transactionId,
    status: 'completed',
    customer_id: 'ctm_inkmarktestprovider00000000',
    address_id: 'add_inkmarktestprovider00000000',
    business_id: null,
    custom_data: input.customData,
    currency_code: input.price.currency,
    origin: input.subscriptionId ? 'subscription_recurring' : 'web',
    subscription_id: input.subscriptionId,
    invoice_id: null,
    invoice_number: null,
    collection_mode: 'automatic',
    discount_id: null,
    billing_details: null,
    billing_period: input.period
      ? { starts_at: iso(input.period.start), ends_at: iso(input.period.end) }
      : null,
    items: [{ price: priceObject(input.price, input.period !== null), quantity: 1 }],
    details: {
      tax_rates_used: [],
      totals,
      adjusted_totals: null,
      payout_totals: null,
      adjusted_payout_totals: null,
      line_items: [],
    },
    payments: [],
    checkout: null,
    created_at: iso(input.billedAt),
    updated_at: iso(input.billedAt),
    billed_at: iso(input.billedAt),
    revised_at: null,
  }
}
