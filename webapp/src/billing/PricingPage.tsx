// The /pricing page (no sign-in needed): the plans and their prices. `?duration=1M|1Y|Lifetime`
// picks the period, so someone sent to sign in first comes back to the period they chose;
// `?discountCode=` (the site's pricing page and the Black Friday notice send one) fills the code.
import type { UserPlanDuration } from '@inkmark/shared'
import { PricingPlans, isDuration } from './PricingPlans'

/** The /pricing route's search parameters. */
export interface PricingSearch {
  duration?: UserPlanDuration
  discountCode?: string
}

/** A discount code's shape (the relay checks whether it is valid). */
const DISCOUNT_CODE = /^[A-Za-z0-9_-]{1,40}$/

/** Reads `duration` and `discountCode` (anything else is left out). */
export function parsePricingSearch(raw: Record<string, unknown>): PricingSearch {
  return {
    ...(isDuration(raw.duration) ? { duration: raw.duration } : {}),
    ...(typeof raw.discountCode === 'string' && DISCOUNT_CODE.test(raw.discountCode)
      ? { discountCode: raw.discountCode.toUpperCase() }
      : {}),
  }
}

/** The pricing page. */
export function PricingPage({
  duration,
  discountCode,
}: {
  duration?: UserPlanDuration | undefined
  discountCode?: string | undefined
}) {
  return (
    <section className="pricing-page" aria-labelledby="pricing-title">
      <h1 id="pricing-title">Plans and prices</h1>
      <p>
        Inkmark is free on one device. Premium adds sync and sharing; Ultimate adds everything else.
      </p>
      <PricingPlans
        headingLevel={2}
        initialDuration={duration}
        initialDiscountCode={discountCode}
      />
    </section>
  )
}
