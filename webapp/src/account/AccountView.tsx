// The Account view of Settings. Signed in: the email and whether it is confirmed (with the resend
// button and the spec's messages), the plan by its display name and when it ends, changing the
// password, the email settings, signing out everywhere, and deleting the account. Signed out: what
// an account is for (sync; it is optional) and the way to log in or sign up. Opening it reads the
// account again (refreshAccount), so the plan shown is the relay's of now.
import { EmptyState } from '@inkmark/design'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { EmailSettingsSection } from '../email-settings/EmailSettingsSection'
import { formatDate } from '../lib/format-date'
import {
  ChangePasswordForm,
  DeleteAccountForm,
  SignOutEverywhereButton,
} from './AccountSecurityForms'
import { planExpiryText } from './plan-expiry'
import { ResendConfirmationButton } from './ResendConfirmationButton'
import { useSession } from './SessionProvider'
import './account.css'

/** The Account settings view. */
export function AccountView() {
  const { session, emailActivated, refreshAccount } = useSession()
  const userId = session?.userId
  useEffect(() => {
    if (userId !== undefined) {
      // The relay down: the token's plan stays shown; a refused token signs out by itself.
      void refreshAccount().catch(() => undefined)
    }
  }, [userId, refreshAccount])
  if (session === null) {
    return (
      <EmptyState
        title="You are not logged in"
        action={
          <div className="account-actions">
            <Link
              className="ink-button ink-button--primary ink-button--md"
              to="/auth"
              search={{ redirectPath: '/settings?view=account' }}
            >
              Log in
            </Link>
            <Link
              className="ink-button ink-button--secondary ink-button--md"
              to="/auth"
              search={{ redirectPath: '/settings?view=account', tab: 'sign-up' }}
            >
              Sign up
            </Link>
          </div>
        }
      >
        <p>
          An account is optional. Your library, learning and backups work on this device without
          one. With an account, your library syncs between your browsers and devices.
        </p>
      </EmptyState>
    )
  }
  const expiry = planExpiryText(session.plan, session.user, formatDate)
  return (
    <div className="settings-sections account-view">
      <section aria-labelledby="account-email-heading">
        <h2 id="account-email-heading">Email</h2>
        <p data-testid="account-email">{session.email ?? 'No email on this account.'}</p>
        {emailActivated === true && <p data-testid="email-state">Confirmed.</p>}
        {emailActivated === false && (
          <>
            <p data-testid="email-state">
              Not confirmed yet. Open the link in the email we sent you.
            </p>
            <ResendConfirmationButton />
          </>
        )}
      </section>
      <section aria-labelledby="account-plan-heading">
        <h2 id="account-plan-heading">Plan</h2>
        <p data-testid="account-plan">{session.planName}</p>
        {expiry !== undefined && <p data-testid="account-plan-expiry">{expiry}</p>}
      </section>
      <section aria-labelledby="account-password-heading">
        <h2 id="account-password-heading">Change password</h2>
        <p>Changing the password signs out every other device.</p>
        <ChangePasswordForm token={session.token} />
      </section>
      <EmailSettingsSection />
      <section aria-labelledby="account-sessions-heading">
        <h2 id="account-sessions-heading">Sessions</h2>
        <p>Sign out on every browser and device where you are logged in, this one included.</p>
        <SignOutEverywhereButton token={session.token} />
      </section>
      <section aria-labelledby="account-delete-heading">
        <h2 id="account-delete-heading">Delete account</h2>
        <DeleteAccountForm token={session.token} />
      </section>
    </div>
  )
}
