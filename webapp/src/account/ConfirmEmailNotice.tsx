// The confirm-email notice: shown to a signed-in person whose email is not confirmed yet (the
// relay's user info says so), with a button to send the confirmation email again.
import { useEffect, useState } from 'react'
import { isEmailConfirmed, resendConfirmationEmail } from './account-api'
import { resendMessage, type ResendOutcome } from './confirm-email'
import { useSession } from './SessionProvider'

/** The notice, or nothing when signed out, confirmed, or the relay cannot say. */
export function ConfirmEmailNotice() {
  const { session } = useSession()
  const [unconfirmed, setUnconfirmed] = useState(false)
  const [outcome, setOutcome] = useState<ResendOutcome>()
  const token = session?.token
  const userId = session?.userId

  useEffect(() => {
    setUnconfirmed(false)
    setOutcome(undefined)
    if (token === undefined || userId === undefined) {
      return
    }
    let live = true
    isEmailConfirmed(token, userId).then(
      (confirmed) => live && setUnconfirmed(!confirmed),
      // The relay is down or refused: say nothing rather than guess.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [token, userId])

  if (session === null || !unconfirmed) {
    return null
  }
  const resend = () => {
    if (!session.email) {
      setOutcome('no-email')
      return
    }
    resendConfirmationEmail(session.token).then(
      () => setOutcome('sent'),
      () => setOutcome('failed'),
    )
  }
  return (
    <section className="confirm-email-notice" aria-label="Confirm your email">
      <p>Please confirm your email address{session.email ? ` (${session.email})` : ''}.</p>
      <button type="button" className="button" onClick={resend}>
        Resend confirmation email
      </button>
      {outcome !== undefined && <p role="status">{resendMessage(outcome, session.email)}</p>}
    </section>
  )
}
