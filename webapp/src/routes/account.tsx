import { Link, createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../account/AccountPage'
import {
  ChangePasswordForm,
  DeleteAccountForm,
  SignOutEverywhereButton,
} from '../account/AccountSecurityForms'
import { useSession } from '../account/SessionProvider'

export const Route = createFileRoute('/account')({
  component: AccountRoute,
})

function AccountRoute() {
  const { session } = useSession()
  if (session === null) {
    return (
      <AccountPage title="Account">
        <p>
          You are not logged in. <Link to="/login">Log in</Link>
        </p>
      </AccountPage>
    )
  }
  return (
    <AccountPage title="Account">
      <h2>Change password</h2>
      <ChangePasswordForm token={session.token} />
      <h2>Sessions</h2>
      <SignOutEverywhereButton token={session.token} />
      <h2>Delete account</h2>
      <DeleteAccountForm token={session.token} />
    </AccountPage>
  )
}
