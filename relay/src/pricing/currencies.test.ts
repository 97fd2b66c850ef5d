import { formatPrice } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { PRICE_LIST, priceList } from './catalog'
import { CURRENCY_PRICES, currencyForCountry, currencySymbol } from './currencies'

const MARCH = Date.UTC(2026, 2, 10, 12)
const BLACK_FRIDAY = Date.UTC(2026, 10, 26, 12)

function yearly(prices: ReturnType<typeof priceList>, plan: 'PREMIUM' | 'ULTIMATE') {
  return prices.find((price) => price.plan === plan && price.interval === '1Y')!
}

describe('prices per currency', () => {
  it.each([
    ['DE', 'EUR', '€', 19.99],
    ['FR', 'EUR', '€', 19.99],
    ['BG', 'EUR', '€', 19.99],
    ['GB', 'GBP', '£', 16.99],
    ['CA', 'CAD', 'CA$', 26.99],
    ['AU', 'AUD', 'A$', 29.99],
    ['IN', 'INR', '₹', 699],
    ['BR', 'BRL', 'R$', 59.9],
    ['US', 'USD', '$', 19.99],
    ['JP', 'USD', '$', 19.99],
    ['ZZ', 'USD', '$', 19.99],
  ])('%s pays in %s (%s), Premium yearly %s', (country, currency, symbol, amount) => {
    const prices = priceList({ countryCode: country }, MARCH)
    expect(prices).toHaveLength(6)
    for (const price of prices) {
      expect(price).toMatchObject({ currency, currencySymbol: symbol, countryCode: country })
      // The symbol is the one formatPrice shows, so the apps format the amount the same way.
      expect(formatPrice(price.amount, price.currency).startsWith(symbol)).toBe(true)
    }
    expect(yearly(prices, 'PREMIUM').amount).toBe(amount)
  })

  it('answers USD for the US when no country is given, with the spec’s defaults', () => {
    const prices = priceList({}, MARCH)
    expect(yearly(prices, 'PREMIUM')).toMatchObject({
      amount: 19.99,
      currency: 'USD',
      countryCode: 'US',
      currencySymbol: '$',
    })
    expect(yearly(prices, 'ULTIMATE').amount).toBe(29.99)
    expect(CURRENCY_PRICES.USD).toEqual(PRICE_LIST)
  })

  it('applies Black Friday (40% off yearly) and codes in every currency, only VALID ones', () => {
    const gbp = priceList({ countryCode: 'GB' }, BLACK_FRIDAY)
    expect(yearly(gbp, 'PREMIUM').discount).toMatchObject({
      status: 'VALID',
      value: 40,
      code: 'BLACKFRIDAY',
      discountedUserPlanPrice: 10.19,
    })
    expect(gbp.find((price) => price.interval === '1M')?.discount).toBeUndefined()
    const inr = priceList({ countryCode: 'IN', discountCode: 'SPECIAL20' }, MARCH)
    expect(yearly(inr, 'ULTIMATE').discount).toMatchObject({
      status: 'VALID',
      discountedUserPlanPrice: 799.2,
    })
    const invalid = priceList({ countryCode: 'DE', discountCode: 'NOPE' }, MARCH)
    expect(yearly(invalid, 'PREMIUM')).toMatchObject({
      amount: 19.99,
      discount: { status: 'INVALID', value: 0 },
    })
  })

  it('every currency has a positive amount for each plan and duration, yearly below 12 months', () => {
    for (const [currency, table] of Object.entries(CURRENCY_PRICES)) {
      for (const plan of ['PREMIUM', 'ULTIMATE'] as const) {
        const { '1M': month, '1Y': year, Lifetime: lifetime } = table[plan]
        expect(month, currency).toBeGreaterThan(0)
        expect(year, currency).toBeLessThan(month * 12)
        expect(lifetime, currency).toBeGreaterThan(year)
      }
      expect(currencySymbol(currency)).not.toBe('')
    }
    expect(currencyForCountry(undefined)).toBe('USD')
    expect(currencyForCountry('gb')).toBe('GBP')
  })
})
