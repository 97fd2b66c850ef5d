// The one way a purchase starts, whatever the provider: the relay opens a checkout
// (POST /billing/checkout) and says how it continues. 'test' goes on at the web app's own page
// /test-checkout/$checkoutId; 'paddle' in Paddle's overlay on this page. The plan itself only
// changes when the relay has the provider's verified webhook; the caller then waits for it
// (FinishingUpgrade).
import { startCheckout, type PurchaseRequest } from '../billing-api'
import type { BillingConfig } from '@inkmark/shared'
import { openPaddleCheckout } from './paddle'

/** How a started checkout ended on this page. */
export type CheckoutResult =
  /** The person went on to the test provider's page. */
  | { kind: 'test-page'; checkoutId: string }
  /** The provider reports the payment complete: wait for the plan. */
  | { kind: 'paid' }
  /** The provider's checkout was closed without paying. */
  | { kind: 'closed' }

/** Starts and runs a checkout for `request` as the signed-in user. */
export async function runCheckout(
  config: BillingConfig,
  token: string,
  request: PurchaseRequest,
): Promise<CheckoutResult> {
  const start = await startCheckout(token, request)
  if (start.provider === 'test') {
    return { kind: 'test-page', checkoutId: start.checkoutId }
  }
  if (config.paddle === undefined) {
    throw new Error('This server has no Paddle settings')
  }
  const paid = await openPaddleCheckout(config.paddle, {
    priceId: start.priceId,
    customerEmail: start.customerEmail,
    customData: start.customData,
    discountCode: start.discountCode,
  })
  return paid ? { kind: 'paid' } : { kind: 'closed' }
}
