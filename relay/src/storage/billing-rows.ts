// The billing tables' rows (both stores; numbers may come back as strings from PostgreSQL's BIGINT)
// and their mapping to billing-records.ts, shared by sqlite-billing.ts and postgres-billing.ts.
import type {
  StoredBillingSubscription,
  StoredBillingTransaction,
  StoredCancellationFeedback,
  StoredCheckout,
} from './billing-records'
import type { RelayStorage } from './relay-storage'

export interface SubscriptionRow {
  subscription_id: string
  user_id: string
  provider: string
  plan_id: string
  status: string
  current_period_end: number | string | null
  scheduled_cancel_at: number | string | null
  last_occurred_at: number | string
  offer_redeemed_at: number | string | null
}

export interface TransactionRow {
  transaction_id: string
  user_id: string
  subscription_id: string | null
  provider: string
  plan_id: string
  amount: number | string
  currency: string
  occurred_at: number | string
}

export interface CheckoutRow {
  checkout_id: string
  user_id: string
  provider: string
  plan_id: string
  amount: number | string
  currency: string
  discount_code: string | null
  created_at: number | string
  completed_at: number | string | null
}

export interface FeedbackRow {
  user_id: string
  subscription_id: string
  reason: string
  feedback: string | null
  status: string
  offer_outcome: string | null
  updated_at: number | string
}

export function toSubscription(row: SubscriptionRow): StoredBillingSubscription {
  return {
    subscriptionId: row.subscription_id,
    userId: row.user_id,
    provider: row.provider as StoredBillingSubscription['provider'],
    planId: row.plan_id as StoredBillingSubscription['planId'],
    status: row.status as StoredBillingSubscription['status'],
    currentPeriodEnd: row.current_period_end === null ? null : Number(row.current_period_end),
    scheduledCancelAt: row.scheduled_cancel_at === null ? null : Number(row.scheduled_cancel_at),
    lastOccurredAt: Number(row.last_occurred_at),
    offerRedeemedAt: row.offer_redeemed_at === null ? null : Number(row.offer_redeemed_at),
  }
}

export function toTransaction(row: TransactionRow): StoredBillingTransaction {
  return {
    transactionId: row.transaction_id,
    userId: row.user_id,
    subscriptionId: row.subscription_id,
    provider: row.provider as StoredBillingTransaction['provider'],
    planId: row.plan_id as StoredBillingTransaction['planId'],
    amount: Number(row.amount),
    currency: row.currency,
    occurredAt: Number(row.occurred_at),
  }
}

export function toCheckout(row: CheckoutRow): StoredCheckout {
  return {
    checkoutId: row.checkout_id,
    userId: row.user_id,
    provider: row.provider as StoredCheckout['provider'],
    planId: row.plan_id as StoredCheckout['planId'],
    amount: Number(row.amount),
    currency: row.currency,
    discountCode: row.discount_code,
    createdAt: Number(row.created_at),
    completedAt: row.completed_at === null ? null : Number(row.completed_at),
  }
}

export function toFeedback(row: FeedbackRow): StoredCancellationFeedback {
  return {
    userId: row.user_id,
    subscriptionId: row.subscription_id,
    reason: row.reason as StoredCancellationFeedback['reason'],
    feedback: row.feedback,
    status: row.status as StoredCancellationFeedback['status'],
    offerOutcome: row.offer_outcome as StoredCancellationFeedback['offerOutcome'],
    updatedAt: Number(row.updated_at),
  }
}

export type BillingMethods = Pick<
  RelayStorage,
  | 'applyBillingEvent'
  | 'findBillingSubscription'
  | 'listBillingSubscriptions'
  | 'findBillingTransaction'
  | 'listBillingTransactions'
  | 'claimRetentionOffer'
  | 'releaseRetentionOffer'
  | 'putCheckout'
  | 'findCheckout'
  | 'putCancellationFeedback'
  | 'getCancellationFeedback'
>
