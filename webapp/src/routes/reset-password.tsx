import { Link, createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../account/AccountPage'
import { NewPasswordForm, RequestResetForm } from '../account/ResetPasswordForms'
import { parseResetPasswordSearch } from '../account/reset-password-search'

export const Route = createFileRoute('/reset-password')({
  validateSearch: parseResetPasswordSearch,
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  return (
    <AccountPage title="Reset password">
      {token === undefined ? <RequestResetForm /> : <NewPasswordForm token={token} />}
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </AccountPage>
  )
}
