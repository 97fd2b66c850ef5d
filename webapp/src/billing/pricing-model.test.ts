import {
  DiscountStatus,
  DiscountType,
  Plan,
  UserPlanDuration,
  UserPlanType,
  type Price,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { countryCodeFromLocales, currentPurchasedPlan, priceDisplay } from './pricing-model'

const yearly: Price = {
  plan: UserPlanType.PREMIUM,
  amount: 19.99,
  currency: 'EUR',
  countryCode: 'DE',
  currencySymbol: '€',
  interval: UserPlanDuration.ONE_YEAR,
}

describe('priceDisplay', () => {
  it('shows the amount and period in the price currency', () => {
    expect(priceDisplay([yearly], UserPlanType.PREMIUM, UserPlanDuration.ONE_YEAR)).toEqual({
      amount: '€19.99',
      oldAmount: null,
      code: null,
      isBlackFriday: false,
      period: ' / year',
      currency: 'EUR',
    })
  })

  it('strikes the old price and names the code only for a VALID discount', () => {
    const blackFriday: Price = {
      ...yearly,
      discount: {
        status: DiscountStatus.VALID,
        type: DiscountType.RELATIVE,
        value: 40,
        code: 'BLACKFRIDAY',
      },
    }
    const shown = priceDisplay([blackFriday], UserPlanType.PREMIUM, UserPlanDuration.ONE_YEAR)
    expect(shown).toMatchObject({
      amount: '€11.99',
      oldAmount: '€19.99',
      code: 'BLACKFRIDAY',
      isBlackFriday: true,
    })
    const expired: Price = {
      ...yearly,
      discount: {
        status: DiscountStatus.EXPIRED,
        type: DiscountType.RELATIVE,
        value: 40,
        code: 'SPECIAL20',
      },
    }
    expect(priceDisplay([expired], UserPlanType.PREMIUM, UserPlanDuration.ONE_YEAR)).toMatchObject({
      amount: '€19.99',
      oldAmount: null,
      code: null,
    })
  })

  it('is null for a price the relay does not have', () => {
    expect(priceDisplay([yearly], UserPlanType.ULTIMATE, UserPlanDuration.LIFETIME)).toBeNull()
  })
})

describe('countryCodeFromLocales', () => {
  it('takes the region, or the likely one of a language', () => {
    expect(countryCodeFromLocales(['de-AT', 'en-US'])).toBe('AT')
    expect(countryCodeFromLocales(['fr'])).toBe('FR')
    expect(countryCodeFromLocales(['es-419', 'not a tag', 'pt-BR'])).toBe('BR')
    expect(countryCodeFromLocales([])).toBeUndefined()
  })
})

describe('currentPurchasedPlan', () => {
  it('marks only bought plans', () => {
    expect(currentPurchasedPlan(Plan.ULTIMATE)).toBe(UserPlanType.ULTIMATE)
    expect(currentPurchasedPlan(Plan.FREE_TRIAL)).toBeNull()
    expect(currentPurchasedPlan(Plan.FREE)).toBeNull()
  })
})
