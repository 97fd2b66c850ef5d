// The plans and prices the relay offers. The spec fixes the yearly defaults (Premium 19.99 USD,
// Ultimate 29.99 USD), Black Friday (23-30 November, 40% off yearly plans, code BLACKFRIDAY) and
// the discount codes' names; monthly and lifetime prices and the codes' percentages are ours
// (docs/adr/009-relay.md); the amounts in other currencies, chosen by the customer's country, are
// in currencies.ts (docs/adr/052-giveaways.md, "Prices per currency").
import {
  BLACK_FRIDAY,
  DEFAULT_PRICES,
  DISCOUNT_CODES,
  DiscountStatus,
  DiscountType,
  PLAN_DISPLAY_NAMES,
  Plan,
  UserPlanDuration,
  UserPlanType,
  applyDiscount,
  isBlackFridayPeriod,
  type Discount,
  type Price,
  type PurchasablePlanType,
} from '@inkmark/shared'
import { CURRENCY_PRICES, DEFAULT_COUNTRY, currencyForCountry, currencySymbol } from './currencies'

/** Amounts in USD per plan and duration; the yearly ones are the spec's defaults. */
export const PRICE_LIST: Readonly<Record<PurchasablePlanType, Record<UserPlanDuration, number>>> = {
  [UserPlanType.PREMIUM]: {
    [UserPlanDuration.ONE_MONTH]: 2.99,
    [UserPlanDuration.ONE_YEAR]: DEFAULT_PRICES.PREMIUM.amount,
    [UserPlanDuration.LIFETIME]: 59.99,
  },
  [UserPlanType.ULTIMATE]: {
    [UserPlanDuration.ONE_MONTH]: 3.99,
    [UserPlanDuration.ONE_YEAR]: DEFAULT_PRICES.ULTIMATE.amount,
    [UserPlanDuration.LIFETIME]: 89.99,
  },
}

/** Percent off per discount code, and the durations each applies to. */
export const DISCOUNT_PERCENTAGES: Readonly<
  Record<string, { percentOff: number; durations: UserPlanDuration[] }>
> = {
  [DISCOUNT_CODES.SPECIAL20]: { percentOff: 20, durations: [UserPlanDuration.ONE_YEAR] },
  [DISCOUNT_CODES.LOYAL40]: { percentOff: 40, durations: [UserPlanDuration.ONE_YEAR] },
  [DISCOUNT_CODES.WELCOMEBACK]: { percentOff: 30, durations: [UserPlanDuration.ONE_YEAR] },
  [DISCOUNT_CODES.JEAN20]: { percentOff: 20, durations: [UserPlanDuration.ONE_YEAR] },
  [DISCOUNT_CODES.BF50]: { percentOff: 50, durations: [UserPlanDuration.ONE_YEAR] },
  [DISCOUNT_CODES.STUDENTSPECIAL]: {
    percentOff: 50,
    durations: [UserPlanDuration.ONE_MONTH, UserPlanDuration.ONE_YEAR],
  },
}

function discountFor(
  code: string | undefined,
  duration: UserPlanDuration,
  amount: number,
  now: number,
): Discount | undefined {
  const normalized = code?.trim().toUpperCase()
  const blackFriday =
    isBlackFridayPeriod(now) && (BLACK_FRIDAY.durations as readonly string[]).includes(duration)
  if (!normalized && !blackFriday) {
    return undefined
  }
  const rule =
    normalized && normalized !== BLACK_FRIDAY.code ? DISCOUNT_PERCENTAGES[normalized] : undefined
  const codePercent = rule?.durations.includes(duration) ? rule.percentOff : undefined
  const blackFridayPercent = blackFriday ? BLACK_FRIDAY.percentOff : undefined
  // The better of the two for the customer: a code never makes Black Friday worse.
  const useCode = codePercent !== undefined && codePercent >= (blackFridayPercent ?? 0)
  const percentOff = useCode ? codePercent : blackFridayPercent
  if (percentOff === undefined) {
    return normalized
      ? { status: DiscountStatus.INVALID, type: DiscountType.RELATIVE, value: 0, code: normalized }
      : undefined
  }
  const discount: Discount = {
    status: DiscountStatus.VALID,
    type: DiscountType.RELATIVE,
    value: percentOff,
    code: useCode && normalized ? normalized : BLACK_FRIDAY.code,
  }
  return { ...discount, discountedUserPlanPrice: applyDiscount(amount, discount) }
}

/** Every price for the given query: each purchasable plan in each duration. */
export function priceList(
  query: { userPlanType?: string; discountCode?: string; countryCode?: string },
  now: number,
): Price[] {
  const plans = (Object.keys(PRICE_LIST) as PurchasablePlanType[]).filter(
    (plan) => !query.userPlanType || plan === query.userPlanType,
  )
  const currency = currencyForCountry(query.countryCode)
  const symbol = currencySymbol(currency)
  const table = CURRENCY_PRICES[currency]
  return plans.flatMap((plan) =>
    (Object.keys(PRICE_LIST[plan]) as UserPlanDuration[]).map((interval) => {
      const amount = table[plan][interval]
      const discount = discountFor(query.discountCode, interval, amount, now)
      return {
        plan,
        amount,
        currency,
        countryCode: query.countryCode ?? DEFAULT_COUNTRY,
        currencySymbol: symbol,
        interval,
        ...(discount ? { discount } : {}),
      }
    }),
  )
}

/** The plans a user can be on, with their display names. */
export function planCatalog(): { type: Plan; displayName: string }[] {
  return Object.values(Plan).map((type) => ({ type, displayName: PLAN_DISPLAY_NAMES[type] }))
}
