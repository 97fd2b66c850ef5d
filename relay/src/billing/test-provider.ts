// The test payment provider, for development and self-hosting: no money moves. A checkout completes
// on the web app's local page; the relay then writes Paddle-shaped events, signs them with a secret
// only it holds, and hands them to the same verify-and-apply path a Paddle webhook takes, so the
// plan changes exactly as it would with Paddle. Cancelling, resuming and the retention offer work
// the same way, on the relay's own record of the subscription; a cancellation at period end is
// ended (subscription.canceled) when the relay next reads the subscription after that date
// (docs/adr/051-relay-billing.md).
import {
  BillingProviderKind,
  PLAN_DISPLAY_NAMES,
  UserPlanDuration,
  retentionOfferFor,
  roundToCents,
  type BillingConfig,
  type BillingPlanId,
  type BillingTransaction,
  type CancellationOfferKind,
  type CheckoutStart,
  type Subscription,
} from '@inkmark/shared'
import { PRICE_LIST } from '../pricing/catalog'
import type {
  StoredBillingSubscription,
  StoredBillingTransaction,
  StoredCheckout,
} from '../storage/billing-records'
import type { RelayStorage, StoredUser } from '../storage/relay-storage'
import { splitPlanId } from './event-effect'
import {
  eventEnvelope,
  paddleSignature,
  paddleStyleId,
  subscriptionData,
  transactionData,
  type PayloadPrice,
} from './paddle-payloads'
import { addMonths, periodMonths, type BillingProvider, type CheckoutInput } from './provider'

/** Hands a signed event body to the verify-and-apply path; rejects if it was not applied. */
export type DeliverEvent = (rawBody: string, signature: string) => Promise<void>

const TEST_PRICE_PREFIX = 'pri_test_'
const OFFER_FACTOR: Readonly<Record<CancellationOfferKind, number>> = {
  free_month: 0,
  half_price_next_year: 0.5,
}

function priceIdOf(planId: BillingPlanId): string {
  return `${TEST_PRICE_PREFIX}${planId}`
}

export interface TestProviderOptions {
  storage: RelayStorage
  now: () => number
  secret: string
  deliver: DeliverEvent
}

export class TestProvider implements BillingProvider {
  readonly kind = BillingProviderKind.TEST

  constructor(private readonly options: TestProviderOptions) {}

  publicConfig(): BillingConfig {
    return { provider: this.kind }
  }

  planIdOfPrice(priceId: string): BillingPlanId | undefined {
    if (!priceId.startsWith(TEST_PRICE_PREFIX)) {
      return undefined
    }
    const planId = priceId.slice(TEST_PRICE_PREFIX.length) as BillingPlanId
    return this.sells(planId) ? planId : undefined
  }

  sells(planId: BillingPlanId): boolean {
    const { plan, duration } = splitPlanId(planId)
    return PRICE_LIST[plan]?.[duration] !== undefined
  }

  checkoutStart(input: CheckoutInput): CheckoutStart {
    return { provider: 'test', checkoutId: input.checkoutId }
  }

  async completeTestCheckout(checkout: StoredCheckout, user: StoredUser): Promise<void> {
    const now = this.options.now()
    const price: PayloadPrice = {
      priceId: priceIdOf(checkout.planId),
      planId: checkout.planId,
      amount: checkout.amount,
      currency: checkout.currency,
    }
    const customData = { userId: user.id, checkoutId: checkout.checkoutId }
    const { duration } = splitPlanId(checkout.planId)
    if (duration === UserPlanDuration.LIFETIME) {
      await this.send(
        'transaction.completed',
        now,
        transactionData({
          transactionId: paddleStyleId('txn'),
          subscriptionId: null,
          price,
          customData,
          billedAt: now,
          period: null,
        }),
      )
      return
    }
    const subscriptionId = paddleStyleId('sub')
    const periodEnd = addMonths(now, periodMonths(checkout.planId))
    await this.send(
      'subscription.created',
      now,
      subscriptionData({
        subscriptionId,
        status: 'active',
        price,
        customData,
        createdAt: now,
        periodStart: now,
        periodEnd,
        scheduledCancelAt: null,
        canceledAt: null,
        updatedAt: now,
      }),
    )
    await this.send(
      'transaction.completed',
      now,
      transactionData({
        transactionId: paddleStyleId('txn'),
        subscriptionId,
        price,
        customData,
        billedAt: now,
        period: { start: now, end: periodEnd },
      }),
    )
  }

  async getSubscription(stored: StoredBillingSubscription): Promise<Subscription> {
    const transactions = await this.options.storage.listBillingTransactions(stored.userId)
    const last = transactions.find(
      (transaction) => transaction.subscriptionId === stored.subscriptionId,
    )
    const { plan, duration } = splitPlanId(stored.planId)
    const offer = stored.offerRedeemedAt === null ? null : retentionOfferFor(duration)
    const paying = stored.status !== 'canceled' && stored.status !== 'paused'
    const listPrice = PRICE_LIST[plan][duration]
    return {
      subscription_id: stored.subscriptionId,
      state: stored.status,
      plan_id: stored.planId,
      plan,
      duration,
      last_payment: last
        ? { amount: last.amount, currency: last.currency, date: last.occurredAt }
        : null,
      next_payment:
        paying && stored.scheduledCancelAt === null && stored.currentPeriodEnd !== null
          ? {
              amount: roundToCents(listPrice * (offer ? OFFER_FACTOR[offer] : 1)),
              currency: last?.currency ?? 'USD',
              date: stored.currentPeriodEnd,
            }
          : null,
      payment_information: { method: 'other' },
      scheduledCancelAt: stored.scheduledCancelAt,
      discount: offer ? { code: offer, endsAt: null } : null,
    }
  }

  async cancelAtPeriodEnd(stored: StoredBillingSubscription): Promise<Subscription> {
    await this.sendSubscription('subscription.updated', stored, {
      scheduledCancelAt: stored.currentPeriodEnd ?? this.options.now(),
    })
    return this.getSubscription(await this.reread(stored))
  }

  async cancelNow(stored: StoredBillingSubscription): Promise<void> {
    await this.sendSubscription('subscription.canceled', stored, {
      status: 'canceled',
      canceledAt: this.options.now(),
    })
  }

  async endScheduledCancellation(stored: StoredBillingSubscription): Promise<void> {
    // What Paddle sends when a cancellation at period end takes effect.
    await this.sendSubscription('subscription.canceled', stored, {
      status: 'canceled',
      canceledAt: stored.scheduledCancelAt ?? this.options.now(),
    })
  }

  async resume(stored: StoredBillingSubscription): Promise<Subscription> {
    if (stored.status === 'paused') {
      await this.sendSubscription('subscription.resumed', stored, { status: 'active' })
    } else if (stored.scheduledCancelAt !== null) {
      await this.sendSubscription('subscription.updated', stored, {})
    }
    return this.getSubscription(await this.reread(stored))
  }

  async redeemOffer(stored: StoredBillingSubscription): Promise<Subscription> {
    // The discount is the redemption itself (kept on the subscription's row); staying also takes
    // back a scheduled cancellation.
    return stored.scheduledCancelAt === null ? this.getSubscription(stored) : this.resume(stored)
  }

  listTransactions(
    _subscriptions: readonly StoredBillingSubscription[],
    transactions: readonly StoredBillingTransaction[],
  ): Promise<BillingTransaction[]> {
    return Promise.resolve(
      transactions.map((transaction): BillingTransaction => {
        const { plan, duration } = splitPlanId(transaction.planId)
        return {
          id: transaction.transactionId,
          date: transaction.occurredAt,
          status: transaction.refundedAt === undefined ? 'completed' : 'refunded',
          total: { amount: transaction.amount, currency: transaction.currency },
          description: `Inkmark ${PLAN_DISPLAY_NAMES[plan]} (${duration}), test payment: no money moved`,
          invoiceAvailable: false,
        }
      }),
    )
  }

  invoiceUrl(): Promise<string | null> {
    return Promise.resolve(null)
  }

  private async reread(stored: StoredBillingSubscription): Promise<StoredBillingSubscription> {
    return (await this.options.storage.findBillingSubscription(stored.subscriptionId)) ?? stored
  }

  /** Sends a subscription event describing `stored` with `change` applied. */
  private async sendSubscription(
    eventType: string,
    stored: StoredBillingSubscription,
    change: {
      status?: StoredBillingSubscription['status']
      scheduledCancelAt?: number | null
      canceledAt?: number
    },
  ): Promise<void> {
    const now = this.options.now()
    const months = periodMonths(stored.planId)
    const periodEnd = stored.currentPeriodEnd ?? addMonths(now, months)
    const periodStart = addMonths(periodEnd, -months)
    const { plan, duration } = splitPlanId(stored.planId)
    await this.send(
      eventType,
      now,
      subscriptionData({
        subscriptionId: stored.subscriptionId,
        status: change.status ?? (stored.status === 'paused' ? 'active' : stored.status),
        price: {
          priceId: priceIdOf(stored.planId),
          planId: stored.planId,
          amount: PRICE_LIST[plan][duration],
          currency: 'USD',
        },
        customData: null,
        createdAt: periodStart,
        periodStart,
        periodEnd,
        scheduledCancelAt: change.scheduledCancelAt ?? null,
        canceledAt: change.canceledAt ?? null,
        updatedAt: now,
      }),
    )
  }

  private async send(
    eventType: string,
    occurredAt: number,
    data: Record<string, unknown>,
  ): Promise<void> {
    const body = JSON.stringify(eventEnvelope(eventType, occurredAt, data))
    // The SDK checks the signature's time against the wall clock (not the relay's clock).
    const signature = paddleSignature(body, this.options.secret, Math.floor(Date.now() / 1000))
    await this.options.deliver(body, signature)
  }
}
