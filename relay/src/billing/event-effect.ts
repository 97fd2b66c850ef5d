// What a verified provider event does to an account, decided in one pure function so every rule
// is tested without a provider: who the subscription belongs to (the stored owner, else the
// account whose checkout custom_data names — the checkout id must be that account's, so custom data
// set in a browser cannot name someone else), which plan its price is, and the plan the account gets — paid
// through the period's end plus a grace while active, ended when canceled or paused. An ended
// subscription never takes away a plan the account holds through another subscription or a
// lifetime purchase. An approved full refund or chargeback of a payment ends the plan that payment
// paid for (docs/adr/051-relay-billing.md).
import {
  LIFETIME_EXPIRY_MARKER_MILLIS,
  UserPlanDuration,
  type BillingPlanId,
  type PurchasablePlanType,
} from '@inkmark/shared'
import type {
  BillingEventWrite,
  BillingUserPlan,
  StoredBillingSubscription,
  StoredBillingTransaction,
  StoredCheckout,
} from '../storage/billing-records'
import type { StoredUser } from '../storage/relay-storage'
import type { BillingEvent, EventAdjustment, EventSubscription } from './billing-event'

/** Days a paid plan lasts past its billing period's end, while the provider retries a renewal. */
export const BILLING_GRACE_MILLIS = 3 * 24 * 60 * 60 * 1000

/** The plan type and duration of a plan id (`ULTIMATE_1Y` → ULTIMATE, 1Y). */
export function splitPlanId(planId: BillingPlanId): {
  plan: PurchasablePlanType
  duration: UserPlanDuration
} {
  const cut = planId.indexOf('_')
  return {
    plan: planId.slice(0, cut) as PurchasablePlanType,
    duration: planId.slice(cut + 1) as UserPlanDuration,
  }
}

export interface EventContext {
  provider: StoredBillingSubscription['provider']
  receivedAt: number
  /** The plan id a provider price id stands for, if it is one of ours. */
  planIdOfPrice: (priceId: string) => BillingPlanId | undefined
  /** The stored subscription the event is about, if the relay knows it. */
  stored: StoredBillingSubscription | undefined
  /** Finds an account by id (the owner named by the stored row or the custom data). */
  findUser: (userId: string) => Promise<StoredUser | undefined>
  /** Finds a checkout the relay started (custom_data.checkoutId). */
  findCheckout: (checkoutId: string) => Promise<StoredCheckout | undefined>
  /** Finds a payment the relay saw (an adjustment's transaction_id). */
  findTransaction: (transactionId: string) => Promise<StoredBillingTransaction | undefined>
  /** The payments the relay saw for an account. */
  listTransactions: (userId: string) => Promise<StoredBillingTransaction[]>
}

/** Why an event changes nothing (acknowledged, logged). */
export type IgnoredReason =
  'not-handled' | 'unknown-price' | 'unknown-owner' | 'unknown-transaction'

/** Adjustment actions that take the money back: approved in full, they end the plan paid for. */
const MONEY_BACK_ACTIONS: readonly string[] = ['refund', 'chargeback']

/**
 * The account an event is for: the subscription's stored owner; for its first event, the account
 * named by custom_data.userId, only if custom_data.checkoutId is a checkout that account started.
 */
async function ownerOf(
  context: EventContext,
  customData: Record<string, unknown> | null,
): Promise<StoredUser | undefined> {
  if (context.stored) {
    return context.findUser(context.stored.userId)
  }
  const userId = customData?.userId
  const checkoutId = checkoutIdOf(customData)
  if (typeof userId !== 'string' || checkoutId === null) {
    return undefined
  }
  const checkout = await context.findCheckout(checkoutId)
  return checkout?.userId === userId ? context.findUser(userId) : undefined
}

function checkoutIdOf(customData: Record<string, unknown> | null): string | null {
  const checkoutId = customData?.checkoutId
  return typeof checkoutId === 'string' && checkoutId !== '' ? checkoutId : null
}

function isLifetime(user: StoredUser): boolean {
  return user.premium && (user.plan?.expiresDateMillis ?? 0) >= LIFETIME_EXPIRY_MARKER_MILLIS
}

/** The account's plan while the subscription is paid: through the period's end plus the grace. */
function paidPlan(
  planId: BillingPlanId,
  subscriptionId: string,
  periodEnd: number,
): BillingUserPlan {
  const { plan, duration } = splitPlanId(planId)
  return {
    type: plan,
    expiresDateMillis: periodEnd + BILLING_GRACE_MILLIS,
    subscription_id: subscriptionId,
    userPlanDuration: duration,
  }
}

/**
 * The account plan after a subscription event, or null to leave the account as it is: a paid
 * subscription becomes the plan unless the account is on a lifetime plan or on another subscription
 * still paid for; an ended one ends the plan only if the plan is this subscription's.
 */
function planAfter(
  user: StoredUser,
  planId: BillingPlanId,
  subscription: Pick<EventSubscription, 'id' | 'status' | 'endedAt'>,
  periodEnd: number | null,
  occurredAt: number,
): BillingEventWrite['userPlan'] {
  const current = user.plan?.subscription_id
  const isThisOne = current === subscription.id
  if (subscription.status === 'canceled' || subscription.status === 'paused') {
    if (!isThisOne) {
      return null
    }
    const { plan, duration } = splitPlanId(planId)
    return {
      userId: user.id,
      premium: false,
      plan: {
        type: plan,
        expiresDateMillis: subscription.endedAt ?? occurredAt,
        subscription_id: subscription.id,
        userPlanDuration: duration,
      },
    }
  }
  const heldElsewhere = isLifetime(user) || (current !== undefined && !isThisOne && user.premium)
  if (heldElsewhere || periodEnd === null) {
    return null
  }
  return { userId: user.id, premium: true, plan: paidPlan(planId, subscription.id, periodEnd) }
}

/** Whether the latest payment the relay saw for the subscription was refunded or charged back. */
async function latestPaymentRefunded(
  context: EventContext,
  userId: string,
  subscriptionId: string,
): Promise<boolean> {
  const payments = (await context.listTransactions(userId)).filter(
    (payment) => payment.subscriptionId === subscriptionId,
  )
  const latest = payments.reduce<StoredBillingTransaction | undefined>(
    (last, payment) => (last && last.occurredAt >= payment.occurredAt ? last : payment),
    undefined,
  )
  return latest?.refundedAt !== undefined
}

/**
 * An approved full refund or chargeback of a payment the relay saw: the payment is marked refunded
 * and the plan it paid for ends now — a lifetime purchase's lifetime plan; a subscription's plan,
 * if the account's plan is that subscription's and no later payment of it stands. Partial refunds,
 * credits, reversals, pending or rejected adjustments change nothing.
 */
async function refundEffect(
  adjustment: EventAdjustment,
  base: Pick<BillingEventWrite, 'eventId' | 'occurredAt' | 'receivedAt'>,
  context: EventContext,
): Promise<BillingEventWrite | IgnoredReason> {
  if (
    !MONEY_BACK_ACTIONS.includes(adjustment.action) ||
    adjustment.status !== 'approved' ||
    adjustment.type !== 'full'
  ) {
    return 'not-handled'
  }
  const paid = await context.findTransaction(adjustment.transactionId)
  if (!paid) {
    return 'unknown-transaction'
  }
  const owner = await context.findUser(paid.userId)
  if (!owner) {
    return 'unknown-owner'
  }
  const now = context.receivedAt
  const ended: BillingEventWrite['userPlan'] = owner.plan
    ? { userId: owner.id, premium: false, plan: { ...owner.plan, expiresDateMillis: now } }
    : null
  let userPlan: BillingEventWrite['userPlan'] = null
  if (paid.subscriptionId === null) {
    // A one-time purchase paid for the lifetime plan (a subscription never replaces one).
    userPlan = isLifetime(owner) ? ended : null
  } else if (owner.plan?.subscription_id === paid.subscriptionId && owner.premium) {
    const laterPaid = (await context.listTransactions(owner.id)).some(
      (payment) =>
        payment.subscriptionId === paid.subscriptionId &&
        payment.transactionId !== paid.transactionId &&
        payment.refundedAt === undefined &&
        payment.occurredAt > paid.occurredAt,
    )
    userPlan = laterPaid ? null : ended
  }
  return {
    ...base,
    subscription: null,
    transaction: null,
    userPlan,
    checkoutId: null,
    refund: { transactionId: paid.transactionId, refundedAt: now },
  }
}

/** The writes of a verified event, or why it changes nothing. */
export async function effectOfEvent(
  event: BillingEvent,
  context: EventContext,
): Promise<BillingEventWrite | IgnoredReason> {
  if (event.kind === 'ignored') {
    return 'not-handled'
  }
  const base = {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    receivedAt: context.receivedAt,
  }
  const { stored } = context
  if (event.kind === 'adjustment') {
    return refundEffect(event.adjustment, base, context)
  }
  if (event.kind === 'subscription') {
    const subscription = event.subscription
    const planId = subscription.priceId
      ? context.planIdOfPrice(subscription.priceId)
      : stored?.planId
    if (!planId) {
      return 'unknown-price'
    }
    const owner = await ownerOf(context, subscription.customData)
    if (!owner) {
      return 'unknown-owner'
    }
    const periodEnd = subscription.currentPeriodEnd ?? stored?.currentPeriodEnd ?? null
    // A refunded or charged-back last payment left the period unpaid: a subscription event saying
    // the subscription is active does not give the plan back; only a new payment does.
    const paidState = subscription.status !== 'canceled' && subscription.status !== 'paused'
    const unpaid = paidState && (await latestPaymentRefunded(context, owner.id, subscription.id))
    return {
      ...base,
      subscription: {
        subscriptionId: subscription.id,
        userId: owner.id,
        provider: context.provider,
        planId,
        status: subscription.status,
        currentPeriodEnd: periodEnd,
        scheduledCancelAt: subscription.scheduledCancelAt,
      },
      transaction: null,
      userPlan: unpaid ? null : planAfter(owner, planId, subscription, periodEnd, event.occurredAt),
      checkoutId: null,
    }
  }
  const transaction = event.transaction
  const planId = transaction.priceId ? context.planIdOfPrice(transaction.priceId) : undefined
  if (!planId) {
    return 'unknown-price'
  }
  const owner = await ownerOf(context, transaction.customData)
  if (!owner) {
    return 'unknown-owner'
  }
  const seenTransaction = {
    transactionId: transaction.id,
    userId: owner.id,
    subscriptionId: transaction.subscriptionId,
    provider: context.provider,
    planId,
    amount: transaction.total.amount,
    currency: transaction.total.currency,
    occurredAt: event.occurredAt,
  }
  const checkoutId = checkoutIdOf(transaction.customData)
  if (transaction.subscriptionId === null) {
    // A one-time purchase: the lifetime plan.
    const { plan, duration } = splitPlanId(planId)
    if (duration !== UserPlanDuration.LIFETIME) {
      return 'unknown-price'
    }
    return {
      ...base,
      subscription: null,
      transaction: seenTransaction,
      userPlan: {
        userId: owner.id,
        premium: true,
        plan: {
          type: plan,
          expiresDateMillis: LIFETIME_EXPIRY_MARKER_MILLIS,
          userPlanDuration: UserPlanDuration.LIFETIME,
        },
      },
      checkoutId,
    }
  }
  // A subscription's payment: the subscription is paid through the transaction's billing period.
  const periodEnd = transaction.billingPeriodEnd ?? stored?.currentPeriodEnd ?? null
  const paidStatus = 'active' as const
  const subscription = { id: transaction.subscriptionId, status: paidStatus, endedAt: null }
  return {
    ...base,
    subscription: {
      subscriptionId: transaction.subscriptionId,
      userId: owner.id,
      provider: context.provider,
      planId,
      status: paidStatus,
      currentPeriodEnd: periodEnd,
      scheduledCancelAt: stored?.scheduledCancelAt ?? null,
    },
    transaction: seenTransaction,
    userPlan: planAfter(owner, planId, subscription, periodEnd, event.occurredAt),
    checkoutId,
  }
}
