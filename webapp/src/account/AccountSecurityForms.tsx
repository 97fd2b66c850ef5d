// The signed-in person's account actions that end sessions: changing the password, signing out
// on every device and deleting the account. Each of the first and the last asks for the current
// password (the relay checks it), so a borrowed unlocked browser cannot lock its owner out or
// erase their library; each ends every session (the relay closes their live connections too).
import { useState, type FormEvent } from 'react'
import { changePassword, deleteAccount, logOutEverywhere } from './account-api'
import { toErrorMessage, validatePassword } from './account-validation'
import { AccountField } from './AccountField'
import { useSession } from './SessionProvider'

/** Shown once the password was changed here. */
export const PASSWORD_CHANGED_HERE_MESSAGE =
  'Your password has been changed. Every other device has been signed out.'
/** The notice after signing out everywhere. */
export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You have been signed out on every device.'
/** The notice after deleting the account. */
export const ACCOUNT_DELETED_MESSAGE = 'Your account and its synced data have been deleted.'
/** The error of an empty current-password field. */
export const CURRENT_PASSWORD_REQUIRED = 'Type your current password'

function Failure({ text }: { text: string | undefined }) {
  return text === undefined ? null : (
    <p className="account-error" role="alert">
      {text}
    </p>
  )
}

/** Changes the password with the current one; this device stays signed in with a new token. */
export function ChangePasswordForm({ token }: { token: string }) {
  const { signIn } = useSession()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({})
  const [failure, setFailure] = useState<string>()
  const [done, setDone] = useState(false)
  const [busy, setBusy] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = {
      current: current === '' ? CURRENT_PASSWORD_REQUIRED : undefined,
      next: validatePassword(next, true),
    }
    setErrors(problems)
    if (problems.current !== undefined || problems.next !== undefined) {
      return
    }
    setBusy(true)
    setFailure(undefined)
    changePassword(token, current, next)
      .then((renewed) => {
        signIn(renewed)
        setDone(true)
      })
      .catch((error: unknown) => setFailure(toErrorMessage(error)))
      .finally(() => setBusy(false))
  }

  if (done) {
    return <p role="status">{PASSWORD_CHANGED_HERE_MESSAGE}</p>
  }
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Change password">
      <AccountField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        error={errors.current}
        onChange={setCurrent}
      />
      <AccountField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        error={errors.next}
        onChange={setNext}
      />
      <Failure text={failure} />
      <button type="submit" className="button account-submit" disabled={busy}>
        Change password
      </button>
    </form>
  )
}

/** Ends every session of the account, this one included. */
export function SignOutEverywhereButton({ token }: { token: string }) {
  const { signOut } = useSession()
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  const click = () => {
    setBusy(true)
    logOutEverywhere(token)
      .then(() => signOut(SIGNED_OUT_EVERYWHERE_MESSAGE))
      .catch((error: unknown) => {
        setFailure(toErrorMessage(error))
        setBusy(false)
      })
  }
  return (
    <div className="account-form">
      <button type="button" className="button" disabled={busy} onClick={click}>
        Sign out everywhere
      </button>
      <Failure text={failure} />
    </div>
  )
}

/** Deletes the account with the current password. */
export function DeleteAccountForm({ token }: { token: string }) {
  const { signOut } = useSession()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = password === '' ? CURRENT_PASSWORD_REQUIRED : undefined
    setError(problem)
    if (problem !== undefined) {
      return
    }
    setBusy(true)
    setFailure(undefined)
    deleteAccount(token, password)
      .then(() => signOut(ACCOUNT_DELETED_MESSAGE))
      .catch((caught: unknown) => {
        setFailure(toErrorMessage(caught))
        setBusy(false)
      })
  }

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Delete account">
      <p>Deleting the account removes, for good:</p>
      <ul>
        <li>the account itself: its email, password and email settings;</li>
        <li>the copy of your library kept on the sync server;</li>
        <li>
          a paid plan&apos;s subscription, which is cancelled so that no further payment is taken.
        </li>
      </ul>
      <p>
        The library on this device stays: its pages, highlights, notes and learning keep working
        here without an account. Other devices keep their own copy too.
      </p>
      <AccountField
        id="delete-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={setPassword}
      />
      <Failure text={failure} />
      <button type="submit" className="button account-submit" disabled={busy}>
        Delete account
      </button>
    </form>
  )
}
