// Paddle Billing through its official SDK (@paddle/paddle-node-sdk 3): subscriptions read, cancelled,
// resumed and discounted, transactions listed and invoices fetched from Paddle's API. The SDK has no
// base-URL option; its `environment` option is looked up in its sandbox/production table and, when
// it is not one of those, used as the base URL itself, so tests point it at the local stand-in by
// passing PADDLE_API_URL there (refused in production; docs/adr/051-relay-billing.md).
import {
  ApiError,
  Paddle,
  type Environment,
  type Subscription as PaddleSubscription,
  type Transaction as PaddleTransaction,
} from '@paddle/paddle-node-sdk'
import {
  BillingProviderKind,
  PLAN_DISPLAY_NAMES,
  type BillingConfig,
  type BillingPlanId,
  type BillingTransaction,
  type CancellationOfferKind,
  type CheckoutStart,
  type Subscription,
} from '@inkmark/shared'
import { ErrorCode, RelayError } from '../errors'
import type {
  StoredBillingSubscription,
  StoredBillingTransaction,
} from '../storage/billing-records'
import type { PaddleSettings } from './billing-config'
import { splitPlanId } from './event-effect'
import { fromMinorUnits } from './paddle-money'
import type { BillingProvider, CheckoutInput } from './provider'

/** The Paddle transaction statuses shown as payments, and how. */
const SHOWN_STATUSES: Readonly<Record<string, BillingTransaction['status']>> = {
  completed: 'completed',
  paid: 'completed',
  past_due: 'failed',
  canceled: 'failed',
}

/** Percent off the next bill per retention offer. */
const OFFER_PERCENT: Readonly<Record<CancellationOfferKind, string>> = {
  free_month: '100',
  half_price_next_year: '50',
}

const DURATION_WORDS: Readonly<Record<string, string>> = {
  '1M': 'monthly',
  '1Y': 'yearly',
  Lifetime: 'lifetime',
}

/** What an SDK call failing becomes: 404 for Paddle's not_found, else 502 (nothing changed). */
function providerError(error: unknown): never {
  if (error instanceof ApiError) {
    if (error.code === 'not_found' || error.code === 'entity_not_found') {
      throw new RelayError(404, ErrorCode.NOT_FOUND, 'Paddle knows no such subscription')
    }
    throw new RelayError(
      502,
      ErrorCode.BILLING_UNAVAILABLE,
      `Paddle refused the request (${error.code}): nothing was changed`,
    )
  }
  throw new RelayError(
    502,
    ErrorCode.BILLING_UNAVAILABLE,
    'Paddle could not be reached: nothing was changed. Try again in a moment.',
  )
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    return providerError(error)
  }
}

function dateOf(text: string | null | undefined): number | null {
  if (!text) {
    return null
  }
  const millis = Date.parse(text)
  return Number.isFinite(millis) ? millis : null
}

function describe(planId: BillingPlanId): string {
  const { plan, duration } = splitPlanId(planId)
  return `Inkmark ${PLAN_DISPLAY_NAMES[plan]}, ${DURATION_WORDS[duration] ?? duration}`
}

export class PaddleProvider implements BillingProvider {
  readonly kind = BillingProviderKind.PADDLE
  private readonly paddle: Paddle
  private readonly planIdByPrice: Map<string, BillingPlanId>

  constructor(private readonly settings: PaddleSettings) {
    this.paddle = new Paddle(settings.apiKey, {
      // A URL here is used as the base URL (see the header): the stand-in, in tests only.
      environment: (settings.apiUrl ?? settings.environment) as Environment,
    })
    this.planIdByPrice = new Map(
      Object.entries(settings.priceIds).map(([planId, priceId]) => [
        priceId,
        planId as BillingPlanId,
      ]),
    )
  }

  /** The SDK instance's webhook helper (signature verification and typed events). */
  get webhooks(): Paddle['webhooks'] {
    return this.paddle.webhooks
  }

  get webhookSecret(): string {
    return this.settings.webhookSecret
  }

  publicConfig(): BillingConfig {
    return {
      provider: this.kind,
      paddle: {
        environment: this.settings.environment,
        clientToken: this.settings.clientToken,
        priceIds: { ...this.settings.priceIds },
      },
    }
  }

  planIdOfPrice(priceId: string): BillingPlanId | undefined {
    return this.planIdByPrice.get(priceId)
  }

  sells(planId: BillingPlanId): boolean {
    return this.settings.priceIds[planId] !== undefined
  }

  checkoutStart(input: CheckoutInput): CheckoutStart {
    return {
      provider: 'paddle',
      priceId: this.settings.priceIds[input.planId]!,
      customData: { userId: input.user.id, checkoutId: input.checkoutId },
      customerEmail: input.user.email,
      ...(input.discountCode ? { discountCode: input.discountCode } : {}),
    }
  }

  async getSubscription(stored: StoredBillingSubscription): Promise<Subscription> {
    const subscription = await call(() =>
      this.paddle.subscriptions.get(stored.subscriptionId, { include: ['next_transaction'] }),
    )
    return this.view(stored, subscription)
  }

  async cancelAtPeriodEnd(stored: StoredBillingSubscription): Promise<Subscription> {
    await call(() =>
      this.paddle.subscriptions.cancel(stored.subscriptionId, {
        effectiveFrom: 'next_billing_period',
      }),
    )
    return this.getSubscription(stored)
  }

  async cancelNow(stored: StoredBillingSubscription): Promise<void> {
    await call(() =>
      this.paddle.subscriptions.cancel(stored.subscriptionId, { effectiveFrom: 'immediately' }),
    )
  }

  async resume(stored: StoredBillingSubscription): Promise<Subscription> {
    const current = await call(() => this.paddle.subscriptions.get(stored.subscriptionId))
    if (current.status === 'paused') {
      await call(() =>
        this.paddle.subscriptions.resume(stored.subscriptionId, { effectiveFrom: 'immediately' }),
      )
    } else if (current.scheduledChange?.action === 'cancel') {
      // Paddle's documented way to undo a scheduled cancellation: clear the scheduled change.
      await call(() =>
        this.paddle.subscriptions.update(stored.subscriptionId, { scheduledChange: null }),
      )
    }
    return this.getSubscription(stored)
  }

  async redeemOffer(
    stored: StoredBillingSubscription,
    offer: CancellationOfferKind,
  ): Promise<Subscription> {
    const priceId = this.settings.priceIds[stored.planId]
    const discount = await call(() =>
      this.paddle.discounts.create({
        amount: OFFER_PERCENT[offer],
        type: 'percentage',
        description:
          offer === 'free_month'
            ? 'Inkmark retention offer: one free month'
            : 'Inkmark retention offer: half price next year',
        enabledForCheckout: false,
        recur: false,
        ...(priceId ? { restrictTo: [priceId] } : {}),
        customData: { subscriptionId: stored.subscriptionId, offer },
      }),
    )
    const current = await call(() => this.paddle.subscriptions.get(stored.subscriptionId))
    await call(() =>
      this.paddle.subscriptions.update(stored.subscriptionId, {
        discount: { id: discount.id, effectiveFrom: 'next_billing_period' },
        // Staying means the scheduled cancellation, if any, is off.
        ...(current.scheduledChange?.action === 'cancel' ? { scheduledChange: null } : {}),
      }),
    )
    // Read back with the next transaction, so the next payment shows the discount.
    return this.getSubscription(stored)
  }

  async listTransactions(
    subscriptions: readonly StoredBillingSubscription[],
    transactions: readonly StoredBillingTransaction[],
  ): Promise<BillingTransaction[]> {
    const found: PaddleTransaction[] = []
    const subscriptionIds = subscriptions.map((subscription) => subscription.subscriptionId)
    if (subscriptionIds.length > 0) {
      found.push(
        ...(await call(() =>
          this.paddle.transactions.list({ subscriptionId: subscriptionIds, perPage: 50 }).next(),
        )),
      )
    }
    // One-time purchases (lifetime) belong to no subscription: asked for by their ids.
    const oneTimeIds = transactions
      .filter((transaction) => transaction.subscriptionId === null)
      .map((transaction) => transaction.transactionId)
    if (oneTimeIds.length > 0) {
      found.push(
        ...(await call(() =>
          this.paddle.transactions.list({ id: oneTimeIds, perPage: 50 }).next(),
        )),
      )
    }
    // Paddle keeps a refunded transaction 'completed' (the refund is an adjustment): the relay's
    // own mark, from the adjustment webhook, says it was refunded or charged back.
    const refunded = new Set(
      transactions
        .filter((transaction) => transaction.refundedAt !== undefined)
        .map((transaction) => transaction.transactionId),
    )
    return found
      .filter((transaction) => SHOWN_STATUSES[transaction.status] !== undefined)
      .map((transaction) => this.transactionView(transaction))
      .map((view) => (refunded.has(view.id) ? { ...view, status: 'refunded' as const } : view))
      .sort((a, b) => b.date - a.date)
  }

  async invoiceUrl(transaction: StoredBillingTransaction): Promise<string | null> {
    const invoice = await call(() =>
      this.paddle.transactions.getInvoicePDF(transaction.transactionId, { disposition: 'inline' }),
    )
    return invoice.url || null
  }

  private transactionView(transaction: PaddleTransaction): BillingTransaction {
    const totals = transaction.details?.totals
    const currency = totals?.currencyCode ?? transaction.currencyCode
    const priceId = transaction.items[0]?.price?.id
    const planId = priceId ? this.planIdOfPrice(priceId) : undefined
    return {
      id: transaction.id,
      date: dateOf(transaction.billedAt) ?? dateOf(transaction.createdAt) ?? 0,
      status: SHOWN_STATUSES[transaction.status]!,
      total: {
        amount: fromMinorUnits(totals?.grandTotal ?? totals?.total ?? '0', currency),
        currency,
      },
      description: planId ? describe(planId) : 'Inkmark',
      invoiceAvailable: transaction.status === 'completed' || transaction.status === 'paid',
    }
  }

  /** Our view of a Paddle subscription: its last payment and payment method from its transactions. */
  private async view(
    stored: StoredBillingSubscription,
    subscription: PaddleSubscription,
  ): Promise<Subscription> {
    const { plan, duration } = splitPlanId(stored.planId)
    const [last] = await call(() =>
      this.paddle.transactions
        .list({ subscriptionId: [stored.subscriptionId], status: ['completed'], perPage: 1 })
        .next(),
    )
    const lastTotals = last?.details?.totals
    const method = last?.payments.find((payment) => payment.status === 'captured')?.methodDetails
    const nextTotals = subscription.nextTransaction?.details.totals
    const nextDate = dateOf(subscription.nextBilledAt)
    const scheduledCancelAt =
      subscription.scheduledChange?.action === 'cancel'
        ? dateOf(subscription.scheduledChange.effectiveAt)
        : null
    return {
      subscription_id: subscription.id,
      state: subscription.status,
      plan_id: stored.planId,
      plan,
      duration,
      last_payment:
        last && lastTotals
          ? {
              amount: fromMinorUnits(lastTotals.grandTotal, lastTotals.currencyCode),
              currency: lastTotals.currencyCode,
              date: dateOf(last.billedAt) ?? dateOf(last.createdAt) ?? 0,
            }
          : null,
      next_payment:
        nextDate !== null && scheduledCancelAt === null
          ? {
              amount: nextTotals
                ? fromMinorUnits(nextTotals.grandTotal, nextTotals.currencyCode)
                : fromMinorUnits(
                    subscription.items[0]?.price.unitPrice.amount ?? '0',
                    subscription.currencyCode,
                  ),
              currency: nextTotals?.currencyCode ?? subscription.currencyCode,
              date: nextDate,
            }
          : null,
      payment_information: method
        ? method.type === 'card' && method.card
          ? { method: 'card', cardBrand: method.card.type, last4: method.card.last4 }
          : { method: method.type === 'paypal' ? 'paypal' : 'other' }
        : null,
      scheduledCancelAt,
      discount: subscription.discount
        ? { code: subscription.discount.id, endsAt: dateOf(subscription.discount.endsAt) }
        : null,
    }
  }
}
