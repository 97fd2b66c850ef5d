// The email-and-password form of /login and /sign-up: checks the fields first, then calls the
// relay, and shows the relay's message (never a stack trace) when the call fails. A build whose
// relay address is refused (plain http beyond this computer) says so and sends nothing.
import { useState, type FormEvent } from 'react'
import { toErrorMessage, validateEmail, validatePassword } from './account-validation'
import { AccountField } from './AccountField'
import { RELAY_ADDRESS } from './relay-url'

/** The props of the credentials form. */
export interface CredentialsFormProps {
  submitLabel: string
  /** A new password (sign-up) is held to the minimum length. */
  isNewPassword: boolean
  /** Sends the credentials; rejects with the relay's error. */
  onSubmit: (email: string, password: string) => Promise<void>
}

/** An email and password form with validation and a relay error. */
export function CredentialsForm({ submitLabel, isNewPassword, onSubmit }: CredentialsFormProps) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({})
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)

  const relayRefusal = RELAY_ADDRESS.ok ? undefined : RELAY_ADDRESS.message

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (relayRefusal !== undefined) {
      return
    }
    const next = {
      email: validateEmail(email),
      password: validatePassword(password, isNewPassword),
    }
    setErrors(next)
    setFailure(undefined)
    if (next.email !== undefined || next.password !== undefined) {
      return
    }
    setBusy(true)
    onSubmit(email, password)
      .catch((error: unknown) => setFailure(toErrorMessage(error)))
      .finally(() => setBusy(false))
  }

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <AccountField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onChange={setEmail}
      />
      <AccountField
        id="password"
        label="Password"
        type="password"
        autoComplete={isNewPassword ? 'new-password' : 'current-password'}
        value={password}
        error={errors.password}
        onChange={setPassword}
      />
      {failure !== undefined && (
        <p className="account-error" role="alert">
          {failure}
        </p>
      )}
      {relayRefusal !== undefined && (
        <p className="account-error" role="alert">
          {relayRefusal}
        </p>
      )}
      <button
        type="submit"
        className="button account-submit"
        disabled={busy || relayRefusal !== undefined}
      >
        {submitLabel}
      </button>
    </form>
  )
}
