// Settings' Upgrade & Billing view: the plan and when it ends; for a subscription its state, the
// next and last payment, the payment method, a scheduled cancellation (with Resume) and the
// 'Cancel subscription' flow; the payments with their invoices (opened in a new tab from a
// short-lived address); without a subscription, the plans to buy; and the giveaway helper's
// "Give a month" (ADR 052).
import { Button, EmptyState } from '@inkmark/design'
import {
  RelayCallError,
  formatPrice,
  type BillingTransaction,
  type Subscription,
} from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { GiveawaySection } from '../giveaway/GiveawaySection'
import { formatDate } from '../lib/format-date'
import {
  fetchInvoiceUrl,
  fetchSubscription,
  fetchTransactions,
  resumeSubscription,
} from './billing-api'
import {
  discountName,
  paymentMethodText,
  paymentText,
  planExpiryText,
  subscriptionStateLabel,
} from './billing-text'
import { PricingPlans } from './PricingPlans'
import { signInPath } from './sign-in-path'
import type { Loaded } from './use-billing-data'
import { useRefreshAccount } from './use-refresh-account'
import './billing.css'

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Upgrade & Billing. */
export function BillingView() {
  const { session } = useSession()
  if (session === null) {
    return (
      <div className="billing-view">
        <p>
          <a href={signInPath('/settings?view=billing')}>Sign in</a> to see your plan and payments.
        </p>
        <h2>Plans</h2>
        <PricingPlans headingLevel={3} />
      </div>
    )
  }
  const userPlan = session.user.userPlan
  const subscriptionId =
    typeof userPlan?.subscription_id === 'string' && userPlan.subscription_id !== ''
      ? userPlan.subscription_id
      : undefined
  const expiry = planExpiryText(userPlan?.expiresDateMillis)
  return (
    <div className="billing-view">
      <h2>Your plan</h2>
      <dl className="billing-summary">
        <dt>Plan</dt>
        <dd data-testid="billing-plan">{session.planName}</dd>
        {expiry !== undefined && (
          <>
            <dt>{subscriptionId === undefined ? 'Ends' : 'Paid until'}</dt>
            <dd>{expiry}</dd>
          </>
        )}
      </dl>
      {subscriptionId === undefined ? (
        <>
          <h2>Plans</h2>
          <PricingPlans headingLevel={3} />
        </>
      ) : (
        <SubscriptionDetails token={session.token} subscriptionId={subscriptionId} />
      )}
      <Payments token={session.token} userId={session.userId} />
      <GiveawaySection />
    </div>
  )
}

function SubscriptionDetails({ token, subscriptionId }: { token: string; subscriptionId: string }) {
  const [subscription, setSubscription] = useState<Loaded<Subscription>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  const [resuming, setResuming] = useState(false)
  const [resumeError, setResumeError] = useState<string>()
  const refreshAccount = useRefreshAccount()

  useEffect(() => {
    let live = true
    fetchSubscription(token, subscriptionId).then(
      (value) => live && setSubscription({ status: 'ready', value }),
      (error: unknown) => live && setSubscription({ status: 'error', message: messageOf(error) }),
    )
    return () => {
      live = false
    }
  }, [token, subscriptionId, round])

  const resume = useCallback(() => {
    setResuming(true)
    setResumeError(undefined)
    resumeSubscription(token, subscriptionId).then(
      (value) => {
        setResuming(false)
        setSubscription({ status: 'ready', value })
        void refreshAccount().catch(() => undefined)
      },
      (error: unknown) => {
        setResuming(false)
        setResumeError(messageOf(error))
      },
    )
  }, [token, subscriptionId, refreshAccount])

  if (subscription.status === 'loading') {
    return (
      <p role="status" aria-busy="true">
        Loading your subscription…
      </p>
    )
  }
  if (subscription.status === 'error') {
    return (
      <div role="alert">
        <p className="billing-error">Your subscription cannot be loaded: {subscription.message}</p>
        <Button onPress={() => setRound((count) => count + 1)}>Try again</Button>
      </div>
    )
  }
  const value = subscription.value
  return (
    <>
      <h2>Subscription</h2>
      <dl className="billing-summary" data-subscription-state={value.state}>
        <dt>State</dt>
        <dd>{subscriptionStateLabel(value.state)}</dd>
        <dt>Next payment</dt>
        <dd>{value.scheduledCancelAt === null ? paymentText(value.next_payment) : 'None'}</dd>
        <dt>Last payment</dt>
        <dd>{paymentText(value.last_payment)}</dd>
        <dt>Payment method</dt>
        <dd>{paymentMethodText(value.payment_information)}</dd>
        {value.discount !== null && (
          <>
            <dt>Discount</dt>
            <dd>
              {discountName(value.discount.code)}
              {value.discount.endsAt === null ? '' : ` until ${formatDate(value.discount.endsAt)}`}
            </dd>
          </>
        )}
      </dl>
      {value.scheduledCancelAt !== null ? (
        <div className="billing-actions" data-scheduled-cancel>
          <p>
            Cancelled: your plan stays until {formatDate(value.scheduledCancelAt)}, and nothing more
            is charged.
          </p>
          <Button variant="primary" isDisabled={resuming} onPress={resume}>
            {resuming ? 'Resuming…' : 'Resume subscription'}
          </Button>
          {resumeError !== undefined && (
            <p role="alert" className="billing-error">
              {resumeError}
            </p>
          )}
        </div>
      ) : (
        value.state !== 'canceled' && (
          <div className="billing-actions">
            <Link
              className="ink-button ink-button--secondary ink-button--md"
              to="/cancel-subscription"
            >
              Cancel subscription
            </Link>
          </div>
        )
      )}
    </>
  )
}

function Payments({ token, userId }: { token: string; userId: string }) {
  const [payments, setPayments] = useState<Loaded<BillingTransaction[]>>({ status: 'loading' })
  const [invoiceError, setInvoiceError] = useState<string>()

  useEffect(() => {
    let live = true
    fetchTransactions(token, userId).then(
      (value) => live && setPayments({ status: 'ready', value }),
      (error: unknown) => live && setPayments({ status: 'error', message: messageOf(error) }),
    )
    return () => {
      live = false
    }
  }, [token, userId])

  const openInvoice = (transactionId: string) => {
    setInvoiceError(undefined)
    // Opened at once (a tab opened after an await is blocked as a pop-up), then pointed at the
    // short-lived address; the new tab gets no handle on this one.
    const tab = window.open('', '_blank')
    if (tab !== null) {
      tab.opener = null
    }
    fetchInvoiceUrl(token, transactionId).then(
      (url) => {
        // Only an https address is opened: never a javascript: or data: one, whoever sent it.
        if (!isHttpsUrl(url)) {
          tab?.close()
          setInvoiceError('The invoice address the server gave is not a secure (https) one.')
          return
        }
        if (tab === null) {
          window.location.assign(url)
        } else {
          tab.location.href = url
        }
      },
      (error: unknown) => {
        tab?.close()
        setInvoiceError(
          error instanceof RelayCallError && error.status === 404
            ? 'No invoice is available for this payment.'
            : messageOf(error),
        )
      },
    )
  }

  return (
    <>
      <h2>Payments</h2>
      {payments.status === 'loading' && (
        <p role="status" aria-busy="true">
          Loading your payments…
        </p>
      )}
      {payments.status === 'error' && (
        <p role="alert" className="billing-error">
          Your payments cannot be loaded: {payments.message}
        </p>
      )}
      {payments.status === 'ready' && payments.value.length === 0 && (
        <EmptyState title="No payments yet" headingLevel={3}>
          Payments you make appear here with their invoices.
        </EmptyState>
      )}
      {payments.status === 'ready' && payments.value.length > 0 && (
        <table className="billing-invoices">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Invoice</th>
            </tr>
          </thead>
          <tbody>
            {payments.value.map((payment) => (
              <tr key={payment.id}>
                <td>{formatDate(payment.date)}</td>
                <td>{payment.description}</td>
                <td>{formatPrice(payment.total.amount, payment.total.currency)}</td>
                <td>{payment.status}</td>
                <td>
                  {payment.invoiceAvailable ? (
                    <Button size="sm" onPress={() => openInvoice(payment.id)}>
                      Open invoice
                    </Button>
                  ) : (
                    'Not available'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {invoiceError !== undefined && (
        <p role="alert" className="billing-error">
          {invoiceError}
        </p>
      )}
    </>
  )
}

function isHttpsUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:'
  } catch {
    return false
  }
}
