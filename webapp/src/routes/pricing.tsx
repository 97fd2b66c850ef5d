import { createFileRoute } from '@tanstack/react-router'
import { PricingPage, parsePricingSearch } from '../billing/PricingPage'

export const Route = createFileRoute('/pricing')({
  validateSearch: parsePricingSearch,
  component: PricingRoute,
})

function PricingRoute() {
  const { duration, discountCode } = Route.useSearch()
  return <PricingPage duration={duration} discountCode={discountCode} />
}
