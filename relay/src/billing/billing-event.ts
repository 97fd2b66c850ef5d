// A provider event, once its signature is verified (the SDK's webhooks.unmarshal), reduced to what
// the relay acts on: the subscription or transaction it is about, with dates as epoch millis and
// money in major units; adjustments (refunds, chargebacks, credits) name the transaction they are
// about. Events the relay does not act on come out as 'ignored'.
import type { BillingMoney, SubscriptionState } from '@inkmark/shared'
import { fromMinorUnits } from './paddle-money'

/** The subscription events the relay applies. */
export const SUBSCRIPTION_EVENT_TYPES = [
  'subscription.created',
  'subscription.updated',
  'subscription.activated',
  'subscription.canceled',
  'subscription.past_due',
  'subscription.paused',
  'subscription.resumed',
] as const
export const TRANSACTION_COMPLETED = 'transaction.completed'
/** Paddle's adjustment events: a refund, credit or chargeback on a transaction, or its change. */
export const ADJUSTMENT_EVENT_TYPES = ['adjustment.created', 'adjustment.updated'] as const

export interface EventSubscription {
  id: string
  status: SubscriptionState
  priceId: string | null
  customData: Record<string, unknown> | null
  currentPeriodEnd: number | null
  scheduledCancelAt: number | null
  /** When it was canceled or paused, if it was. */
  endedAt: number | null
}

export interface EventTransaction {
  id: string
  subscriptionId: string | null
  priceId: string | null
  customData: Record<string, unknown> | null
  billingPeriodEnd: number | null
  total: BillingMoney
}

/** An adjustment (Paddle's `adjustment` entity), reduced to what decides its effect. */
export interface EventAdjustment {
  id: string
  /** refund, credit, chargeback, chargeback_reverse, chargeback_warning, credit_reverse. */
  action: string
  /** pending_approval, approved, rejected or reversed. */
  status: string
  /** full or partial. */
  type: string
  transactionId: string
  subscriptionId: string | null
}

interface EventHead {
  eventId: string
  eventType: string
  occurredAt: number
}

export type BillingEvent =
  | (EventHead & { kind: 'subscription'; subscription: EventSubscription })
  | (EventHead & { kind: 'transaction'; transaction: EventTransaction })
  | (EventHead & { kind: 'adjustment'; adjustment: EventAdjustment })
  | (EventHead & { kind: 'ignored' })

/** The shape of an unmarshalled SDK event that this module reads (camelCase, as the SDK gives it). */
export interface SdkEvent {
  eventId: string
  eventType: string
  occurredAt: string
  data: unknown
}

const STATES: readonly string[] = ['active', 'trialing', 'past_due', 'paused', 'canceled']

/** Thrown for a verified event whose content the relay cannot read (answered 400). */
export class MalformedEventError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MalformedEventError'
  }
}

function millis(text: unknown, what: string): number {
  const value = typeof text === 'string' ? Date.parse(text) : NaN
  if (!Number.isFinite(value)) {
    throw new MalformedEventError(`The event's ${what} is not a date`)
  }
  return value
}

function optionalMillis(text: unknown, what: string): number | null {
  return text === null || text === undefined ? null : millis(text, what)
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) {
    throw new MalformedEventError('The event has no data')
  }
  return value as Record<string, unknown>
}

function customDataOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
}

function firstPriceId(items: unknown): string | null {
  if (!Array.isArray(items)) {
    return null
  }
  const price = (items[0] as { price?: { id?: unknown } } | undefined)?.price
  return typeof price?.id === 'string' ? price.id : null
}

function idOf(data: Record<string, unknown>): string {
  if (typeof data.id !== 'string' || data.id === '') {
    throw new MalformedEventError('The event names no id')
  }
  return data.id
}

function readSubscription(data: Record<string, unknown>): EventSubscription {
  const status = String(data.status)
  if (!STATES.includes(status)) {
    throw new MalformedEventError(`Unknown subscription status '${status}'`)
  }
  const period = data.currentBillingPeriod as { endsAt?: unknown } | null | undefined
  const change = data.scheduledChange as { action?: unknown; effectiveAt?: unknown } | null
  return {
    id: idOf(data),
    status: status as SubscriptionState,
    priceId: firstPriceId(data.items),
    customData: customDataOf(data.customData),
    currentPeriodEnd: optionalMillis(period?.endsAt, 'billing period end'),
    scheduledCancelAt:
      change?.action === 'cancel' ? millis(change.effectiveAt, 'scheduled change') : null,
    endedAt: optionalMillis(data.canceledAt ?? data.pausedAt, 'end'),
  }
}

function readTransaction(data: Record<string, unknown>): EventTransaction {
  const currency = typeof data.currencyCode === 'string' ? data.currencyCode : ''
  const details = data.details as { totals?: { grandTotal?: unknown; total?: unknown } } | null
  const total = details?.totals?.grandTotal ?? details?.totals?.total
  if (typeof total !== 'string' || currency === '') {
    throw new MalformedEventError('The transaction has no total')
  }
  const period = data.billingPeriod as { endsAt?: unknown } | null | undefined
  return {
    id: idOf(data),
    subscriptionId: typeof data.subscriptionId === 'string' ? data.subscriptionId : null,
    priceId: firstPriceId(data.items),
    customData: customDataOf(data.customData),
    billingPeriodEnd: optionalMillis(period?.endsAt, 'billing period end'),
    total: { amount: fromMinorUnits(total, currency), currency },
  }
}

function readAdjustment(data: Record<string, unknown>): EventAdjustment {
  const transactionId = data.transactionId
  if (typeof transactionId !== 'string' || transactionId === '') {
    throw new MalformedEventError('The adjustment names no transaction')
  }
  return {
    id: idOf(data),
    action: String(data.action),
    status: String(data.status),
    // Adjustments from before Paddle added `type` are itemised; only 'full' ends a plan.
    type: typeof data.type === 'string' ? data.type : 'partial',
    transactionId,
    subscriptionId: typeof data.subscriptionId === 'string' ? data.subscriptionId : null,
  }
}

/** Reduces a verified SDK event to a BillingEvent. Throws MalformedEventError. */
export function readBillingEvent(event: SdkEvent): BillingEvent {
  if (typeof event.eventId !== 'string' || event.eventId === '') {
    throw new MalformedEventError('The event has no id')
  }
  const head: EventHead = {
    eventId: event.eventId,
    eventType: event.eventType,
    occurredAt: millis(event.occurredAt, 'time'),
  }
  if ((SUBSCRIPTION_EVENT_TYPES as readonly string[]).includes(event.eventType)) {
    return { ...head, kind: 'subscription', subscription: readSubscription(record(event.data)) }
  }
  if (event.eventType === TRANSACTION_COMPLETED) {
    return { ...head, kind: 'transaction', transaction: readTransaction(record(event.data)) }
  }
  if ((ADJUSTMENT_EVENT_TYPES as readonly string[]).includes(event.eventType)) {
    return { ...head, kind: 'adjustment', adjustment: readAdjustment(record(event.data)) }
  }
  return { ...head, kind: 'ignored' }
}
