// What the pricing cards show, worked out once and tested: the plans' features (from the rules in
// shared plan.ts), the price of a plan for a duration with its discount (only VALID ones count,
// shared price.ts), and the country the prices are asked for (the browser's locale region).
import {
  BLACK_FRIDAY,
  DiscountStatus,
  Plan,
  UserPlanDuration,
  UserPlanType,
  effectivePrice,
  formatPrice,
  type Price,
  type PurchasablePlanType,
} from '@inkmark/shared'

/** The switch's choices, in order. */
export const DURATIONS: readonly { id: UserPlanDuration; label: string }[] = [
  { id: UserPlanDuration.ONE_MONTH, label: 'Monthly' },
  { id: UserPlanDuration.ONE_YEAR, label: 'Yearly' },
  { id: UserPlanDuration.LIFETIME, label: 'Lifetime' },
]

/** The features behind each gate (plan.ts: canSync / canShare / hasUnlimitedFeatures). */
export const PLAN_FEATURES: Readonly<Record<PurchasablePlanType, readonly string[]>> = {
  [UserPlanType.PREMIUM]: [
    'Your library, highlights and notes on every device (sync)',
    'Share pages and highlights by link',
    'AI summaries and chat within the daily limits',
  ],
  [UserPlanType.ULTIMATE]: [
    'Everything in Premium',
    'Unlimited AI summaries and chat',
    'YouTube videos: transcripts, summaries and chat',
    'Image highlighting',
  ],
}

/** The plan a resolved plan counts as on the pricing cards (a trial is not a bought plan). */
export function currentPurchasedPlan(plan: Plan): PurchasablePlanType | null {
  if (plan === Plan.PREMIUM || plan === Plan.ULTIMATE) {
    return plan
  }
  return null
}

/** How a price reads on a card. */
export interface PriceDisplay {
  /** What is paid now, formatted with its currency ("$11.99"). */
  amount: string
  /** The price without the discount, when a VALID discount lowers it. */
  oldAmount: string | null
  /** The discount code that applies, when one does. */
  code: string | null
  /** Whether the discount is the Black Friday one. */
  isBlackFriday: boolean
  /** " / month", " / year" or " once". */
  period: string
  currency: string
}

const PERIODS: Readonly<Record<UserPlanDuration, string>> = {
  [UserPlanDuration.ONE_MONTH]: ' / month',
  [UserPlanDuration.ONE_YEAR]: ' / year',
  [UserPlanDuration.LIFETIME]: ' once',
}

/** The display of `plan` for `duration` among `prices`; null when the relay has no such price. */
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
  const code = discounted ? (price.discount?.code ?? null) : null
  return {
    amount: formatPrice(paid, price.currency),
    oldAmount: discounted ? formatPrice(price.amount, price.currency) : null,
    code,
    isBlackFriday: code !== null && code.toUpperCase() === BLACK_FRIDAY.code,
    period: PERIODS[duration],
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

/** The browser's country, for the prices. */
export function browserCountryCode(): string | undefined {
  return countryCodeFromLocales(
    navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  )
}
