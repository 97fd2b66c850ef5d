import { describe, expect, it } from 'vitest'
import { UserPlanDuration, UserPlanType } from './plan'
import { DiscountStatus, DiscountType, type Price } from './price'
import { countryCodeFromLocales, priceDisplay } from './price-display'

const yearly: Price = {
  plan: UserPlanType.PREMIUM,
  amount: 19.99,
  currency: 'USD',
  countryCode: 'US',
  currencySymbol: '$',
  interval: UserPlanDuration.ONE_YEAR,
}

describe('priceDisplay', () => {
  it('reads the price of a plan and period, null when there is none', () => {
    expect(priceDisplay([yearly], UserPlanType.PREMIUM, UserPlanDuration.ONE_YEAR)).toMatchObject({
      oldAmount: null,
      code: null,
      isBlackFriday: false,
      period: ' / year',
      currency: 'USD',
    })
    expect(priceDisplay([yearly], UserPlanType.ULTIMATE, UserPlanDuration.ONE_YEAR)).toBeNull()
  })

  it('shows a VALID discount with its code, and ignores any other', () => {
    const discount = { type: DiscountType.RELATIVE, value: 40, code: 'blackfriday' }
    const valid = { ...yearly, discount: { ...discount, status: DiscountStatus.VALID } }
    const shown = priceDisplay([valid], UserPlanType.PREMIUM, UserPlanDuration.ONE_YEAR)
    expect(shown?.code).toBe('BLACKFRIDAY')
    expect(shown?.isBlackFriday).toBe(true)
    expect(shown?.oldAmount).not.toBeNull()
    const expired = { ...yearly, discount: { ...discount, status: 'EXPIRED' } } as unknown as Price
    expect(
      priceDisplay([expired], UserPlanType.PREMIUM, UserPlanDuration.ONE_YEAR)?.code,
    ).toBeNull()
  })
})

describe('countryCodeFromLocales', () => {
  it('takes the first locale that names or implies a country', () => {
    expect(countryCodeFromLocales(['de-AT', 'en-US'])).toBe('AT')
    expect(countryCodeFromLocales(['fr'])).toBe('FR')
    expect(countryCodeFromLocales(['not a tag', 'en-GB'])).toBe('GB')
    expect(countryCodeFromLocales([])).toBeUndefined()
  })
})
