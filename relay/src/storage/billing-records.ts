// What the relay keeps about billing (docs/adr/051-relay-billing.md): which subscription belongs to
// which account and the last provider event applied to it (so replayed and out-of-order events
// change nothing), the ids of the events processed, the transactions seen, checkouts started, and
// cancellation feedback. Every row with a user goes with the account (ON DELETE CASCADE).
import type {
  BillingPlanId,
  BillingProviderKind,
  CancellationFeedbackStatus,
  CancellationOfferOutcome,
  CancellationReason,
  SubscriptionState,
} from '@inkmark/shared'

/** The plan facts on the account (the users table's plan and premium). */
export interface BillingUserPlan {
  type: string
  expiresDateMillis: number
  subscription_id?: string
  userPlanDuration?: string
}

/** A subscription as the relay last saw it through the provider's events. */
export interface StoredBillingSubscription {
  subscriptionId: string
  userId: string
  provider: Exclude<BillingProviderKind, 'none'>
  planId: BillingPlanId
  status: SubscriptionState
  /** The end of the paid period (epoch ms), or null when unknown. */
  currentPeriodEnd: number | null
  /** When a scheduled cancellation takes effect, or null. */
  scheduledCancelAt: number | null
  /** The event time of the last event applied (epoch ms). */
  lastOccurredAt: number
  /** When the retention offer was redeemed, or null (one redemption per subscription). */
  offerRedeemedAt: number | null
}

/** A payment the relay saw (transaction.completed), linking a transaction id to its account. */
export interface StoredBillingTransaction {
  transactionId: string
  userId: string
  subscriptionId: string | null
  provider: Exclude<BillingProviderKind, 'none'>
  planId: BillingPlanId
  /** In major units (19.99). */
  amount: number
  currency: string
  occurredAt: number
  /** When an approved full refund or chargeback of it was applied; absent while it stands. */
  refundedAt?: number
}

/** Everything one verified provider event changes, written in one transaction. */
export interface BillingEventWrite {
  eventId: string
  occurredAt: number
  receivedAt: number
  /** The subscription row after the event (lastOccurredAt is the event's). */
  subscription: Omit<StoredBillingSubscription, 'lastOccurredAt' | 'offerRedeemedAt'> | null
  transaction: StoredBillingTransaction | null
  /** The account's new plan facts, or null to leave the account as it is. */
  userPlan: { userId: string; plan: BillingUserPlan | null; premium: boolean } | null
  /** The checkout the event completes, if any. */
  checkoutId: string | null
  /**
   * An approved full refund or chargeback: the stored transaction is marked refunded, and only if
   * it was not already is `userPlan` written (a second adjustment of it answers 'stale').
   */
  refund?: { transactionId: string; refundedAt: number }
}

/**
 * What applying an event did. 'stale': its subscription had a later event applied already, so the
 * subscription row and the account's plan were left alone; its transaction and checkout were written.
 * For a refund, 'stale' means the transaction was refunded already (the plan was left alone).
 */
export type BillingEventOutcome = 'applied' | 'duplicate' | 'stale'

/** A checkout the relay started (POST /billing/checkout). */
export interface StoredCheckout {
  checkoutId: string
  userId: string
  provider: Exclude<BillingProviderKind, 'none'>
  planId: BillingPlanId
  amount: number
  currency: string
  discountCode: string | null
  createdAt: number
  completedAt: number | null
}

/** One cancellation flow's feedback: a later status of the same flow replaces the earlier one. */
export interface StoredCancellationFeedback {
  userId: string
  subscriptionId: string
  reason: CancellationReason
  feedback: string | null
  status: CancellationFeedbackStatus
  offerOutcome: CancellationOfferOutcome | null
  updatedAt: number
}
