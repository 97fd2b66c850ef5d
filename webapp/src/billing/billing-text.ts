// The sentences of Upgrade & Billing and the cancellation flow, worked out from the relay's
// answers (pure, so the wording is tested once).
import {
  LIFETIME_EXPIRY_MARKER_MILLIS,
  formatPrice,
  type BillingMoney,
  type Subscription,
} from '@inkmark/shared'
import { formatDate } from '../lib/format-date'

const STATE_LABELS: Readonly<Record<Subscription['state'], string>> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  paused: 'Paused',
  canceled: 'Cancelled',
}

/** The subscription's state as shown. */
export function subscriptionStateLabel(state: Subscription['state']): string {
  return STATE_LABELS[state]
}

/** "$19.99 on Nov 26, 2026". */
export function paymentText(payment: (BillingMoney & { date: number }) | null): string {
  return payment === null
    ? 'None'
    : `${formatPrice(payment.amount, payment.currency)} on ${formatDate(payment.date)}`
}

/** "Visa ending in 4242", "PayPal", or "Not known". */
export function paymentMethodText(info: Subscription['payment_information']): string {
  if (info === null) {
    return 'Not known'
  }
  if (info.method === 'paypal') {
    return 'PayPal'
  }
  if (info.method === 'card') {
    const brand = info.cardBrand === undefined ? 'Card' : capitalize(info.cardBrand)
    return info.last4 === undefined ? brand : `${brand} ending in ${info.last4}`
  }
  return 'Other'
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** When the plan ends, as a sentence part: "never (lifetime)" or the date; undefined: no end. */
export function planExpiryText(expiresDateMillis: number | undefined): string | undefined {
  if (expiresDateMillis === undefined) {
    return undefined
  }
  return expiresDateMillis >= LIFETIME_EXPIRY_MARKER_MILLIS
    ? 'Never (lifetime)'
    : formatDate(expiresDateMillis)
}

const OFFER_NAMES: Readonly<Record<string, string>> = {
  free_month: 'a free month',
  half_price_next_year: 'half price for the next year',
}

/** A subscription's discount as a sentence part: a retention offer by name, else its code. */
export function discountName(code: string): string {
  return OFFER_NAMES[code] ?? `the discount code ${code}`
}
