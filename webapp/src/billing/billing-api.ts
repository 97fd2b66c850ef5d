// The relay's billing calls, one function each, over the shared RelayClient (bearer token, the wh-*
// headers, the backup servers, typed errors). Shapes: ./billing-types.ts (the issue 16 contract).
import type { Price, PurchasablePlanType, UserPlanDuration } from '@inkmark/shared'
import { createRelayClient } from '../account/account-api'
import type {
  BillingConfig,
  BillingTransaction,
  CancellationOfferKind,
  CheckoutStart,
  Subscription,
  TestCheckoutOrder,
} from './billing-types'

const anonymous = createRelayClient(() => undefined)
const as = (token: string) => createRelayClient(() => token)
const id = encodeURIComponent

/** Which payment provider the relay uses (no sign-in needed). */
export function fetchBillingConfig(): Promise<BillingConfig> {
  return anonymous.request<BillingConfig>('GET', '/billing/config')
}

/** The prices of every plan and duration for a country, with a discount code if one was given. */
export function fetchPrices(query: {
  countryCode?: string | undefined
  discountCode?: string | undefined
}): Promise<Price[]> {
  const params = new URLSearchParams()
  if (query.countryCode !== undefined) {
    params.set('countryCode', query.countryCode)
  }
  if (query.discountCode !== undefined && query.discountCode !== '') {
    params.set('discountCode', query.discountCode)
  }
  const search = params.toString()
  return anonymous.request<Price[]>('GET', `/pricing${search === '' ? '' : `?${search}`}`)
}

/** What a purchase needs to start checkout. */
export interface PurchaseRequest {
  plan: PurchasablePlanType
  duration: UserPlanDuration
  discountCode?: string
  countryCode?: string
}

/** Starts a checkout: the relay answers how the provider continues it. */
export function startCheckout(token: string, request: PurchaseRequest): Promise<CheckoutStart> {
  return as(token).request<CheckoutStart>('POST', '/billing/checkout', request)
}

/** The order of a test-provider checkout (own only). */
export function fetchTestCheckout(token: string, checkoutId: string): Promise<TestCheckoutOrder> {
  return as(token).request<TestCheckoutOrder>('GET', `/billing/test-checkout/${id(checkoutId)}`)
}

/** Completes a test-provider checkout: the relay runs its signed event through the webhook path. */
export async function completeTestCheckout(token: string, checkoutId: string): Promise<void> {
  await as(token).request('POST', `/billing/test-checkout/${id(checkoutId)}/complete`, {})
}

/** A subscription of the signed-in user. */
export function fetchSubscription(token: string, subscriptionId: string): Promise<Subscription> {
  return as(token).request<Subscription>('GET', `/subscription/${id(subscriptionId)}`)
}

/** The user's payments, newest first. */
export function fetchTransactions(token: string, userId: string): Promise<BillingTransaction[]> {
  return as(token).request<BillingTransaction[]>('GET', `/subscription/transactions/${id(userId)}`)
}

/** A short-lived address of a payment's invoice. */
export async function fetchInvoiceUrl(token: string, transactionId: string): Promise<string> {
  const answer = await as(token).request<{ url: string }>(
    'GET',
    `/subscription/invoice/${id(transactionId)}`,
  )
  return answer.url
}

/** The retention offer for a subscription about to be cancelled (null: none). */
export function fetchCancellationOffer(
  token: string,
  subscriptionId: string,
): Promise<{ offer: CancellationOfferKind | null; description: string }> {
  return as(token).request('GET', `/subscription/cancellation-offer/${id(subscriptionId)}`)
}

/** Takes the retention offer. */
export async function redeemCancellationOffer(
  token: string,
  subscriptionId: string,
): Promise<Subscription> {
  const answer = await as(token).request<{ subscription: Subscription }>(
    'POST',
    `/subscription/redeem-cancellation-offer/${id(subscriptionId)}`,
    {},
  )
  return answer.subscription
}

/** Cancels at the end of the paid period. */
export async function cancelSubscription(
  token: string,
  subscriptionId: string,
): Promise<Subscription> {
  const answer = await as(token).request<{ subscription: Subscription }>(
    'POST',
    `/subscription/cancel/${id(subscriptionId)}`,
    {},
  )
  return answer.subscription
}

/** Undoes a scheduled cancellation. */
export async function resumeSubscription(
  token: string,
  subscriptionId: string,
): Promise<Subscription> {
  const answer = await as(token).request<{ subscription: Subscription }>(
    'POST',
    `/subscription/resume/${id(subscriptionId)}`,
    {},
  )
  return answer.subscription
}

/** Why someone cancels (the relay's list). */
export const CANCELLATION_REASONS = [
  { id: 'too-expensive', label: 'It is too expensive' },
  { id: 'missing-features', label: 'A feature I need is missing' },
  { id: 'not-using', label: 'I am not using it enough' },
  { id: 'switching', label: 'I am switching to another product' },
  { id: 'technical-issues', label: 'Technical problems' },
  { id: 'other', label: 'Something else' },
] as const
export type CancellationReason = (typeof CANCELLATION_REASONS)[number]['id']

/** How a cancellation's retention offer ended. */
export type OfferOutcome = 'redeem' | 'decline' | 'keep_offer' | 'remove_offer' | 'error'

/** Cancellation feedback as it stands (PENDING at the start, then SUBMITTED or ABORTED). */
export interface CancellationFeedback {
  subscriptionId: string
  reason: CancellationReason
  feedback?: string
  status: 'PENDING' | 'SUBMITTED' | 'ABORTED'
  offerOutcome?: OfferOutcome
}

/** Records cancellation feedback. */
export async function sendCancellationFeedback(
  token: string,
  feedback: CancellationFeedback,
): Promise<void> {
  await as(token).request('POST', '/cancellation-feedback', feedback)
}
