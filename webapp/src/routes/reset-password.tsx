import { Link, createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { AccountPage } from '../account/AccountPage'
import { NewPasswordForm, RequestResetForm } from '../account/ResetPasswordForms'
import {
  parseResetPasswordSearch,
  parseResetTokenFragment,
} from '../account/reset-password-search'

export const Route = createFileRoute('/reset-password')({
  validateSearch: parseResetPasswordSearch,
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const search = Route.useSearch()
  // The link's token sits in the fragment; read it once, then clear it from the address bar.
  const [token] = useState(() => parseResetTokenFragment(window.location.hash) ?? search.token)
  useEffect(() => {
    if (window.location.hash !== '') {
      window.history.replaceState(window.history.state, '', window.location.pathname)
    }
  }, [])
  return (
    <AccountPage title="Reset password">
      {token === undefined ? <RequestResetForm /> : <NewPasswordForm token={token} />}
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </AccountPage>
  )
}
