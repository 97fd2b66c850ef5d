// The popup's account part (ADR 039). Signed out: sign in, or sign up (the relay's register call,
// as the web app's sign-up does), at the build's built-in relay; another address can be chosen
// under "Advanced" and is checked by checkRelayAddress before any password leaves. Signed in: the
// account and its plan, the sync state as it changes (heard live from the background), Sync now and
// Sign out. A relay that refuses sync for the plan (PREMIUM_REQUIRED) is said in words with
// "Upgrade" to the web app's pricing page; an expired session says so and opens the sign-in form.
import { checkRelayAddress, planDisplayName } from '@inkmark/shared'
import { useState, type FormEvent } from 'react'
import { callSession, type SyncStatus, type SyncStatusState } from '../../pages/session-client'
import { checkFields, type AccountFieldErrors, type Mode } from './account-fields'
import { openPricing } from './BlackFridayBanner'
import { PREMIUM_REQUIRED_TEXT, syncBadge } from './popup-words'
import { BUILT_IN_RELAY_URL, chosenRelay, keepRelayChoice, relayHost } from './relay-choice'

interface FieldErrors extends AccountFieldErrors {
  relay?: string
}

export function SyncPanel({
  state,
  setStatus,
}: {
  state: SyncStatusState
  setStatus: (status: SyncStatus) => void
}) {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const run = (call: Promise<SyncStatus>) => {
    setBusy(true)
    setError('')
    call.then(
      (next) => {
        setStatus(next)
        setBusy(false)
      },
      (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure))
        setBusy(false)
      },
    )
  }

  const status = state.kind === 'ready' ? state.status : undefined
  const badge = status ? syncBadge(status) : undefined
  return (
    <section className="ink-popup-section" aria-labelledby="sync-heading">
      <div className="ink-popup-row" style={{ marginTop: 0, justifyContent: 'space-between' }}>
        <h2 id="sync-heading" style={{ margin: 0 }}>
          Sync
        </h2>
        <p
          className="ink-popup-badge"
          role="status"
          data-testid="sync-state"
          data-tone={badge?.tone}
          style={{ margin: 0 }}
        >
          {badge?.text ?? 'Checking…'}
        </p>
      </div>
      {state.kind === 'error' ? (
        <p className="ink-popup-error ink-popup-text" role="alert">
          {state.message}
        </p>
      ) : null}
      {status?.message ? (
        <p className="ink-popup-text" data-testid="sync-message">
          {status.message}
        </p>
      ) : null}
      {status?.state === 'PREMIUM_REQUIRED' ? (
        <div className="ink-popup-notice" data-testid="premium-required">
          <p className="ink-popup-text">{PREMIUM_REQUIRED_TEXT}</p>
          <div className="ink-popup-row">
            <button
              type="button"
              className="ink-popup-button"
              data-variant="primary"
              data-grow=""
              onClick={openPricing}
            >
              Upgrade
            </button>
          </div>
        </div>
      ) : null}
      {status?.signedIn ? (
        <>
          <p className="ink-popup-text">Signed in as {status.email}</p>
          {status.plan ? (
            <p className="ink-popup-text" data-testid="account-plan">
              Plan: {planDisplayName(status.plan)}
            </p>
          ) : null}
          {status.relayUrl ? (
            <p className="ink-popup-muted">Server: {relayHost(status.relayUrl)}</p>
          ) : null}
          <div className="ink-popup-row">
            <button
              type="button"
              className="ink-popup-button"
              disabled={busy}
              onClick={() => run(callSession('syncNow'))}
            >
              Sync now
            </button>
            <button
              type="button"
              className="ink-popup-button"
              disabled={busy}
              onClick={() => run(callSession('signOut'))}
            >
              Sign out
            </button>
          </div>
        </>
      ) : status ? (
        <AccountForm
          // An ended session opens the sign-in form at once.
          initialMode={status.tokenExpired ? 'sign-in' : undefined}
          busy={busy}
          onSubmit={(mode, relayUrl, email, password) =>
            run(callSession(mode === 'sign-up' ? 'signUp' : 'signIn', relayUrl, email, password))
          }
          onEdit={() => setError('')}
        />
      ) : null}
      {error ? (
        <p className="ink-popup-error ink-popup-text" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}

interface AccountFormProps {
  initialMode?: Mode | undefined
  busy: boolean
  onSubmit: (mode: Mode, relayUrl: string, email: string, password: string) => void
  onEdit: () => void
}

/** Sign in or sign up; the server address waits under "Advanced". */
function AccountForm({ initialMode, busy, onSubmit, onEdit }: AccountFormProps) {
  // Closed until the person asks to sign in or up, so the popup stays short.
  const [mode, setMode] = useState<Mode | undefined>(initialMode)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [relay, setRelay] = useState(() => chosenRelay(localStorage))
  const [advanced, setAdvanced] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (mode === undefined) {
      return
    }
    const address = checkRelayAddress(relay.trim())
    const next: FieldErrors = {
      ...checkFields(mode, email, password),
      ...(address.ok ? {} : { relay: address.message }),
    }
    setErrors(next)
    if (!address.ok) {
      setAdvanced(true)
    }
    if (next.email || next.password || !address.ok) {
      return
    }
    keepRelayChoice(localStorage, address.url)
    onSubmit(mode, address.url, email.trim(), password)
  }

  const switchMode = (next: Mode) => {
    setMode(next)
    setErrors({})
    onEdit()
  }

  if (mode === undefined) {
    return (
      <>
        <p className="ink-popup-muted">Not signed in: everything stays on this device.</p>
        <div className="ink-popup-row">
          <button
            type="button"
            className="ink-popup-button"
            data-variant="primary"
            data-grow=""
            onClick={() => switchMode('sign-in')}
          >
            Sign in
          </button>
          <button
            type="button"
            className="ink-popup-button"
            data-grow=""
            onClick={() => switchMode('sign-up')}
          >
            Create an account
          </button>
        </div>
      </>
    )
  }

  const signUp = mode === 'sign-up'
  return (
    <form className="ink-popup-form" noValidate onSubmit={submit} aria-labelledby="account-heading">
      <p id="account-heading" className="ink-popup-text" style={{ margin: 0, fontWeight: 600 }}>
        {signUp ? 'Create an Inkmark account' : 'Sign in to sync your library'}
      </p>
      <Field
        label="Email"
        name="email"
        autoFocus
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onChange={(value) => {
          setEmail(value)
          onEdit()
        }}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete={signUp ? 'new-password' : 'current-password'}
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value)
          onEdit()
        }}
      />
      <details
        className="ink-popup-advanced"
        open={advanced}
        onToggle={(event) => setAdvanced(event.currentTarget.open)}
      >
        <summary>Advanced</summary>
        <Field
          label="Server address"
          name="relay"
          type="url"
          autoComplete="url"
          value={relay}
          error={errors.relay}
          hint={`Built in: ${relayHost(BUILT_IN_RELAY_URL)}`}
          onChange={(value) => {
            setRelay(value)
            setErrors(({ relay: _, ...rest }) => rest)
          }}
        />
      </details>
      <button type="submit" className="ink-popup-button" data-variant="primary" disabled={busy}>
        {signUp ? 'Sign up' : 'Sign in'}
      </button>
      <p className="ink-popup-muted" style={{ margin: 0 }}>
        {signUp ? 'Already have an account? ' : 'New to Inkmark? '}
        <button
          type="button"
          className="ink-popup-button"
          data-variant="link"
          onClick={() => switchMode(signUp ? 'sign-in' : 'sign-up')}
        >
          {signUp ? 'Sign in' : 'Create an account'}
        </button>
      </p>
    </form>
  )
}

interface FieldProps {
  label: string
  autoFocus?: boolean
  name: string
  type: string
  autoComplete: string
  value: string
  error: string | undefined
  hint?: string
  onChange: (value: string) => void
}

/** A labelled input with its hint and error read out with it. */
function Field({
  label,
  autoFocus,
  name,
  type,
  autoComplete,
  value,
  error,
  hint,
  onChange,
}: FieldProps) {
  const id = `popup-${name}`
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return (
    <div className="ink-popup-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        className="ink-popup-input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {hint ? (
        <span id={`${id}-hint`} className="ink-popup-muted" style={{ margin: 0, fontWeight: 400 }}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="ink-popup-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
