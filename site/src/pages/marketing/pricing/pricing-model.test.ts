import {
  DiscountStatus,
  DiscountType,
  Plan,
  UserPlanDuration,
  UserPlanType,
  type Price,
} from '@inkmark/shared'
import { describe, expect, it, vi } from 'vitest'
import {
  checkoutUrl,
  countryCodeFromLocales,
  defaultPrices,
  discountCodeFromSearch,
  fetchPrices,
  mergePrices,
  priceView,
  pricingSearch,
  visiblePrices,
  visitorPlan,
} from './pricing-model'

const BEFORE_BLACK_FRIDAY = Date.UTC(2026, 10, 22, 23, 59, 59)
const BLACK_FRIDAY_FIRST = Date.UTC(2026, 10, 23, 0, 0, 0)
const BLACK_FRIDAY_LAST = Date.UTC(2026, 10, 30, 23, 59, 59)
const AFTER_BLACK_FRIDAY = Date.UTC(2026, 11, 1, 0, 0, 0)
const SUMMER = Date.UTC(2026, 5, 15, 12, 0, 0)

function price(plan: 'PREMIUM' | 'ULTIMATE', interval: UserPlanDuration, amount: number): Price {
  return { plan, interval, amount, currency: 'EUR', currencySymbol: '€', countryCode: 'DE' }
}

function token(payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `e30.${body}.signature`
}

describe('default prices', () => {
  it('are the shared yearly prices, so the prerendered page has real numbers', () => {
    const prices = defaultPrices()
    expect(priceView(prices, UserPlanType.PREMIUM, UserPlanDuration.ONE_YEAR)?.amount).toBe(
      '$19.99',
    )
    expect(priceView(prices, UserPlanType.ULTIMATE, UserPlanDuration.ONE_YEAR)?.amount).toBe(
      '$29.99',
    )
    expect(priceView(prices, UserPlanType.PREMIUM, UserPlanDuration.ONE_MONTH)).toBeNull()
  })
})

describe('the duration switch', () => {
  const catalogue = [
    price('PREMIUM', UserPlanDuration.ONE_MONTH, 2.99),
    price('PREMIUM', UserPlanDuration.ONE_YEAR, 19.99),
    price('PREMIUM', UserPlanDuration.LIFETIME, 59.99),
  ]
  it('shows the price and period of the chosen duration', () => {
    expect(priceView(catalogue, 'PREMIUM', UserPlanDuration.ONE_MONTH)).toEqual({
      amount: '€2.99',
      oldAmount: null,
      code: null,
      period: ' / month',
    })
    expect(priceView(catalogue, 'PREMIUM', UserPlanDuration.ONE_YEAR)?.period).toBe(' / year')
    expect(priceView(catalogue, 'PREMIUM', UserPlanDuration.LIFETIME)?.amount).toBe('€59.99')
    expect(priceView(catalogue, 'PREMIUM', UserPlanDuration.LIFETIME)?.period).toBe(' once')
  })
})

describe('discounts', () => {
  const withDiscount = (status: DiscountStatus): Price => ({
    ...price('PREMIUM', UserPlanDuration.ONE_YEAR, 20),
    discount: { status, type: DiscountType.RELATIVE, value: 20, code: 'SPECIAL20' },
  })
  it('lower the price only when VALID', () => {
    expect(priceView([withDiscount(DiscountStatus.VALID)], 'PREMIUM', '1Y')).toEqual({
      amount: '€16.00',
      oldAmount: '€20.00',
      code: 'SPECIAL20',
      period: ' / year',
    })
    for (const status of [DiscountStatus.INVALID, DiscountStatus.EXPIRED]) {
      expect(priceView([withDiscount(status)], 'PREMIUM', '1Y')).toMatchObject({
        amount: '€20.00',
        oldAmount: null,
        code: null,
      })
    }
  })

  it('take the code from the page query only in the relay’s shape', () => {
    expect(discountCodeFromSearch('?discountCode=special20')).toBe('SPECIAL20')
    expect(discountCodeFromSearch('?discountCode=%3Cscript%3E')).toBeUndefined()
    expect(discountCodeFromSearch('')).toBeUndefined()
  })
})

describe('Black Friday', () => {
  const yearly = price('ULTIMATE', UserPlanDuration.ONE_YEAR, 30)
  const monthly = price('ULTIMATE', UserPlanDuration.ONE_MONTH, 4)
  const view = (now: number, plan: Plan, prices: Price[] = [yearly, monthly]) =>
    priceView(visiblePrices(prices, plan, now), 'ULTIMATE', UserPlanDuration.ONE_YEAR)

  it('takes 40% off yearly plans from 23 to 30 November (UTC) for visitors not on a paid plan', () => {
    for (const now of [BLACK_FRIDAY_FIRST, BLACK_FRIDAY_LAST]) {
      expect(view(now, Plan.OFFLINE)).toMatchObject({
        amount: '€18.00',
        oldAmount: '€30.00',
        code: 'BLACKFRIDAY',
      })
      expect(view(now, Plan.FREE)?.code).toBe('BLACKFRIDAY')
    }
    const monthlyView = priceView(
      visiblePrices([yearly, monthly], Plan.OFFLINE, BLACK_FRIDAY_FIRST),
      'ULTIMATE',
      UserPlanDuration.ONE_MONTH,
    )
    expect(monthlyView?.oldAmount).toBeNull()
  })

  it('is off the day before and the day after', () => {
    expect(view(BEFORE_BLACK_FRIDAY, Plan.OFFLINE)?.oldAmount).toBeNull()
    expect(view(AFTER_BLACK_FRIDAY, Plan.OFFLINE)?.oldAmount).toBeNull()
  })

  it('is not shown to paying visitors, even when the relay sends it', () => {
    const relayBlackFriday: Price = {
      ...yearly,
      discount: {
        status: DiscountStatus.VALID,
        type: DiscountType.RELATIVE,
        value: 40,
        code: 'BLACKFRIDAY',
        discountedUserPlanPrice: 18,
      },
    }
    expect(view(BLACK_FRIDAY_FIRST, Plan.PREMIUM, [relayBlackFriday])?.amount).toBe('€30.00')
    expect(view(SUMMER, Plan.OFFLINE, [relayBlackFriday])?.amount).toBe('€30.00')
    expect(view(BLACK_FRIDAY_FIRST, Plan.OFFLINE, [relayBlackFriday])?.amount).toBe('€18.00')
  })

  it('leaves a better VALID code from the relay in place', () => {
    const coded: Price = {
      ...yearly,
      discount: {
        status: DiscountStatus.VALID,
        type: DiscountType.RELATIVE,
        value: 50,
        code: 'BF50',
      },
    }
    expect(view(BLACK_FRIDAY_FIRST, Plan.OFFLINE, [coded])).toMatchObject({
      amount: '€15.00',
      code: 'BF50',
    })
  })
})

describe('the relay call', () => {
  it('asks with the plan, code and country the relay accepts', () => {
    expect(
      pricingSearch({ plan: Plan.PREMIUM, discountCode: 'SPECIAL20', countryCode: 'DE' }),
    ).toBe('?userPlanType=PREMIUM&discountCode=SPECIAL20&countryCode=DE')
    expect(pricingSearch({ plan: Plan.OFFLINE, countryCode: 'de' })).toBe('')
    expect(pricingSearch({ plan: Plan.FREE_TRIAL })).toBe('')
  })

  it('replaces the defaults with its catalogue and keeps defaults it did not price', async () => {
    const relay = [price('PREMIUM', UserPlanDuration.ONE_YEAR, 17.99)]
    const fetchImpl = vi.fn(() => Promise.resolve(Response.json(relay)))
    const prices = mergePrices(
      defaultPrices(),
      await fetchPrices('http://relay', { plan: Plan.OFFLINE }, fetchImpl),
    )
    expect(fetchImpl).toHaveBeenCalledWith('http://relay/pricing', expect.anything())
    expect(priceView(prices, 'PREMIUM', '1Y')?.amount).toBe('€17.99')
    expect(priceView(prices, 'ULTIMATE', '1Y')?.amount).toBe('$29.99')
  })

  it('rejects a failed or malformed answer, so the page keeps the defaults', async () => {
    await expect(
      fetchPrices('http://relay', { plan: Plan.OFFLINE }, () =>
        Promise.resolve(new Response('', { status: 502 })),
      ),
    ).rejects.toThrow('502')
    await expect(
      fetchPrices('http://relay', { plan: Plan.OFFLINE }, () =>
        Promise.resolve(Response.json({ nope: 1 })),
      ),
    ).rejects.toThrow('without prices')
    await expect(
      fetchPrices('http://relay', { plan: Plan.OFFLINE }, () =>
        Promise.reject(new TypeError('Failed to fetch')),
      ),
    ).rejects.toThrow('Failed to fetch')
  })
})

describe('the visitor', () => {
  it('is Offline without a token, with a broken one or an expired one', () => {
    expect(visitorPlan(null, SUMMER)).toBe(Plan.OFFLINE)
    expect(visitorPlan('not-a-token', SUMMER)).toBe(Plan.OFFLINE)
    expect(visitorPlan(token({ _id: 'u1', premium: true, exp: SUMMER / 1000 - 1 }), SUMMER)).toBe(
      Plan.OFFLINE,
    )
  })

  it('has the plan the token resolves to', () => {
    expect(visitorPlan(token({ _id: 'u1', premium: true }), SUMMER)).toBe(Plan.PREMIUM)
    expect(visitorPlan(token({ _id: 'u1', premium: false }), SUMMER)).toBe(Plan.FREE)
  })

  it('has a country from the browser’s languages', () => {
    expect(countryCodeFromLocales(['de-AT', 'en-US'])).toBe('AT')
    expect(countryCodeFromLocales(['fr'])).toBe('FR')
    expect(countryCodeFromLocales(['??'])).toBeUndefined()
  })
})

describe('checkout', () => {
  it('continues in the web app’s /pricing with the plan, duration and discount', () => {
    expect(
      checkoutUrl('https://app.example', 'ULTIMATE', UserPlanDuration.ONE_YEAR, 'BLACKFRIDAY'),
    ).toBe('https://app.example/pricing?plan=ULTIMATE&duration=1Y&discountCode=BLACKFRIDAY')
    expect(checkoutUrl('https://app.example', 'PREMIUM', UserPlanDuration.LIFETIME, null)).toBe(
      'https://app.example/pricing?plan=PREMIUM&duration=Lifetime',
    )
  })
})
