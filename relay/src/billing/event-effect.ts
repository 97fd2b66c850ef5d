// What a verified provider event does to an account, decided in one pure function so every rule
// is tested without a provider: who the subscription belongs to (the stored owner, else the
// account whose checkout custom_data names — the checkout id must be that account's, so custom data
// set in a browser cannot name someone else), which plan its price is, and the plan the account gets — paid
// through the period's end plus a grace while active, ended when canceled or paused. An ended
// subscription never takes away a plan the account holds through another subscription or a
// lifetime purchase (docs/adr/051-relay-billing.md).
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
  StoredCheckout,
} from '../storage/billing-records'
import type { StoredUser } from '../storage/relay-storage'
import type { BillingEvent, EventSubscription } from './billing-event'

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
}

/** Why an event changes nothing (acknowledged, logged). */
export type IgnoredReason = 'not-handled' | 'unknown-price' | 'unknown-owner'

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
      userPlan: planAfter(owner, planId, subscription, periodEnd, event.occurredAt),
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
