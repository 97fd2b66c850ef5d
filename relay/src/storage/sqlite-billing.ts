// The billing methods of the SQLite store (tables in sqlite-storage.ts's schema under "Billing"),
// kept apart so the store's main file stays about accounts and docs. An event is applied in one
// transaction: its id, the stale check against the subscription's last event (which guards only
// the subscription row and the account's plan), and every write. A refund marks its transaction
// (refunded_at) and writes the plan only if the
// transaction was not refunded already.
import type Database from 'better-sqlite3'
import type {
  BillingEventOutcome,
  BillingEventWrite,
  StoredBillingTransaction,
} from './billing-records'
import {
  toCheckout,
  toFeedback,
  toSubscription,
  toTransaction,
  type BillingMethods,
  type CheckoutRow,
  type FeedbackRow,
  type SubscriptionRow,
  type TransactionRow,
} from './billing-rows'

/** A transaction row with its refund mark (the column this module and postgres-billing.ts add). */
export type RefundableRow = TransactionRow & { refunded_at?: number | string | null }

export function toRefundableTransaction(row: RefundableRow): StoredBillingTransaction {
  const transaction = toTransaction(row)
  return row.refunded_at === null || row.refunded_at === undefined
    ? transaction
    : { ...transaction, refundedAt: Number(row.refunded_at) }
}

/** The billing methods on `db` (its schema already made). */
export function sqliteBillingStorage(db: Database.Database): BillingMethods {
  const statements = {
    insertEvent: db.prepare(
      'INSERT INTO billing_events (event_id, received_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
    ),
    upsertSubscription: db.prepare(
      `INSERT INTO billing_subscriptions (subscription_id, user_id, provider, plan_id, status,
         current_period_end, scheduled_cancel_at, last_occurred_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (subscription_id) DO UPDATE SET plan_id = excluded.plan_id,
         status = excluded.status, current_period_end = excluded.current_period_end,
         scheduled_cancel_at = excluded.scheduled_cancel_at,
         last_occurred_at = excluded.last_occurred_at
       WHERE billing_subscriptions.last_occurred_at <= excluded.last_occurred_at`,
    ),
    insertTransaction: db.prepare(
      `INSERT INTO billing_transactions (transaction_id, user_id, subscription_id, provider, plan_id,
         amount, currency, occurred_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    markRefunded: db.prepare(
      'UPDATE billing_transactions SET refunded_at = ? WHERE transaction_id = ? AND refunded_at IS NULL',
    ),
    setPlan: db.prepare('UPDATE users SET plan = ?, premium = ? WHERE id = ?'),
    completeCheckout: db.prepare(
      'UPDATE billing_checkouts SET completed_at = ? WHERE checkout_id = ? AND completed_at IS NULL',
    ),
    subscription: db.prepare<[string], SubscriptionRow>(
      'SELECT * FROM billing_subscriptions WHERE subscription_id = ?',
    ),
    subscriptionsOf: db.prepare<[string], SubscriptionRow>(
      'SELECT * FROM billing_subscriptions WHERE user_id = ? ORDER BY last_occurred_at DESC, subscription_id',
    ),
    transaction: db.prepare<[string], RefundableRow>(
      'SELECT * FROM billing_transactions WHERE transaction_id = ?',
    ),
    transactionsOf: db.prepare<[string], RefundableRow>(
      'SELECT * FROM billing_transactions WHERE user_id = ? ORDER BY occurred_at DESC, transaction_id DESC',
    ),
    claimOffer: db.prepare(
      'UPDATE billing_subscriptions SET offer_redeemed_at = ? WHERE subscription_id = ? AND offer_redeemed_at IS NULL',
    ),
    releaseOffer: db.prepare(
      'UPDATE billing_subscriptions SET offer_redeemed_at = NULL WHERE subscription_id = ?',
    ),
    putCheckout: db.prepare(
      `INSERT INTO billing_checkouts (checkout_id, user_id, provider, plan_id, amount, currency,
         discount_code, created_at, completed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    checkout: db.prepare<[string], CheckoutRow>(
      'SELECT * FROM billing_checkouts WHERE checkout_id = ?',
    ),
    putFeedback: db.prepare(
      `INSERT INTO billing_cancellation_feedback (user_id, subscription_id, reason, feedback, status,
         offer_outcome, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, subscription_id) DO UPDATE SET reason = excluded.reason,
         feedback = excluded.feedback, status = excluded.status,
         offer_outcome = excluded.offer_outcome, updated_at = excluded.updated_at`,
    ),
    feedback: db.prepare<[string, string], FeedbackRow>(
      'SELECT * FROM billing_cancellation_feedback WHERE user_id = ? AND subscription_id = ?',
    ),
  }

  const apply = db.transaction((write: BillingEventWrite): BillingEventOutcome => {
    if (statements.insertEvent.run(write.eventId, write.receivedAt).changes === 0) {
      return 'duplicate'
    }
    const { subscription, transaction, userPlan } = write
    let stale = false
    if (subscription) {
      // The row changes only for an event at least as recent as the last one applied.
      const upserted = statements.upsertSubscription.run(
        subscription.subscriptionId,
        subscription.userId,
        subscription.provider,
        subscription.planId,
        subscription.status,
        subscription.currentPeriodEnd,
        subscription.scheduledCancelAt,
        write.occurredAt,
      )
      stale = upserted.changes === 0
    }
    // A payment is kept even when its event is older than the subscription's last one (a
    // transaction.completed arriving after a subscription.updated): only the subscription row and
    // the account's plan follow the newest event.
    if (transaction) {
      statements.insertTransaction.run(
        transaction.transactionId,
        transaction.userId,
        transaction.subscriptionId,
        transaction.provider,
        transaction.planId,
        transaction.amount,
        transaction.currency,
        transaction.occurredAt,
      )
    }
    if (write.refund) {
      // A transaction is refunded once: a second adjustment of it leaves the plan alone.
      const { transactionId, refundedAt } = write.refund
      stale = statements.markRefunded.run(refundedAt, transactionId).changes === 0
    }
    if (userPlan && !stale) {
      statements.setPlan.run(
        userPlan.plan ? JSON.stringify(userPlan.plan) : null,
        userPlan.premium ? 1 : 0,
        userPlan.userId,
      )
    }
    if (write.checkoutId) {
      statements.completeCheckout.run(write.receivedAt, write.checkoutId)
    }
    return stale ? 'stale' : 'applied'
  })

  return {
    applyBillingEvent: (write) => Promise.resolve(apply(write)),
    findBillingSubscription: (subscriptionId) => {
      const row = statements.subscription.get(subscriptionId)
      return Promise.resolve(row ? toSubscription(row) : undefined)
    },
    listBillingSubscriptions: (userId) =>
      Promise.resolve(statements.subscriptionsOf.all(userId).map(toSubscription)),
    findBillingTransaction: (transactionId) => {
      const row = statements.transaction.get(transactionId)
      return Promise.resolve(row ? toRefundableTransaction(row) : undefined)
    },
    listBillingTransactions: (userId) =>
      Promise.resolve(statements.transactionsOf.all(userId).map(toRefundableTransaction)),
    claimRetentionOffer: (subscriptionId, now) =>
      Promise.resolve(statements.claimOffer.run(now, subscriptionId).changes === 1),
    releaseRetentionOffer: (subscriptionId) => {
      statements.releaseOffer.run(subscriptionId)
      return Promise.resolve()
    },
    putCheckout: (checkout) => {
      statements.putCheckout.run(
        checkout.checkoutId,
        checkout.userId,
        checkout.provider,
        checkout.planId,
        checkout.amount,
        checkout.currency,
        checkout.discountCode,
        checkout.createdAt,
        checkout.completedAt,
      )
      return Promise.resolve()
    },
    findCheckout: (checkoutId) => {
      const row = statements.checkout.get(checkoutId)
      return Promise.resolve(row ? toCheckout(row) : undefined)
    },
    putCancellationFeedback: (feedback) => {
      statements.putFeedback.run(
        feedback.userId,
        feedback.subscriptionId,
        feedback.reason,
        feedback.feedback,
        feedback.status,
        feedback.offerOutcome,
        feedback.updatedAt,
      )
      return Promise.resolve()
    },
    getCancellationFeedback: (userId, subscriptionId) => {
      const row = statements.feedback.get(userId, subscriptionId)
      return Promise.resolve(row ? toFeedback(row) : undefined)
    },
  }
}
