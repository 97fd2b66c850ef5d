// The /pricing page (no sign-in needed): the plans and their prices.
import { PricingPlans } from './PricingPlans'

/** The pricing page. */
export function PricingPage() {
  return (
    <section className="pricing-page" aria-labelledby="pricing-title">
      <h1 id="pricing-title">Plans and prices</h1>
      <p>
        Inkmark is free on one device. Premium adds sync and sharing; Ultimate adds everything else.
      </p>
      <PricingPlans headingLevel={2} />
    </section>
  )
}
