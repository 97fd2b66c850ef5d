// The two halves of /reset-password: without a token, ask for a reset link by email; with the
// token from that link, choose a new password.
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { requestPasswordReset, resetPassword } from './account-api'
import { toErrorMessage, validateEmail, validatePassword } from './account-validation'
import { AccountField } from './AccountField'

/** Shown once a reset link was asked for (the same whether the account exists). */
export const RESET_LINK_SENT_MESSAGE =
  'If an account with this email exists, we have sent it a link to choose a new password.'
/** Shown once the new password is set. */
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. You can log in now.'

type Outcome = { done: false; failure?: string } | { done: true }

/** Asks the relay to email a reset link. */
export function RequestResetForm() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [outcome, setOutcome] = useState<Outcome>({ done: false })
  const [busy, setBusy] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = validateEmail(email)
    setError(problem)
    if (problem !== undefined) {
      return
    }
    setBusy(true)
    requestPasswordReset(email)
      .then(() => setOutcome({ done: true }))
      .catch((failure: unknown) => setOutcome({ done: false, failure: toErrorMessage(failure) }))
      .finally(() => setBusy(false))
  }

  if (outcome.done) {
    return <p role="status">{RESET_LINK_SENT_MESSAGE}</p>
  }
  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <AccountField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={setEmail}
      />
      {outcome.failure !== undefined && (
        <p className="account-error" role="alert">
          {outcome.failure}
        </p>
      )}
      <button type="submit" className="button account-submit" disabled={busy}>
        Send reset link
      </button>
    </form>
  )
}

/** Sets a new password with the token of a reset link. */
export function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [outcome, setOutcome] = useState<Outcome>({ done: false })
  const [busy, setBusy] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = validatePassword(password, true)
    setError(problem)
    if (problem !== undefined) {
      return
    }
    setBusy(true)
    resetPassword(token, password)
      .then(() => setOutcome({ done: true }))
      .catch((failure: unknown) => setOutcome({ done: false, failure: toErrorMessage(failure) }))
      .finally(() => setBusy(false))
  }

  if (outcome.done) {
    return (
      <p role="status">
        {PASSWORD_CHANGED_MESSAGE} <Link to="/login">Log in</Link>
      </p>
    )
  }
  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <AccountField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        error={error}
        onChange={setPassword}
      />
      {outcome.failure !== undefined && (
        <p className="account-error" role="alert">
          {outcome.failure}
        </p>
      )}
      <button type="submit" className="button account-submit" disabled={busy}>
        Set new password
      </button>
    </form>
  )
}
