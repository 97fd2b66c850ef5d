// The test payment provider's checkout (docs/adr/055): for development and self-hosting, the order
// the relay opened, clearly marked as a test, and "Complete test payment", which asks the relay to
// run a signed test event through its webhook path (the same verify-and-apply as a real payment).
// No money moves and no card is asked for.
import { Button } from '@inkmark/design'
import { formatPrice, planDisplayName } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { completeTestCheckout, fetchTestCheckout } from './billing-api'
import type { TestCheckoutOrder } from '@inkmark/shared'
import { FinishingUpgrade, planFingerprint } from './FinishingUpgrade'
import { DURATIONS } from './pricing-model'
import { signInPath } from './sign-in-path'
import type { Loaded } from './use-billing-data'
import './billing.css'

function durationLabel(duration: string): string {
  return DURATIONS.find((choice) => choice.id === duration)?.label ?? duration
}

/** The test checkout of `checkoutId`. */
export function TestCheckoutPage({ checkoutId }: { checkoutId: string }) {
  const { session } = useSession()
  const token = session?.token
  const [order, setOrder] = useState<Loaded<TestCheckoutOrder>>({ status: 'loading' })
  const [paying, setPaying] = useState(false)
  const [payError, setPayError] = useState<string>()
  const [paidFrom, setPaidFrom] = useState<string>()

  useEffect(() => {
    if (token === undefined) {
      return undefined
    }
    let live = true
    fetchTestCheckout(token, checkoutId).then(
      (value) => live && setOrder({ status: 'ready', value }),
      (error: unknown) =>
        live &&
        setOrder({
          status: 'error',
          message: error instanceof Error ? error.message : String(error),
        }),
    )
    return () => {
      live = false
    }
  }, [token, checkoutId])

  const pay = () => {
    if (session === null) {
      return
    }
    setPaying(true)
    setPayError(undefined)
    const previousPlan = planFingerprint(session)
    completeTestCheckout(session.token, checkoutId).then(
      () => setPaidFrom(previousPlan),
      (error: unknown) => {
        setPaying(false)
        setPayError(error instanceof Error ? error.message : String(error))
      },
    )
  }

  return (
    <section className="billing-page" aria-labelledby="test-checkout-title">
      <h1 id="test-checkout-title">Test checkout</h1>
      <p className="billing-test-banner">Test payment provider: no money moves.</p>
      {session === null ? (
        <p>
          Sign in to see this order.{' '}
          <a href={signInPath(`/test-checkout/${encodeURIComponent(checkoutId)}`)}>Sign in</a>
        </p>
      ) : paidFrom !== undefined ? (
        <FinishingUpgrade previousPlan={paidFrom} />
      ) : order.status === 'loading' ? (
        <p role="status" aria-busy="true">
          Loading the order…
        </p>
      ) : order.status === 'error' ? (
        <p role="alert" className="billing-error">
          This order cannot be shown: {order.message}
        </p>
      ) : (
        <>
          <dl className="billing-summary" data-test-order={order.value.checkoutId}>
            <dt>Plan</dt>
            <dd>{planDisplayName(order.value.plan)}</dd>
            <dt>Period</dt>
            <dd>{durationLabel(order.value.duration)}</dd>
            <dt>Amount</dt>
            <dd>{formatPrice(order.value.amount, order.value.currency)}</dd>
            {order.value.discountCode !== undefined && (
              <>
                <dt>Discount code</dt>
                <dd>{order.value.discountCode}</dd>
              </>
            )}
          </dl>
          {payError !== undefined && (
            <p role="alert" className="billing-error">
              {payError}
            </p>
          )}
          <div className="billing-actions">
            <Button variant="primary" isDisabled={paying} onPress={pay}>
              {paying ? 'Completing…' : 'Complete test payment'}
            </Button>
            <Link className="ink-button ink-button--secondary ink-button--md" to="/pricing">
              Cancel
            </Link>
          </div>
        </>
      )}
    </section>
  )
}
