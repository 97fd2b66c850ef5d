import { createFileRoute } from '@tanstack/react-router'
import { CancelSubscriptionPage } from '../billing/cancel/CancelSubscriptionFlow'

export const Route = createFileRoute('/cancel-subscription')({
  component: CancelSubscriptionPage,
})
