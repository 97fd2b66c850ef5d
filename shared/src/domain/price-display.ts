// How a price reads on a pricing card, the same in the web app and on the site: what is paid,
// the amount before a VALID discount, the code, the period's words; and the visitor's country for
// the prices, from the browser's locales.
import { UserPlanDuration } from './plan'
import {
  BLACK_FRIDAY,
  DiscountStatus,
  effectivePrice,
  formatPrice,
  type Price,
  type PurchasablePlanType,
} from './price'

/** One plan's price for one period, as a card shows it. */
export interface PriceDisplay {
  /** What is paid, formatted with its currency ("$11.99"). */
  amount: string
  /** The price without the discount, when a VALID discount lowers it. */
  oldAmount: string | null
  /** The discount code that applies (upper case), when one does. */
  code: string | null
  /** Whether the discount is the Black Friday one. */
  isBlackFriday: boolean
  /** " / month", " / year" or " once". */
  period: string
  currency: string
}

/** The words after a price for each period. */
export const PRICE_PERIODS: Readonly<Record<UserPlanDuration, string>> = {
  [UserPlanDuration.ONE_MONTH]: ' / month',
  [UserPlanDuration.ONE_YEAR]: ' / year',
  [UserPlanDuration.LIFETIME]: ' once',
}

/** The display of `plan` for `duration` among `prices`; null when there is no such price. */
export function priceDisplay(
  prices: readonly Price[],
  plan: PurchasablePlanType,
  duration: UserPlanDuration,
): PriceDisplay | null {
  const price = prices.find((entry) => entry.plan === plan && entry.interval === duration)
  if (price === undefined) {
    return null
  }
  const paid = effectivePrice(price)
  const discounted = price.discount?.status === DiscountStatus.VALID && paid < price.amount
  const code = discounted ? (price.discount?.code?.toUpperCase() ?? null) : null
  return {
    amount: formatPrice(paid, price.currency),
    oldAmount: discounted ? formatPrice(price.amount, price.currency) : null,
    code,
    isBlackFriday: code === BLACK_FRIDAY.code,
    period: PRICE_PERIODS[duration],
    currency: price.currency,
  }
}

const REGION = /^[A-Z]{2}$/

/** The country of the first of `locales` that names or implies one ("de-AT" → AT, "fr" → FR). */
export function countryCodeFromLocales(locales: readonly string[]): string | undefined {
  for (const tag of locales) {
    try {
      const locale = new Intl.Locale(tag)
      const region = locale.region ?? locale.maximize().region
      if (region !== undefined && REGION.test(region)) {
        return region
      }
    } catch {
      // Not a well-formed tag: try the next.
    }
  }
  return undefined
}
