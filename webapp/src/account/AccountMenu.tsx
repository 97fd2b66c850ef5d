// The header's account corner: the plan's name, Account (password, sessions, deletion) and Log out
// while signed in, Log in and Sign up otherwise; and the notice of an automatic sign-out (an expired token).
import { Link } from '@tanstack/react-router'
import { useSession } from './SessionProvider'
import './account.css'

/** The account links and plan of the header. */
export function AccountMenu() {
  const { session, notice, signOut, dismissNotice } = useSession()
  return (
    <div className="account-menu">
      {notice !== undefined && (
        <p className="account-notice" role="alert">
          {notice} <Link to="/login">Log in</Link>{' '}
          <button type="button" className="button" onClick={dismissNotice}>
            Dismiss
          </button>
        </p>
      )}
      {session === null ? (
        <ul className="nav-list">
          <li>
            <Link to="/login">Log in</Link>
          </li>
          <li>
            <Link to="/sign-up">Sign up</Link>
          </li>
        </ul>
      ) : (
        <>
          <span className="account-plan" data-testid="plan-name">
            Plan: {session.planName}
          </span>
          <Link to="/account">Account</Link>
          <button type="button" className="button" onClick={() => signOut()}>
            Log out
          </button>
        </>
      )}
    </div>
  )
}
