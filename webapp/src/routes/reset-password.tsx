import { Link, createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { AccountPage } from '../account/AccountPage'
import { NewPasswordForm, RequestResetForm } from '../account/ResetPasswordForms'
import { parseResetPasswordSearch, parseResetTokenFragment } from '../account/reset-password-search'

export const Route = createFileRoute('/reset-password')({
  validateSearch: parseResetPasswordSearch,
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const search = Route.useSearch()
  // The link's token sits in the fragment: take it, then clear it from the address bar (also
  // when the link is opened in a tab already on this page, which only changes the fragment).
  const [fragmentToken, setFragmentToken] = useState<string>()
  useEffect(() => {
    const take = () => {
      const found = parseResetTokenFragment(window.location.hash)
      if (found !== undefined) {
        setFragmentToken(found)
        window.history.replaceState(window.history.state, '', window.location.pathname)
      }
    }
    take()
    window.addEventListener('hashchange', take)
    return () => window.removeEventListener('hashchange', take)
  }, [])
  const token = fragmentToken ?? search.token
  return (
    <AccountPage title="Reset password">
      {token === undefined ? <RequestResetForm /> : <NewPasswordForm token={token} />}
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </AccountPage>
  )
}
