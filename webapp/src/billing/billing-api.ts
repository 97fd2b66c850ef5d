// The relay's billing calls, one function each, over the shared RelayClient (bearer token, the wh-*
// headers, the backup servers, typed errors). Shapes: shared/src/domain/billing.ts (ADR 051).
import { createRelayClient } from '../account/account-api'
import type {
  Price,
  BillingConfig,
  BillingTransaction,
  CancellationFeedback,
  CancellationOffer,
  CancellationReason,
  CheckoutRequest,
  CheckoutStart,
  Subscription,
  TestCheckoutOrder,
} from '@inkmark/shared'

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
export type PurchaseRequest = CheckoutRequest

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
): Promise<CancellationOffer> {
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

/** What the reason list shows for each of the relay's reasons. */
export const CANCELLATION_REASON_LABELS: Readonly<Record<CancellationReason, string>> = {
  'too-expensive': 'It is too expensive',
  'missing-features': 'A feature I need is missing',
  'not-using': 'I am not using it enough',
  switching: 'I am switching to another product',
  'technical-issues': 'Technical problems',
  other: 'Something else',
}

/** Records cancellation feedback (`keepalive` when the page is closing). */
export async function sendCancellationFeedback(
  token: string,
  feedback: CancellationFeedback,
  options: { keepalive?: boolean } = {},
): Promise<void> {
  await as(token).request('POST', '/cancellation-feedback', feedback, options)
}
