// The billing contract between the relay and the apps: which payment provider a relay uses, how a
// checkout starts, and the shapes of subscriptions, transactions and the cancellation flow. Plans
// change only through the provider's verified events on the relay; the apps read these answers and
// never decide a plan themselves (docs/adr/051-relay-billing.md).
import type { UserPlanDuration } from './plan'
import type { PurchasablePlanType, RetentionOffer } from './price'

/** Who takes payments: nobody (billing off), the local test provider, or Paddle Billing. */
export const BillingProviderKind = {
  NONE: 'none',
  TEST: 'test',
  PADDLE: 'paddle',
} as const
export type BillingProviderKind = (typeof BillingProviderKind)[keyof typeof BillingProviderKind]

/** `${plan}_${duration}`, the key of a price id and a subscription's plan_id. */
export type BillingPlanId = `${PurchasablePlanType}_${UserPlanDuration}`

/** The plan id of a plan and a duration. */
export function billingPlanId(
  plan: PurchasablePlanType,
  duration: UserPlanDuration,
): BillingPlanId {
  return `${plan}_${duration}`
}

/** GET /billing/config (no auth): what the apps need to start a checkout. */
export interface BillingConfig {
  provider: BillingProviderKind
  paddle?: {
    environment: 'sandbox' | 'production'
    clientToken: string
    priceIds: Partial<Record<BillingPlanId, string>>
  }
}

/** POST /billing/checkout's body. */
export interface CheckoutRequest {
  plan: PurchasablePlanType
  duration: UserPlanDuration
  discountCode?: string
  countryCode?: string
}

/** POST /billing/checkout's answer: how the app opens the checkout. */
export type CheckoutStart =
  | { provider: 'test'; checkoutId: string }
  | {
      provider: 'paddle'
      priceId: string
      customData: { userId: string; checkoutId: string }
      customerEmail: string
      discountCode?: string
    }

/** GET /billing/test-checkout/:checkoutId: the order the test provider's page shows. */
export interface TestCheckoutOrder {
  checkoutId: string
  plan: PurchasablePlanType
  duration: UserPlanDuration
  amount: number
  currency: string
  discountCode?: string
}

/** An amount of money in major units (19.99) and its ISO currency. */
export interface BillingMoney {
  amount: number
  currency: string
}

/** The states a subscription can be in. */
export type SubscriptionState = 'active' | 'trialing' | 'past_due' | 'paused' | 'canceled'

/** GET /subscription/:id. */
export interface Subscription {
  subscription_id: string
  state: SubscriptionState
  plan_id: BillingPlanId
  plan: PurchasablePlanType
  duration: UserPlanDuration
  last_payment: (BillingMoney & { date: number }) | null
  next_payment: (BillingMoney & { date: number }) | null
  payment_information: {
    method: 'card' | 'paypal' | 'other'
    cardBrand?: string
    last4?: string
  } | null
  /** When a scheduled cancellation takes effect (the end of the paid period), or null. */
  scheduledCancelAt: number | null
  discount: { code: string; endsAt: number | null } | null
}

/** One payment of the user, for Upgrade & Billing (GET /subscription/transactions/:userId). */
export interface BillingTransaction {
  id: string
  date: number
  status: 'completed' | 'refunded' | 'failed'
  total: BillingMoney
  description: string
  invoiceAvailable: boolean
}

/** The retention offers of the cancellation flow (shared price.ts RetentionOffer). */
export type CancellationOfferKind = RetentionOffer

/** GET /subscription/cancellation-offer/:id. */
export interface CancellationOffer {
  offer: CancellationOfferKind | null
  description: string
}

/** POST /subscription/redeem-cancellation-offer/:id's answer. */
export interface RedeemedCancellationOffer {
  outcome: 'redeem'
  subscription: Subscription
}

/** The reasons a person can give for cancelling. */
export const CANCELLATION_REASONS = [
  'too-expensive',
  'missing-features',
  'not-using',
  'switching',
  'technical-issues',
  'other',
] as const
export type CancellationReason = (typeof CANCELLATION_REASONS)[number]

/** Where a cancellation flow stands; a later status of the same flow replaces an earlier one. */
export const CANCELLATION_FEEDBACK_STATUSES = ['PENDING', 'SUBMITTED', 'ABORTED'] as const
export type CancellationFeedbackStatus = (typeof CANCELLATION_FEEDBACK_STATUSES)[number]

/** What the person did with the retention offer. */
export const CANCELLATION_OFFER_OUTCOMES = [
  'redeem',
  'decline',
  'keep_offer',
  'remove_offer',
  'error',
] as const
export type CancellationOfferOutcome = (typeof CANCELLATION_OFFER_OUTCOMES)[number]

/** Longest free-text feedback accepted. */
export const CANCELLATION_FEEDBACK_MAX_LENGTH = 2000

/** POST /cancellation-feedback's body. */
export interface CancellationFeedback {
  subscriptionId: string
  reason: CancellationReason
  feedback?: string
  status: CancellationFeedbackStatus
  offerOutcome?: CancellationOfferOutcome
}
