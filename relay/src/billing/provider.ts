// The one adapter every payment provider implements (none, test, paddle), so the routes and the
// event pipeline never know which provider runs. Providers change subscriptions at the provider;
// the account's plan changes only when the provider's signed event comes back through
// BillingService.receiveEvent (docs/adr/051-relay-billing.md).
import type {
  BillingConfig,
  BillingPlanId,
  BillingProviderKind,
  BillingTransaction,
  CancellationOfferKind,
  CheckoutStart,
  Subscription,
} from '@inkmark/shared'
import type {
  StoredBillingSubscription,
  StoredBillingTransaction,
  StoredCheckout,
} from '../storage/billing-records'
import type { StoredUser } from '../storage/relay-storage'

export interface CheckoutInput {
  checkoutId: string
  user: StoredUser
  planId: BillingPlanId
  discountCode?: string
}

export interface BillingProvider {
  readonly kind: BillingProviderKind
  /** What GET /billing/config tells the apps. */
  publicConfig(): BillingConfig
  /** The plan id a provider price id stands for, if it is one of this relay's prices. */
  planIdOfPrice(priceId: string): BillingPlanId | undefined
  /** Whether the plan can be bought here. */
  sells(planId: BillingPlanId): boolean
  /** How the app opens the checkout. */
  checkoutStart(input: CheckoutInput): CheckoutStart
  /** Completes a test checkout (test provider only): its signed events go through receiveEvent. */
  completeTestCheckout?(checkout: StoredCheckout, user: StoredUser): Promise<void>
  /**
   * Ends a subscription whose scheduled cancellation has passed (test provider only: Paddle sends
   * its own subscription.canceled); its signed event goes through receiveEvent.
   */
  endScheduledCancellation?(stored: StoredBillingSubscription): Promise<void>
  getSubscription(stored: StoredBillingSubscription): Promise<Subscription>
  /** Cancels at the end of the paid period (the plan stays until then). */
  cancelAtPeriodEnd(stored: StoredBillingSubscription): Promise<Subscription>
  /** Cancels at once (the account is being deleted). */
  cancelNow(stored: StoredBillingSubscription): Promise<void>
  /** Undoes a scheduled cancellation, or resumes a paused subscription. */
  resume(stored: StoredBillingSubscription): Promise<Subscription>
  /** Applies the retention offer's discount to the next bill (and keeps the subscription). */
  redeemOffer(
    stored: StoredBillingSubscription,
    offer: CancellationOfferKind,
  ): Promise<Subscription>
  /** The account's payments, newest first. */
  listTransactions(
    subscriptions: readonly StoredBillingSubscription[],
    transactions: readonly StoredBillingTransaction[],
  ): Promise<BillingTransaction[]>
  /** A short-lived invoice address, or null when the provider has none. */
  invoiceUrl(transaction: StoredBillingTransaction): Promise<string | null>
}

/** Months of a paid period. */
export function periodMonths(planId: BillingPlanId): number {
  return planId.endsWith('_1M') ? 1 : 12
}

/** `from` plus `months` calendar months (UTC), as providers bill. */
export function addMonths(from: number, months: number): number {
  const date = new Date(from)
  date.setUTCMonth(date.getUTCMonth() + months)
  return date.getTime()
}
