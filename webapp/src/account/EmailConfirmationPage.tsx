// /email-confirmation-success, the page of the mailed confirmation link: takes the one-time token
// out of the address bar, confirms it with the relay once, and says what came of it: confirmed,
// the link used already or expired, or a failure. Once confirmed, a signed-in session reads its
// account again (refreshAccount), which stores isEmailActivated: the confirm-email notice goes in
// every open tab of this origin.
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { AccountPage } from './AccountPage'
import { confirmOnce, takeConfirmationToken, type ConfirmOutcome } from './confirm-email-link'
import { useSession } from './SessionProvider'

/** Said once the email is confirmed. */
export const EMAIL_CONFIRMED_MESSAGE = 'Your email is confirmed. Thank you!'
/** Said for a link used already or past its 24 hours. */
export const CONFIRMATION_LINK_USED_MESSAGE =
  'This confirmation link was used already or has expired. If your email is not confirmed yet, send a new link from Settings > Account.'
/** Said when the relay could not be asked or failed. */
export const CONFIRMATION_FAILED_MESSAGE =
  'Your email could not be confirmed right now. Open the link from the email again later.'
/** Said for the page opened without a token. */
export const CONFIRMATION_LINK_INCOMPLETE_MESSAGE =
  'This confirmation link is incomplete. Open it again from the email, or send a new one from Settings > Account.'

type State = { kind: 'missing' } | { kind: 'pending' } | { kind: 'done'; outcome: ConfirmOutcome }

/** The confirmation page. */
export function EmailConfirmationPage() {
  const { session, emailActivated, refreshAccount } = useSession()
  const [state, setState] = useState<State>({ kind: 'pending' })

  useEffect(() => {
    let live = true
    // On load, and when a link is opened in a tab already on this page (only the fragment changes).
    const take = () => {
      const token = takeConfirmationToken()
      if (token === undefined) {
        setState({ kind: 'missing' })
        return
      }
      setState({ kind: 'pending' })
      void confirmOnce(token).then((outcome) => {
        if (live) {
          setState({ kind: 'done', outcome })
        }
      })
    }
    take()
    window.addEventListener('hashchange', take)
    return () => {
      live = false
      window.removeEventListener('hashchange', take)
    }
  }, [])

  const confirmed = state.kind === 'done' && state.outcome === 'confirmed'
  const signedIn = session !== null
  useEffect(() => {
    if (confirmed && signedIn) {
      void refreshAccount().catch(() => undefined)
    }
  }, [confirmed, signedIn, refreshAccount])

  return (
    <AccountPage title="Email confirmation">
      {state.kind === 'pending' && <p role="status">Confirming your email…</p>}
      {state.kind === 'missing' && (
        <p className="account-error" role="alert">
          {CONFIRMATION_LINK_INCOMPLETE_MESSAGE}
        </p>
      )}
      {state.kind === 'done' && state.outcome === 'confirmed' && (
        <p role="status">{EMAIL_CONFIRMED_MESSAGE}</p>
      )}
      {state.kind === 'done' && state.outcome === 'used-or-expired' && (
        <p role="status">
          {emailActivated === true
            ? 'Your email is already confirmed.'
            : CONFIRMATION_LINK_USED_MESSAGE}
        </p>
      )}
      {state.kind === 'done' && state.outcome === 'failed' && (
        <p className="account-error" role="alert">
          {CONFIRMATION_FAILED_MESSAGE}
        </p>
      )}
      <p>
        {signedIn ? (
          <Link to="/">Go to your library</Link>
        ) : (
          <>
            <Link to="/auth">Log in</Link> to sync your library, or{' '}
            <Link to="/">go to your library</Link>.
          </>
        )}
      </p>
    </AccountPage>
  )
}
