import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildRelay } from '../testing/build'
import { manualClock } from '../testing/relay-harness'

interface PriceBody {
  plan: string
  amount: number
  currency: string
  countryCode: string
  currencySymbol: string
  interval: string
  discount?: {
    status: string
    type: string
    value: number
    code?: string
    discountedUserPlanPrice?: number
  }
}

const MARCH = Date.UTC(2025, 2, 10, 12)
const BLACK_FRIDAY = Date.UTC(2025, 10, 25, 12)
const FIRST_OF_DECEMBER = Date.UTC(2025, 11, 1, 0, 0, 1)

async function pricing(app: FastifyInstance, query = ''): Promise<PriceBody[]> {
  const response = await app.inject({ method: 'GET', url: `/pricing${query}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PriceBody[]>()
}

function find(prices: PriceBody[], plan: string, interval: string): PriceBody {
  const price = prices.find((entry) => entry.plan === plan && entry.interval === interval)
  if (!price) {
    throw new Error(`no ${plan} ${interval} price in ${JSON.stringify(prices)}`)
  }
  return price
}

describe('GET /config', () => {
  it('answers the server overrides, the cache lifetime and the AI chat flag', async () => {
    const app = await buildRelay({ config: { configCacheTtlMillis: 120_000 } })
    const response = await app.inject({ method: 'GET', url: '/config' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      backendUrlOverride: null,
      miscServerUrlOverride: null,
      backendUrlFallbackOverride: null,
      cacheTtlInMillis: 120_000,
      isAiChatEnabled: true,
    })
  })

  it('names the backup relay the operator configured', async () => {
    const app = await buildRelay({ config: { backupUrl: 'https://backup.example.org' } })
    const response = await app.inject({ method: 'GET', url: '/config' })
    expect(response.json()).toMatchObject({
      backendUrlFallbackOverride: 'https://backup.example.org',
    })
  })

  it('says AI chat is off when the operator turned it off', async () => {
    const app = await buildRelay({ config: { aiChatEnabled: false } })
    const response = await app.inject({ method: 'GET', url: '/config' })
    expect(response.json()).toMatchObject({ isAiChatEnabled: false })
  })
})

describe('GET /pricing', () => {
  it('answers the default yearly prices, 19.99 and 29.99 USD, without a discount', async () => {
    const app = await buildRelay({ now: () => MARCH })
    const prices = await pricing(app)
    expect(find(prices, 'PREMIUM', '1Y')).toEqual({
      plan: 'PREMIUM',
      amount: 19.99,
      currency: 'USD',
      countryCode: 'US',
      currencySymbol: '$',
      interval: '1Y',
    })
    expect(find(prices, 'ULTIMATE', '1Y')).toMatchObject({ amount: 29.99, currency: 'USD' })
    expect(prices.every((price) => price.discount === undefined)).toBe(true)
    expect(new Set(prices.map((price) => price.interval))).toEqual(
      new Set(['1M', '1Y', 'Lifetime']),
    )

    const premiumOnly = await pricing(app, '?userPlanType=PREMIUM&countryCode=DE')
    expect(premiumOnly.map((price) => price.plan)).toEqual(['PREMIUM', 'PREMIUM', 'PREMIUM'])
    expect(premiumOnly.every((price) => price.countryCode === 'DE')).toBe(true)
  })

  it('gives a VALID discount with the discounted price for a known code', async () => {
    const app = await buildRelay({ now: () => MARCH })
    const prices = await pricing(app, '?discountCode=SPECIAL20')
    expect(find(prices, 'PREMIUM', '1Y')).toMatchObject({
      amount: 19.99,
      discount: {
        status: 'VALID',
        type: 'RELATIVE',
        value: 20,
        code: 'SPECIAL20',
        discountedUserPlanPrice: 15.99,
      },
    })
    expect(find(prices, 'ULTIMATE', '1Y').discount).toMatchObject({
      status: 'VALID',
      discountedUserPlanPrice: 23.99,
    })
    // Codes are case-insensitive.
    const lower = await pricing(app, '?discountCode=special20&userPlanType=PREMIUM')
    expect(find(lower, 'PREMIUM', '1Y').discount?.status).toBe('VALID')
  })

  it('answers an unknown code as INVALID with the normal amount', async () => {
    const app = await buildRelay({ now: () => MARCH })
    const prices = await pricing(app, '?discountCode=NOSUCHCODE')
    for (const price of prices) {
      expect(price.discount).toMatchObject({ status: 'INVALID', value: 0, code: 'NOSUCHCODE' })
      expect(price.discount?.discountedUserPlanPrice).toBeUndefined()
    }
    expect(find(prices, 'PREMIUM', '1Y').amount).toBe(19.99)
  })

  it('takes 40% off the yearly plans during Black Friday (25 November), and not on 1 December', async () => {
    const clock = manualClock(BLACK_FRIDAY)
    const app = await buildRelay({ now: clock.now })
    const during = await pricing(app)
    expect(find(during, 'PREMIUM', '1Y').discount).toEqual({
      status: 'VALID',
      type: 'RELATIVE',
      value: 40,
      code: 'BLACKFRIDAY',
      discountedUserPlanPrice: 11.99,
    })
    expect(find(during, 'ULTIMATE', '1Y').discount).toMatchObject({
      status: 'VALID',
      value: 40,
      discountedUserPlanPrice: 17.99,
    })
    for (const interval of ['1M', 'Lifetime']) {
      expect(find(during, 'PREMIUM', interval).discount).toBeUndefined()
      expect(find(during, 'ULTIMATE', interval).discount).toBeUndefined()
    }

    clock.set(FIRST_OF_DECEMBER)
    const after = await pricing(app)
    expect(after.every((price) => price.discount === undefined)).toBe(true)
    const code = await pricing(app, '?discountCode=BLACKFRIDAY')
    expect(find(code, 'PREMIUM', '1Y').discount?.status).toBe('INVALID')
  })

  it('gives the better of a code and Black Friday, never less than 40% on yearly plans then', async () => {
    const app = await buildRelay({ now: () => BLACK_FRIDAY })
    const special = await pricing(app, '?discountCode=SPECIAL20')
    expect(find(special, 'PREMIUM', '1Y').discount).toMatchObject({
      value: 40,
      code: 'BLACKFRIDAY',
    })
    const bf50 = await pricing(app, '?discountCode=BF50')
    expect(find(bf50, 'PREMIUM', '1Y').discount).toMatchObject({
      value: 50,
      code: 'BF50',
      discountedUserPlanPrice: 10,
    })
  })

  it('refuses unknown parameters and malformed values with 400', async () => {
    const app = await buildRelay({ now: () => MARCH })
    for (const query of [
      '?userPlanType=FREE_TRIAL',
      '?discountCode=%3Cscript%3E',
      '?countryCode=usa',
      '?plan=PREMIUM',
    ]) {
      const response = await app.inject({ method: 'GET', url: `/pricing${query}` })
      expect(response.statusCode, query).toBe(400)
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED')
    }
  })
})

describe('GET /product/plans and /product/products', () => {
  it('lists the plans with display names and the purchasable products', async () => {
    const app = await buildRelay({ now: () => MARCH })
    const plans = await app.inject({ method: 'GET', url: '/product/plans' })
    expect(plans.statusCode).toBe(200)
    const planTypes = plans.json<{ type: string; displayName: string }[]>()
    expect(planTypes.map((plan) => plan.type)).toEqual(
      expect.arrayContaining(['FREE', 'FREE_TRIAL', 'PREMIUM', 'ULTIMATE']),
    )
    expect(planTypes.every((plan) => plan.displayName.length > 0)).toBe(true)

    const products = await app.inject({ method: 'GET', url: '/product/products' })
    expect(products.statusCode).toBe(200)
    const list =
      products.json<{ type: string; duration: string; amount: number; currency: string }[]>()
    expect(list).toHaveLength(6)
    expect(list).toContainEqual({ type: 'PREMIUM', duration: '1Y', amount: 19.99, currency: 'USD' })
    expect(list).toContainEqual({
      type: 'ULTIMATE',
      duration: '1Y',
      amount: 29.99,
      currency: 'USD',
    })
  })
})
