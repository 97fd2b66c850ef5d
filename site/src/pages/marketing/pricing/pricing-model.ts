// What the site's pricing page shows, worked out here and tested: the prices it starts with (the
// shared default prices, so the prerendered page has real numbers), the relay's catalogue that
// replaces them after hydration, the Black Friday rule (23-30 November, visitors not on a paid
// plan, by the site's clock) and the link that continues to checkout in the web app. Prices,
// discounts and plans follow the shared rules (@inkmark/shared price.ts and plan.ts).
import {
  BLACK_FRIDAY,
  DEFAULT_PRICES,
  DiscountStatus,
  DiscountType,
  PURCHASABLE_PLAN_TYPES,
  Plan,
  UserPlanDuration,
  applyDiscount,
  decodeTokenPayload,
  isTokenExpired,
  resolvePlan,
  priceDisplay,
  shouldShowBlackFridayBanner,
  type PlanUser,
  type Price,
  type PurchasablePlanType,
} from '@inkmark/shared'

/** The switch's choices, in order. */
export const DURATIONS: readonly { id: UserPlanDuration; label: string }[] = [
  { id: UserPlanDuration.ONE_MONTH, label: 'Monthly' },
  { id: UserPlanDuration.ONE_YEAR, label: 'Yearly' },
  { id: UserPlanDuration.LIFETIME, label: 'Lifetime' },
]

/** The country the default prices are for. */
export const DEFAULT_COUNTRY_CODE = 'US'

/** The stored login token's key in localStorage (the spec's jwt_webmarker). */
export const TOKEN_STORAGE_KEY = 'jwt_webmarker'

/** The shared default prices as a catalogue: the yearly price of each plan, in USD. */
export function defaultPrices(): Price[] {
  return PURCHASABLE_PLAN_TYPES.map((plan) => ({
    plan,
    amount: DEFAULT_PRICES[plan].amount,
    currency: DEFAULT_PRICES[plan].currency,
    currencySymbol: DEFAULT_PRICES[plan].currencySymbol,
    interval: DEFAULT_PRICES[plan].interval,
    countryCode: DEFAULT_COUNTRY_CODE,
  }))
}

/** The plan of the visitor whose stored token is `token` (Offline without a valid, unexpired one). */
export function visitorPlan(token: string | null, now: number): Plan {
  const payload = token === null ? null : decodeTokenPayload(token)
  if (payload === null || isTokenExpired(payload, now)) {
    return Plan.OFFLINE
  }
  // Decoded, not verified (the relay verifies): the claims are read as the plan rules' user.
  return resolvePlan(payload as PlanUser, now)
}

const REGION = /^[A-Z]{2}$/
const DISCOUNT_CODE = /^[A-Za-z0-9_-]{1,40}$/

export { countryCodeFromLocales } from '@inkmark/shared'

/** A discount code from the page's query, when it has the relay's shape (else none). */
export function discountCodeFromSearch(search: string): string | undefined {
  const code = new URLSearchParams(search).get('discountCode')?.trim()
  return code !== undefined && DISCOUNT_CODE.test(code) ? code.toUpperCase() : undefined
}

/** What the page asks the relay's GET /pricing. */
export interface PricingQuery {
  plan: Plan
  discountCode?: string | undefined
  countryCode?: string | undefined
}

/** The query string of GET /pricing (only values the relay accepts). */
export function pricingSearch(query: PricingQuery): string {
  const params = new URLSearchParams()
  if (query.plan === Plan.PREMIUM || query.plan === Plan.ULTIMATE) {
    params.set('userPlanType', query.plan)
  }
  if (query.discountCode !== undefined && DISCOUNT_CODE.test(query.discountCode)) {
    params.set('discountCode', query.discountCode)
  }
  if (query.countryCode !== undefined && REGION.test(query.countryCode)) {
    params.set('countryCode', query.countryCode)
  }
  const search = params.toString()
  return search === '' ? '' : `?${search}`
}

function isPrice(value: unknown): value is Price {
  if (typeof value !== 'object' || value === null) {
    return false
  }
  const price = value as Record<string, unknown>
  return (
    (PURCHASABLE_PLAN_TYPES as readonly unknown[]).includes(price.plan) &&
    (Object.values(UserPlanDuration) as unknown[]).includes(price.interval) &&
    typeof price.amount === 'number' &&
    Number.isFinite(price.amount) &&
    typeof price.currency === 'string'
  )
}

/** The relay's answer as prices; null when it is not a list of prices. */
export function parsePrices(answer: unknown): Price[] | null {
  if (!Array.isArray(answer) || answer.length === 0 || !answer.every(isPrice)) {
    return null
  }
  return answer
}

/** Asks the relay for its catalogue; rejects when it does not answer with prices. */
export async function fetchPrices(
  relayUrl: string,
  query: PricingQuery,
  fetchImpl: typeof fetch = fetch,
): Promise<Price[]> {
  const response = await fetchImpl(`${relayUrl}/pricing${pricingSearch(query)}`, {
    credentials: 'omit',
    headers: { accept: 'application/json' },
  })
  if (!response.ok) {
    throw new Error(`The relay answered ${response.status}`)
  }
  const prices = parsePrices(await response.json())
  if (prices === null) {
    throw new Error('The relay answered without prices')
  }
  return prices
}

/** The relay's prices, with the defaults kept for any plan and duration it did not price. */
export function mergePrices(defaults: readonly Price[], relay: readonly Price[]): Price[] {
  const missing = defaults.filter(
    (fallback) =>
      !relay.some((price) => price.plan === fallback.plan && price.interval === fallback.interval),
  )
  return [...relay, ...missing]
}

function isBlackFridayDiscount(price: Price): boolean {
  return price.discount?.code?.toUpperCase() === BLACK_FRIDAY.code
}

/**
 * The prices as this visitor sees them at `now`: Black Friday's 40% off yearly plans only in the
 * period and only for visitors not on a paid plan (a relay discount named BLACKFRIDAY is dropped
 * otherwise; the defaults get it added in the period), other discounts as the relay sent them.
 */
export function visiblePrices(prices: readonly Price[], plan: Plan, now: number): Price[] {
  const blackFriday = shouldShowBlackFridayBanner(plan, now)
  return prices.map((price) => {
    if (isBlackFridayDiscount(price) && !blackFriday) {
      const { discount: _dropped, ...withoutDiscount } = price
      return withoutDiscount
    }
    const hasValidDiscount = price.discount?.status === DiscountStatus.VALID
    const yearlyDeal = (BLACK_FRIDAY.durations as readonly string[]).includes(price.interval)
    if (blackFriday && yearlyDeal && !hasValidDiscount) {
      const discount = {
        status: DiscountStatus.VALID,
        type: DiscountType.RELATIVE,
        value: BLACK_FRIDAY.percentOff,
        code: BLACK_FRIDAY.code,
      }
      return {
        ...price,
        discount: { ...discount, discountedUserPlanPrice: applyDiscount(price.amount, discount) },
      }
    }
    return price
  })
}

/** How a price reads on a card. */
export interface PriceView {
  /** What is paid, formatted with its currency ("$11.99"). */
  amount: string
  /** The price without the discount, when a VALID discount lowers it. */
  oldAmount: string | null
  /** The discount code that applies, when one does. */
  code: string | null
  /** " / month", " / year" or " once". */
  period: string
}

/** The view of `plan` for `duration` among `prices`; null when there is no such price. */
export function priceView(
  prices: readonly Price[],
  plan: PurchasablePlanType,
  duration: UserPlanDuration,
): PriceView | null {
  const shown = priceDisplay(prices, plan, duration)
  return shown === null
    ? null
    : { amount: shown.amount, oldAmount: shown.oldAmount, code: shown.code, period: shown.period }
}

/** The web app's pricing page, where checkout happens, with the choice made here. */
export function checkoutUrl(
  appUrl: string,
  plan: PurchasablePlanType,
  duration: UserPlanDuration,
  discountCode: string | null,
): string {
  const params = new URLSearchParams({ plan, duration })
  if (discountCode !== null) {
    params.set('discountCode', discountCode)
  }
  return `${appUrl}/pricing?${params.toString()}`
}
