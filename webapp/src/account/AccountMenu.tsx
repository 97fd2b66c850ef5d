// The header's account corner: the plan's name, Account (in Settings) and Log out while signed in,
// Log in and Sign up otherwise. It also carries what an automatic sign-out says: an expired or
// refused token is the spec's warning toast ('Your token expired. Please login again.', 10 s)
// whose button opens sign-in; other notices (signed out everywhere, account deleted) stay in the
// header until dismissed. And it handles the flag parameter that opens sign-in (`?auth=1`).
import { LONG_TOAST_DURATION_MS, Message } from '@inkmark/shared'
import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useToast } from '../components/Toasts'
import { SignInFlag, authSearch, useOpenSignIn } from './open-sign-in'
import { useSession } from './SessionProvider'
import './account.css'

/** The toast id of the token-expired warning (a second one replaces the first). */
export const TOKEN_EXPIRED_TOAST_ID = 'token-expired'

/** The account links and plan of the header. */
export function AccountMenu() {
  const { session, notice, signOut, dismissNotice } = useSession()
  const { showToast } = useToast()
  const openSignIn = useOpenSignIn()
  // Where Log in and Sign up come back to (not to /auth itself: redirect-path.ts refuses that).
  const here = useRouterState({ select: (state) => state.location.href })

  useEffect(() => {
    if (notice !== Message.TOKEN_EXPIRED) {
      return
    }
    showToast({
      id: TOKEN_EXPIRED_TOAST_ID,
      message: Message.TOKEN_EXPIRED,
      kind: 'warning',
      durationMs: LONG_TOAST_DURATION_MS,
      action: { label: 'Log in', onClick: () => openSignIn() },
    })
    dismissNotice()
  }, [notice, showToast, dismissNotice, openSignIn])

  return (
    <div className="account-menu">
      <SignInFlag />
      {notice !== undefined && notice !== Message.TOKEN_EXPIRED && (
        <p className="account-notice" role="alert">
          {notice}{' '}
          <button type="button" className="button" onClick={dismissNotice}>
            Dismiss
          </button>
        </p>
      )}
      {session === null ? (
        <ul className="nav-list">
          <li>
            <Link to="/auth" search={authSearch(here)}>
              Log in
            </Link>
          </li>
          <li>
            <Link to="/auth" search={{ ...authSearch(here), tab: 'sign-up' }}>
              Sign up
            </Link>
          </li>
        </ul>
      ) : (
        <>
          <span className="account-plan" data-testid="plan-name">
            Plan: {session.planName}
          </span>
          <Link to="/settings" search={{ view: 'account' }}>
            Account
          </Link>
          <button type="button" className="button" onClick={() => signOut()}>
            Log out
          </button>
        </>
      )}
    </div>
  )
}
