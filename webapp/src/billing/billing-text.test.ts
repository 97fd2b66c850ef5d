import { LIFETIME_EXPIRY_MARKER_MILLIS } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  discountName,
  paymentMethodText,
  paymentText,
  planExpiryText,
  subscriptionStateLabel,
} from './billing-text'

describe('billing text', () => {
  it('names payment methods', () => {
    expect(paymentMethodText({ method: 'card', cardBrand: 'visa', last4: '4242' })).toBe(
      'Visa ending in 4242',
    )
    expect(paymentMethodText({ method: 'card' })).toBe('Card')
    expect(paymentMethodText({ method: 'paypal' })).toBe('PayPal')
    expect(paymentMethodText(null)).toBe('Not known')
  })

  it('writes payments with their currency', () => {
    expect(paymentText(null)).toBe('None')
    expect(paymentText({ amount: 19.99, currency: 'EUR', date: Date.UTC(2026, 10, 26) })).toMatch(
      /^€19\.99 on /,
    )
  })

  it('says lifetime plans never end', () => {
    expect(planExpiryText(LIFETIME_EXPIRY_MARKER_MILLIS)).toBe('Never (lifetime)')
    expect(planExpiryText(undefined)).toBeUndefined()
    expect(subscriptionStateLabel('past_due')).toBe('Payment overdue')
  })

  it('names retention offers in words and other discounts by code', () => {
    expect(discountName('free_month')).toBe('a free month')
    expect(discountName('LOYAL40')).toBe('the discount code LOYAL40')
  })
})
