// The confirm-email notice: shown to a signed-in person whose email the relay says is not
// confirmed yet, with a button to send the confirmation email again. The state is the session's
// (isEmailActivated, shared by every tab of this origin), so confirming the email in any tab
// takes the notice away in all of them.
import { ResendConfirmationButton } from './ResendConfirmationButton'
import { useSession } from './SessionProvider'

/** The notice, or nothing when signed out, confirmed, or the relay has not said. */
export function ConfirmEmailNotice() {
  const { session, emailActivated } = useSession()
  if (session === null || emailActivated !== false) {
    return null
  }
  return (
    <section className="confirm-email-notice" aria-label="Confirm your email">
      <p>Please confirm your email address{session.email ? ` (${session.email})` : ''}.</p>
      <ResendConfirmationButton />
    </section>
  )
}
