// What the pricing cards show, worked out once and tested: the plans' features (from the rules in
// shared plan.ts), the price of a plan for a duration with its discount (only VALID ones count,
// shared price.ts), and the country the prices are asked for (the browser's locale region).
import {
  Plan,
  UserPlanDuration,
  UserPlanType,
  countryCodeFromLocales,
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

// How a price reads and the country from the locales are shared with the site's pricing page.
export { countryCodeFromLocales, priceDisplay } from '@inkmark/shared'
export type { PriceDisplay } from '@inkmark/shared'

/** The browser's country, for the prices. */
export function browserCountryCode(): string | undefined {
  return countryCodeFromLocales(
    navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  )
}
