// The error codes of the billing endpoints, spread into the relay's ErrorCode (errors.ts), kept here
// so the billing part's codes sit with it.

export const BillingErrorCode = {
  /** This relay takes no payments (INKMARK_BILLING_PROVIDER=none). */
  BILLING_OFF: 'BILLING_OFF',
  /** The account has an active subscription already: plan changes go through it. */
  ALREADY_SUBSCRIBED: 'ALREADY_SUBSCRIBED',
  /** No price is configured for that plan and duration. */
  PLAN_NOT_SOLD: 'PLAN_NOT_SOLD',
  /** The test checkout was completed already. */
  CHECKOUT_COMPLETED: 'CHECKOUT_COMPLETED',
  /** The provider has no invoice for the transaction (the test provider never has one). */
  INVOICE_UNAVAILABLE: 'INVOICE_UNAVAILABLE',
  /** The subscription has no retention offer (lifetime, canceled, or redeemed already). */
  OFFER_UNAVAILABLE: 'OFFER_UNAVAILABLE',
  /** The subscription is in a state the change does not apply to. */
  SUBSCRIPTION_STATE: 'SUBSCRIPTION_STATE',
  /** A webhook's signature is missing, wrong or too old. */
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  /** The payment provider did not answer or refused; nothing was changed. */
  BILLING_UNAVAILABLE: 'BILLING_UNAVAILABLE',
} as const
export type BillingErrorCode = (typeof BillingErrorCode)[keyof typeof BillingErrorCode]
