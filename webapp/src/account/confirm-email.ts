// The words of the confirm-email notice's resend, by the spec: not signed in, no email, sent, or
// failed.
import {
  Message,
  confirmationEmailFailedMessage,
  confirmationEmailSentMessage,
} from '@inkmark/shared'

/** What a resend attempt came to. */
export type ResendOutcome = 'not-logged-in' | 'no-email' | 'sent' | 'failed'

/** The message shown after a resend of the confirmation email. */
export function resendMessage(outcome: ResendOutcome, email: string | undefined): string {
  switch (outcome) {
    case 'not-logged-in':
      return Message.CONFIRMATION_EMAIL_NOT_LOGGED_IN
    case 'no-email':
      return Message.EMAIL_REQUIRED
    case 'sent':
      return confirmationEmailSentMessage(email ?? '')
    case 'failed':
      return confirmationEmailFailedMessage(email ?? '')
  }
}
