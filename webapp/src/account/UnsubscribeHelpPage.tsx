// /unsubscribe with no account in the address (a cut-off link, or typed by hand): there is nothing
// to turn off without the email's signed link, so the page says where emails are chosen instead.
import { Link } from '@tanstack/react-router'
import { AccountPage } from './AccountPage'
import { useSession } from './SessionProvider'

/** The /unsubscribe page without a user id. */
export function UnsubscribeHelpPage() {
  const { session } = useSession()
  return (
    <AccountPage title="Unsubscribe from emails">
      <p>
        This address is missing the part that says which account to unsubscribe. Open the
        unsubscribe link at the bottom of the email again; it turns those emails off with one click.
      </p>
      <p>
        {session === null ? (
          <>
            Or{' '}
            <Link to="/auth" search={{ redirectPath: '/settings?view=account' }}>
              log in
            </Link>{' '}
            and choose which emails you get in Settings &gt; Account.
          </>
        ) : (
          <>
            Or choose which emails you get in{' '}
            <Link to="/settings" search={{ view: 'account' }}>
              Settings &gt; Account
            </Link>
            .
          </>
        )}
      </p>
    </AccountPage>
  )
}
