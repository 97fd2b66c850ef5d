import { createFileRoute } from '@tanstack/react-router'
import { PricingPage } from '../billing/PricingPage'

export const Route = createFileRoute('/pricing')({
  component: PricingPage,
})
