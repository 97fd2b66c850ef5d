import { createFileRoute } from '@tanstack/react-router'
import { TestCheckoutPage } from '../billing/TestCheckoutPage'

export const Route = createFileRoute('/test-checkout/$checkoutId')({
  component: TestCheckoutRoute,
})

function TestCheckoutRoute() {
  const { checkoutId } = Route.useParams()
  return <TestCheckoutPage checkoutId={checkoutId} />
}
