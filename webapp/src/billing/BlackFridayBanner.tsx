// The Black Friday banner: from 23 to 30 November (shared isBlackFridayPeriod, read from this
// device's clock, which the tests pin), for people not on a paid plan, 'Upgrade now' opens the
// pricing page. The web app is the frontend host itself, so it opens in the same tab (spec section
// 2). Dismissed, it stays away for the rest of the browser session.
import { Button } from '@inkmark/design'
import { BLACK_FRIDAY, Plan, shouldShowBlackFridayBanner } from '@inkmark/shared'
import { Link, useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { useSession } from '../account/SessionProvider'
import './billing.css'

/** The sessionStorage key that remembers a dismissed banner. */
export const BLACK_FRIDAY_DISMISSED_KEY = 'inkmark.blackFridayBannerDismissed'

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(BLACK_FRIDAY_DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/** The banner, while it applies. */
export function BlackFridayBanner() {
  const { session } = useSession()
  const { pathname } = useLocation()
  const [dismissed, setDismissed] = useState(wasDismissed)
  const plan = session?.plan ?? Plan.OFFLINE
  if (dismissed || pathname === '/pricing' || !shouldShowBlackFridayBanner(plan, Date.now())) {
    return null
  }
  const dismiss = () => {
    try {
      sessionStorage.setItem(BLACK_FRIDAY_DISMISSED_KEY, '1')
    } catch {
      // Storage blocked: dismissed until the page reloads.
    }
    setDismissed(true)
  }
  return (
    <aside className="black-friday-banner" aria-label="Black Friday offer">
      <span>
        Black Friday: {BLACK_FRIDAY.percentOff}% off yearly plans until {BLACK_FRIDAY.lastDay}{' '}
        November.
      </span>
      <Link className="ink-button ink-button--primary ink-button--sm" to="/pricing">
        Upgrade now
      </Link>
      <Button size="sm" variant="ghost" onPress={dismiss}>
        Dismiss
      </Button>
    </aside>
  )
}
