// After a payment: "Finishing your upgrade…" while the relay waits for the provider's webhook,
// asking for the account again (useRefreshAccount) until the plan differs from the one before the
// purchase (its type, subscription or end: buying Premium on a gifted Premium month changes only the
// latter two); then the success message. Nothing here changes the plan: only the relay's verified
// webhook does.
import { planDisplayName } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import type { Session } from '../account/session-token'
import { useRefreshAccount } from './use-refresh-account'

/** How often the account is read again while waiting (the webhook usually takes seconds). */
export const UPGRADE_POLL_INTERVAL_MS = 1500
/** How many reads before the page says it is taking longer than usual. */
export const UPGRADE_POLL_ATTEMPTS = 60

/** What a purchase changes about a session's plan: its type, its subscription, or its end. */
export function planFingerprint(session: Session): string {
  const userPlan = session.user.userPlan
  return [session.plan, userPlan?.subscription_id ?? '', userPlan?.expiresDateMillis ?? ''].join(
    '|',
  )
}

/** Waits for the plan to leave `previousPlan` (a planFingerprint), then says which plan it is. */
export function FinishingUpgrade({ previousPlan }: { previousPlan: string }) {
  const { session } = useSession()
  const refreshAccount = useRefreshAccount()
  const [attempts, setAttempts] = useState(0)
  const plan = session?.plan
  const changed =
    session !== null && plan !== undefined && planFingerprint(session) !== previousPlan

  useEffect(() => {
    if (changed || attempts >= UPGRADE_POLL_ATTEMPTS) {
      return undefined
    }
    const timer = window.setTimeout(
      () => {
        refreshAccount().then(
          () => setAttempts((count) => count + 1),
          () => setAttempts((count) => count + 1),
        )
      },
      attempts === 0 ? 0 : UPGRADE_POLL_INTERVAL_MS,
    )
    return () => window.clearTimeout(timer)
  }, [changed, attempts, refreshAccount])

  if (changed) {
    return (
      <div className="billing-finish" role="status" data-upgrade="done">
        <p className="billing-finish__title">Thank you! You are on {planDisplayName(plan)} now.</p>
        <p>
          Sync and your plan's features are on, on this device and on the others once you open them.{' '}
          <Link to="/">Go to your library</Link>
        </p>
      </div>
    )
  }
  if (attempts >= UPGRADE_POLL_ATTEMPTS) {
    return (
      <div className="billing-finish" role="alert" data-upgrade="late">
        <p className="billing-finish__title">Your payment went through; the upgrade is late.</p>
        <p>
          The payment provider has not told the server yet. Your plan changes as soon as it does:
          reload this page in a few minutes.
        </p>
      </div>
    )
  }
  return (
    <div className="billing-finish" role="status" aria-busy="true" data-upgrade="finishing">
      <p className="billing-finish__title">Finishing your upgrade…</p>
      <p>Waiting for the payment provider to confirm the payment.</p>
    </div>
  )
}
