// The popup's sync part: signed out, a sign-in form for a relay (the one `npm start` runs by
// default); signed in, the account, the sync state, Sync now and Sign out. A server address that
// would carry the password over plain http beyond this computer is refused in the form.
import { checkRelayAddress } from '@inkmark/shared'
import { useEffect, useState, type CSSProperties, type FormEvent } from 'react'
import { SYNC_STATE_TEXT, callSession, type SyncStatus } from '../../pages/session-client'

const DEFAULT_RELAY = 'http://127.0.0.1:8787'

const styles = {
  section: { borderTop: '1px solid #d0d7de', marginTop: 12, paddingTop: 8 },
  heading: { fontSize: 14, margin: '0 0 6px' },
  form: { display: 'grid', gap: 6 },
  input: { font: 'inherit', padding: '4px 6px', border: '1px solid #8c959f', borderRadius: 6 },
  button: {
    font: 'inherit',
    padding: '4px 10px',
    borderRadius: 6,
    border: '1px solid #d0d7de',
    background: '#f6f8fa',
    color: '#1f2328',
    cursor: 'pointer',
  },
  row: { display: 'flex', gap: 8, flexWrap: 'wrap' },
  text: { margin: '4px 0' },
} satisfies Record<string, CSSProperties>

/** A text field of a submitted form ('' when missing). */
function field(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

export function SyncPanel() {
  const [status, setStatus] = useState<SyncStatus | undefined>()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [relayError, setRelayError] = useState('')

  useEffect(() => {
    callSession('getStatus').then(setStatus, (failure: unknown) =>
      setError(failure instanceof Error ? failure.message : String(failure)),
    )
  }, [])

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

  const signIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const relay = checkRelayAddress(field(form, 'relay'))
    if (!relay.ok) {
      setRelayError(relay.message)
      return
    }
    setRelayError('')
    run(callSession('signIn', relay.url, field(form, 'email'), field(form, 'password')))
  }

  return (
    <section style={styles.section} aria-labelledby="sync-heading">
      <h2 id="sync-heading" style={styles.heading}>
        Sync
      </h2>
      {status && (
        <p style={styles.text} role="status" data-testid="sync-state">
          {SYNC_STATE_TEXT[status.state] ?? status.state}
        </p>
      )}
      {status?.message && <p style={styles.text}>{status.message}</p>}
      {status?.signedIn ? (
        <>
          <p style={styles.text}>Signed in as {status.email}</p>
          <div style={styles.row}>
            <button
              type="button"
              style={styles.button}
              disabled={busy}
              onClick={() => run(callSession('syncNow'))}
            >
              Sync now
            </button>
            <button
              type="button"
              style={styles.button}
              disabled={busy}
              onClick={() => run(callSession('signOut'))}
            >
              Sign out
            </button>
          </div>
        </>
      ) : (
        status && (
          <form style={styles.form} onSubmit={signIn}>
            <label>
              Server
              <input
                name="relay"
                type="url"
                defaultValue={DEFAULT_RELAY}
                style={styles.input}
                required
                aria-invalid={relayError !== ''}
                aria-describedby={relayError ? 'relay-error' : undefined}
                onChange={() => setRelayError('')}
              />
            </label>
            {relayError && (
              <p id="relay-error" style={styles.text} role="alert">
                {relayError}
              </p>
            )}
            <label>
              Email
              <input name="email" type="email" autoComplete="email" style={styles.input} required />
            </label>
            <label>
              Password
              <input
                name="password"
                type="password"
                autoComplete="current-password"
                style={styles.input}
                required
              />
            </label>
            <button type="submit" style={styles.button} disabled={busy}>
              Sign in
            </button>
          </form>
        )
      )}
      {error && (
        <p style={styles.text} role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
