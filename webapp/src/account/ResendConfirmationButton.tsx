// "Resend confirmation email" with the spec's three answers (site spec section 8): not logged in,
// sent to {email}, or failed for {email}; a session without an email gets 'Email is required'.
import { useState } from 'react'
import { resendConfirmationEmail } from './account-api'
import { resendMessage, type ResendOutcome } from './confirm-email'
import { useSession } from './SessionProvider'

/** The resend button and what came of the last press. */
export function ResendConfirmationButton() {
  const { session } = useSession()
  const [outcome, setOutcome] = useState<ResendOutcome>()
  const [busy, setBusy] = useState(false)
  const email = session?.email
  const resend = () => {
    if (session === null) {
      setOutcome('not-logged-in')
      return
    }
    if (!email) {
      setOutcome('no-email')
      return
    }
    setBusy(true)
    resendConfirmationEmail(session.token)
      .then(
        () => setOutcome('sent'),
        () => setOutcome('failed'),
      )
      .finally(() => setBusy(false))
  }
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={resend}>
        Resend confirmation email
      </button>
      {outcome !== undefined && (
        <p role={outcome === 'sent' ? 'status' : 'alert'}>{resendMessage(outcome, email)}</p>
      )}
    </>
  )
}
