import { describe, expect, it } from 'vitest'
import { Plan, UserPlanDuration, UserPlanType } from './plan'
import {
  BLACK_FRIDAY,
  DEFAULT_PRICES,
  DISCOUNT_CODES,
  DiscountStatus,
  DiscountType,
  NO_PRICE_TEXTS,
  PRICE_FRACTION_DIGITS,
  PURCHASABLE_PLAN_TYPES,
  RETENTION_OFFERS,
  RetentionOffer,
  TRIAL_STYLE_PLAN_DAYS,
  applyDiscount,
  effectivePrice,
  formatPrice,
  isBlackFridayPeriod,
  isKnownDiscountCode,
  isValidPlanProduct,
  parsePrice,
  retentionOfferFor,
  roundToCents,
  shouldShowBlackFridayBanner,
  trialStylePlanExpiresAt,
} from './price'
import type { Discount, Price } from './price'

function discount(overrides: Partial<Discount> = {}): Discount {
  return { status: DiscountStatus.VALID, type: DiscountType.RELATIVE, value: 40, ...overrides }
}

function price(overrides: Partial<Price> = {}): Price {
  return {
    plan: UserPlanType.PREMIUM,
    amount: 19.99,
    currency: 'USD',
    countryCode: 'US',
    currencySymbol: '$',
    interval: UserPlanDuration.ONE_YEAR,
    ...overrides,
  }
}

describe('constants', () => {
  it('holds the spec business constants', () => {
    expect(DEFAULT_PRICES.PREMIUM).toEqual({
      amount: 19.99,
      currency: 'USD',
      currencySymbol: '$',
      interval: '1Y',
    })
    expect(DEFAULT_PRICES.ULTIMATE.amount).toBe(29.99)
    expect(DEFAULT_PRICES.ULTIMATE.interval).toBe('1Y')
    expect(BLACK_FRIDAY).toEqual({
      month: 11,
      firstDay: 23,
      lastDay: 30,
      percentOff: 40,
      code: 'BLACKFRIDAY',
      durations: ['1Y'],
    })
    expect(Object.values(DISCOUNT_CODES)).toEqual([
      'SPECIAL20',
      'LOYAL40',
      'WELCOMEBACK',
      'JEAN20',
      'BF50',
      'STUDENTSPECIAL',
    ])
    expect(RETENTION_OFFERS).toEqual({ '1M': 'free_month', '1Y': 'half_price_next_year' })
    expect(TRIAL_STYLE_PLAN_DAYS).toBe(365)
    expect(PRICE_FRACTION_DIGITS).toBe(2)
    expect(NO_PRICE_TEXTS).toEqual(['free', 'n/a'])
    expect(PURCHASABLE_PLAN_TYPES).toEqual(['PREMIUM', 'ULTIMATE'])
  })
})

describe('parsePrice', () => {
  it.each([
    ['19.99', 19.99],
    ['$19.99', 19.99],
    ['19.99$', 19.99],
    ['€ 19,99', 19.99],
    ['19,99 €', 19.99],
    ['US$19.99', 19.99],
    ['R$ 49,90', 49.9],
    ['19.99 USD', 19.99],
    ['EUR 5', 5],
    ['99 kr', 99],
    ['12,50 zł', 12.5],
    ['Rs. 1,499', 1499],
    ['  42  ', 42],
    ['0', 0],
  ])('reads a leading or trailing currency: %s', (text, expected) => {
    expect(parsePrice(text)).toBe(expected)
  })

  it.each([
    ['-5', -5],
    ['−5', -5],
    ['-$5.50', -5.5],
    ['$-5.50', -5.5],
    ['- 3,25 €', -3.25],
    ['-0', 0],
  ])('reads a minus sign: %s', (text, expected) => {
    expect(parsePrice(text)).toBe(expected)
  })

  it.each([
    ['1,234', 1234],
    ['1.234', 1234],
    ['$1,234', 1234],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1,234,567', 1234567],
    ['1.234.567,89', 1234567.89],
    ['1 234,56', 1234.56],
    ['1\u00a0234,56 €', 1234.56],
    ["1'234.50", 1234.5],
    ['1’234', 1234],
    ['1 234 567', 1234567],
  ])('infers thousand separators: %s', (text, expected) => {
    expect(parsePrice(text)).toBe(expected)
  })

  it.each([
    ['1,5', 1.5],
    ['1,2345', 1.2345],
    ['19.9', 19.9],
    ['0.500', 0.5],
    ['0,125', 0.125],
    ['12345.678', 12345.678],
    ['.99', 0.99],
    [',5', 0.5],
    ['1 234,567', 1234.567],
  ])('infers decimal separators: %s', (text, expected) => {
    expect(parsePrice(text)).toBe(expected)
  })

  it.each(['free', 'Free', ' FREE ', 'n/a', 'N/A'])('gives no price for %s', (text) => {
    expect(parsePrice(text)).toBeNull()
  })

  it.each([
    '',
    '   ',
    'abc',
    '$',
    '12abc',
    'abc 12',
    '1..2',
    '1,234,56',
    '1.2.3',
    '1,234 567',
    '1.234 567',
    '12 34',
    '1 ,5',
    '.5.5',
    '--5',
    '-$-5',
    '5 - 3',
    '$5$5',
  ])('gives null for garbage: %j', (text) => {
    expect(parsePrice(text)).toBeNull()
  })

  it('gives null for missing text', () => {
    expect(parsePrice(null)).toBeNull()
    expect(parsePrice(undefined)).toBeNull()
  })
})

describe('formatPrice', () => {
  it('formats ISO currencies in en-US style with 2 decimals', () => {
    expect(formatPrice(19.99, 'USD')).toBe('$19.99')
    expect(formatPrice(29.9, 'EUR')).toBe('€29.90')
    expect(formatPrice(1234.5, 'GBP')).toBe('£1,234.50')
    expect(formatPrice(1000, 'JPY')).toBe('¥1,000.00')
    expect(formatPrice(-5, 'USD')).toBe('-$5.00')
    expect(formatPrice(1.005, 'usd')).toMatch(/^\$1\.0[01]$/)
  })

  it('shows a well-formed but unknown code as the code', () => {
    expect(formatPrice(-1, 'xyz')).toBe('-XYZ\u00a01.00')
  })

  it('falls back for codes Intl does not accept', () => {
    expect(formatPrice(19.99, '€')).toBe('€19.99')
    expect(formatPrice(-19.99, 'R$')).toBe('-R$19.99')
    expect(formatPrice(1234.5, 'points')).toBe('1,234.50 points')
    expect(formatPrice(-1, 'pt')).toBe('-1.00 pt')
    expect(formatPrice(7, '')).toBe('7.00')
    expect(formatPrice(7, '  ')).toBe('7.00')
  })
})

describe('applyDiscount', () => {
  it('gives the normal amount without a VALID discount', () => {
    expect(applyDiscount(19.99, undefined)).toBe(19.99)
    expect(applyDiscount(19.99, null)).toBe(19.99)
    expect(applyDiscount(19.99, discount({ status: DiscountStatus.INVALID }))).toBe(19.99)
    expect(applyDiscount(19.99, discount({ status: DiscountStatus.EXPIRED }))).toBe(19.99)
  })

  it('applies a relative discount, rounded to cents', () => {
    expect(applyDiscount(19.99, discount())).toBe(11.99)
    expect(applyDiscount(29.99, discount({ value: BLACK_FRIDAY.percentOff }))).toBe(17.99)
    expect(applyDiscount(19.99, discount({ value: 20 }))).toBe(15.99)
    expect(applyDiscount(19.99, discount({ value: 0 }))).toBe(19.99)
  })

  it('applies an absolute discount', () => {
    expect(applyDiscount(19.99, discount({ type: DiscountType.ABSOLUTE, value: 5 }))).toBe(14.99)
    expect(applyDiscount(0.3, discount({ type: DiscountType.ABSOLUTE, value: 0.1 }))).toBe(0.2)
  })

  it('never goes below 0', () => {
    expect(applyDiscount(19.99, discount({ type: DiscountType.ABSOLUTE, value: 50 }))).toBe(0)
    expect(applyDiscount(19.99, discount({ value: 150 }))).toBe(0)
    expect(applyDiscount(19.99, discount({ value: 100 }))).toBe(0)
  })

  it('never raises the price for a negative discount', () => {
    expect(applyDiscount(19.99, discount({ value: -10 }))).toBe(19.99)
    expect(applyDiscount(19.99, discount({ type: DiscountType.ABSOLUTE, value: -10 }))).toBe(19.99)
  })
})

describe('roundToCents', () => {
  it('rounds half away from zero on whole cents', () => {
    expect(roundToCents(11.994)).toBe(11.99)
    expect(roundToCents(11.995)).toBe(12)
    expect(roundToCents(-11.994)).toBe(-11.99)
    expect(roundToCents(9.995)).toBe(10)
    expect(roundToCents(1.005)).toBe(1.01)
    expect(roundToCents(0)).toBe(0)
    expect(roundToCents(-0.001)).toBe(0)
  })
})

describe('effectivePrice', () => {
  it('prefers the server figure of a VALID discount', () => {
    const valid = discount({ discountedUserPlanPrice: 9.995 })
    expect(effectivePrice(price({ discount: valid }))).toBe(10)
    const negative = discount({ discountedUserPlanPrice: -1 })
    expect(effectivePrice(price({ discount: negative }))).toBe(0)
  })

  it('computes the discount without a server figure', () => {
    expect(effectivePrice(price({ discount: discount() }))).toBe(11.99)
  })

  it('ignores the server figure of a discount that is not VALID', () => {
    const invalid = discount({ status: DiscountStatus.INVALID, discountedUserPlanPrice: 1 })
    expect(effectivePrice(price({ discount: invalid }))).toBe(19.99)
    expect(effectivePrice(price())).toBe(19.99)
  })
})

describe('isValidPlanProduct', () => {
  it('accepts a recognised plan type and duration', () => {
    for (const type of ['PREMIUM', 'ULTIMATE']) {
      for (const duration of ['1M', '1Y', 'Lifetime']) {
        expect(isValidPlanProduct({ type, duration })).toBe(true)
      }
    }
  })

  it('rejects an unrecognised type or duration', () => {
    expect(isValidPlanProduct({ type: 'FREE_TRIAL', duration: '1Y' })).toBe(false)
    expect(isValidPlanProduct({ type: 'GOLD', duration: '1Y' })).toBe(false)
    expect(isValidPlanProduct({ type: 'PREMIUM', duration: '2Y' })).toBe(false)
    expect(isValidPlanProduct({ type: 'premium', duration: '1Y' })).toBe(false)
    expect(isValidPlanProduct({ type: null, duration: '1Y' })).toBe(false)
    expect(isValidPlanProduct({ type: 'PREMIUM' })).toBe(false)
    expect(isValidPlanProduct({})).toBe(false)
  })
})

describe('isKnownDiscountCode', () => {
  it('knows the spec codes and BLACKFRIDAY, case-insensitively', () => {
    for (const code of Object.values(DISCOUNT_CODES)) {
      expect(isKnownDiscountCode(code)).toBe(true)
    }
    expect(isKnownDiscountCode('BLACKFRIDAY')).toBe(true)
    expect(isKnownDiscountCode(' special20 ')).toBe(true)
    expect(isKnownDiscountCode('SPECIAL30')).toBe(false)
    expect(isKnownDiscountCode('toString')).toBe(false)
    expect(isKnownDiscountCode('')).toBe(false)
  })
})

describe('isBlackFridayPeriod', () => {
  it('is true from 23 to 30 November inclusive (UTC)', () => {
    expect(isBlackFridayPeriod(Date.UTC(2025, 10, 23, 0, 0, 0))).toBe(true)
    expect(isBlackFridayPeriod(Date.UTC(2025, 10, 27, 12))).toBe(true)
    expect(isBlackFridayPeriod(Date.UTC(2025, 10, 30, 23, 59, 59, 999))).toBe(true)
  })

  it('is false outside the period', () => {
    expect(isBlackFridayPeriod(Date.UTC(2025, 10, 22, 23, 59, 59, 999))).toBe(false)
    expect(isBlackFridayPeriod(Date.UTC(2025, 11, 1, 0, 0, 0))).toBe(false)
    expect(isBlackFridayPeriod(Date.UTC(2025, 9, 25))).toBe(false)
    expect(isBlackFridayPeriod(Date.UTC(2025, 11, 25))).toBe(false)
  })
})

describe('shouldShowBlackFridayBanner', () => {
  const during = Date.UTC(2025, 10, 25)
  const outside = Date.UTC(2025, 6, 1)

  it('shows to users not on a paid plan during the period', () => {
    for (const plan of [Plan.OFFLINE, Plan.FREE, Plan.FREE_TRIAL]) {
      expect(shouldShowBlackFridayBanner(plan, during)).toBe(true)
      expect(shouldShowBlackFridayBanner(plan, outside)).toBe(false)
    }
  })

  it('never shows to paid plans', () => {
    expect(shouldShowBlackFridayBanner(Plan.PREMIUM, during)).toBe(false)
    expect(shouldShowBlackFridayBanner(Plan.ULTIMATE, during)).toBe(false)
  })
})

describe('retention offers and trial-style plans', () => {
  it('offers free_month for monthly and half_price_next_year for yearly', () => {
    expect(retentionOfferFor(UserPlanDuration.ONE_MONTH)).toBe(RetentionOffer.FREE_MONTH)
    expect(retentionOfferFor(UserPlanDuration.ONE_YEAR)).toBe(RetentionOffer.HALF_PRICE_NEXT_YEAR)
    expect(retentionOfferFor(UserPlanDuration.LIFETIME)).toBeNull()
  })

  it('grants a trial-style plan for 365 days', () => {
    const now = Date.UTC(2025, 0, 1)
    expect(trialStylePlanExpiresAt(now)).toBe(Date.UTC(2026, 0, 1))
  })
})

describe('parsePrice round trip (seeded property)', () => {
  // A small deterministic LCG so the property runs the same cases every time.
  function seeded(seed: number): () => number {
    let state = seed
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31
      return state / 2 ** 31
    }
  }

  it('reads back every formatted amount in US and European styles', () => {
    const random = seeded(20_251_123)
    for (let i = 0; i < 500; i += 1) {
      const cents = Math.floor(random() * 1e9) * (random() < 0.2 ? -1 : 1)
      const amount = cents / 100 + 0 // + 0 turns -0 into 0
      expect(parsePrice(formatPrice(amount, 'USD'))).toBe(amount)
      const european = new Intl.NumberFormat('de-DE', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(amount)
      expect(parsePrice(`${european} €`)).toBe(amount)
    }
  })
})
