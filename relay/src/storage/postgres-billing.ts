// The billing methods of the PostgreSQL store (tables in postgres-storage.ts's schema under
// "Billing"), the same behaviour as sqlite-billing.ts. An event is applied in one transaction that
// changes a subscription's row (and the account's plan) only for an event at least as recent as the
// one applied last, so two relays given the same or crossing events agree; its payment and checkout
// completion are written whatever its age. A refund marks its transaction (refunded_at) and writes
// the plan only if the transaction was not refunded already.
import type { Pool, PoolClient } from 'pg'
import type { BillingEventOutcome } from './billing-records'
import { toRefundableTransaction, type RefundableRow } from './sqlite-billing'
import {
  toCheckout,
  toFeedback,
  toSubscription,
  type BillingMethods,
  type CheckoutRow,
  type FeedbackRow,
  type SubscriptionRow,
} from './billing-rows'

type InTransaction = <T>(pool: Pool, work: (client: PoolClient) => Promise<T>) => Promise<T>

/** The billing methods on `pool`; `inTransaction` is the store's transaction runner. */
export function postgresBillingStorage(pool: Pool, inTransaction: InTransaction): BillingMethods {
  return {
    applyBillingEvent: async (write) => {
      return inTransaction(pool, async (client): Promise<BillingEventOutcome> => {
        const inserted = await client.query(
          'INSERT INTO billing_events (event_id, received_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [write.eventId, write.receivedAt],
        )
        if (inserted.rowCount === 0) {
          return 'duplicate'
        }
        const { subscription, transaction, userPlan } = write
        let stale = false
        if (subscription) {
          // The row changes only for an event at least as recent as the last one applied.
          const upserted = await client.query(
            `INSERT INTO billing_subscriptions (subscription_id, user_id, provider, plan_id, status,
               current_period_end, scheduled_cancel_at, last_occurred_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (subscription_id) DO UPDATE SET plan_id = excluded.plan_id,
               status = excluded.status, current_period_end = excluded.current_period_end,
               scheduled_cancel_at = excluded.scheduled_cancel_at,
               last_occurred_at = excluded.last_occurred_at
             WHERE billing_subscriptions.last_occurred_at <= excluded.last_occurred_at`,
            [
              subscription.subscriptionId,
              subscription.userId,
              subscription.provider,
              subscription.planId,
              subscription.status,
              subscription.currentPeriodEnd,
              subscription.scheduledCancelAt,
              write.occurredAt,
            ],
          )
          stale = upserted.rowCount === 0
        }
        // A payment is kept even when its event is older than the subscription's last one.
        if (transaction) {
          await client.query(
            `INSERT INTO billing_transactions (transaction_id, user_id, subscription_id, provider,
               plan_id, amount, currency, occurred_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
            [
              transaction.transactionId,
              transaction.userId,
              transaction.subscriptionId,
              transaction.provider,
              transaction.planId,
              transaction.amount,
              transaction.currency,
              transaction.occurredAt,
            ],
          )
        }
        if (write.refund) {
          // A transaction is refunded once: a second adjustment of it leaves the plan alone.
          const marked = await client.query(
            'UPDATE billing_transactions SET refunded_at = $1 WHERE transaction_id = $2 AND refunded_at IS NULL',
            [write.refund.refundedAt, write.refund.transactionId],
          )
          stale = marked.rowCount === 0
        }
        if (userPlan && !stale) {
          await client.query('UPDATE users SET plan = $1, premium = $2 WHERE id = $3', [
            userPlan.plan ? JSON.stringify(userPlan.plan) : null,
            userPlan.premium,
            userPlan.userId,
          ])
        }
        if (write.checkoutId) {
          await client.query(
            'UPDATE billing_checkouts SET completed_at = $1 WHERE checkout_id = $2 AND completed_at IS NULL',
            [write.receivedAt, write.checkoutId],
          )
        }
        return stale ? 'stale' : 'applied'
      })
    },
    async findBillingSubscription(subscriptionId) {
      const result = await pool.query<SubscriptionRow>(
        'SELECT * FROM billing_subscriptions WHERE subscription_id = $1',
        [subscriptionId],
      )
      return result.rows[0] ? toSubscription(result.rows[0]) : undefined
    },
    async listBillingSubscriptions(userId) {
      const result = await pool.query<SubscriptionRow>(
        'SELECT * FROM billing_subscriptions WHERE user_id = $1 ORDER BY last_occurred_at DESC, subscription_id',
        [userId],
      )
      return result.rows.map(toSubscription)
    },
    async findBillingTransaction(transactionId) {
      const result = await pool.query<RefundableRow>(
        'SELECT * FROM billing_transactions WHERE transaction_id = $1',
        [transactionId],
      )
      return result.rows[0] ? toRefundableTransaction(result.rows[0]) : undefined
    },
    async listBillingTransactions(userId) {
      const result = await pool.query<RefundableRow>(
        'SELECT * FROM billing_transactions WHERE user_id = $1 ORDER BY occurred_at DESC, transaction_id DESC',
        [userId],
      )
      return result.rows.map(toRefundableTransaction)
    },
    async claimRetentionOffer(subscriptionId, now) {
      const result = await pool.query(
        'UPDATE billing_subscriptions SET offer_redeemed_at = $1 WHERE subscription_id = $2 AND offer_redeemed_at IS NULL',
        [now, subscriptionId],
      )
      return result.rowCount === 1
    },
    async releaseRetentionOffer(subscriptionId) {
      await pool.query(
        'UPDATE billing_subscriptions SET offer_redeemed_at = NULL WHERE subscription_id = $1',
        [subscriptionId],
      )
    },
    async putCheckout(checkout) {
      await pool.query(
        `INSERT INTO billing_checkouts (checkout_id, user_id, provider, plan_id, amount, currency,
           discount_code, created_at, completed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          checkout.checkoutId,
          checkout.userId,
          checkout.provider,
          checkout.planId,
          checkout.amount,
          checkout.currency,
          checkout.discountCode,
          checkout.createdAt,
          checkout.completedAt,
        ],
      )
    },
    async findCheckout(checkoutId) {
      const result = await pool.query<CheckoutRow>(
        'SELECT * FROM billing_checkouts WHERE checkout_id = $1',
        [checkoutId],
      )
      return result.rows[0] ? toCheckout(result.rows[0]) : undefined
    },
    async putCancellationFeedback(feedback) {
      await pool.query(
        `INSERT INTO billing_cancellation_feedback (user_id, subscription_id, reason, feedback,
           status, offer_outcome, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id, subscription_id) DO UPDATE SET reason = excluded.reason,
           feedback = excluded.feedback, status = excluded.status,
           offer_outcome = excluded.offer_outcome, updated_at = excluded.updated_at`,
        [
          feedback.userId,
          feedback.subscriptionId,
          feedback.reason,
          feedback.feedback,
          feedback.status,
          feedback.offerOutcome,
          feedback.updatedAt,
        ],
      )
    },
    async getCancellationFeedback(userId, subscriptionId) {
      const result = await pool.query<FeedbackRow>(
        'SELECT * FROM billing_cancellation_feedback WHERE user_id = $1 AND subscription_id = $2',
        [userId, subscriptionId],
      )
      return result.rows[0] ? toFeedback(result.rows[0]) : undefined
    },
  }
}
