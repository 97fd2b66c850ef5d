// The page of the reminder email's unsubscribe link (/unsubscribe/$userId?signature=...): it says
// what will happen and waits for one button, so a mail scanner that opens links changes nothing;
// the button posts the link's signature to the relay. No login is needed. The outcome is said in
// a live region: success, or the relay's own message (a wrong link changes nothing).
import { Button } from '@inkmark/design'
import { Message, RelayCallError } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { AccountPage } from '../account/AccountPage'
import '../account/account.css'
import { unsubscribeFromLearningReminders } from './unsubscribe-api'

type Outcome =
  { kind: 'idle' } | { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; message: string }

/** Said when the link has no signature (cut off by a mail client, typed by hand). */
export const INCOMPLETE_LINK_MESSAGE =
  'This unsubscribe link is incomplete. Open it again from the email, or turn learning reminders off in Settings > Notifications.'
export const UNSUBSCRIBED_MESSAGE =
  'Learning reminders are off. You will get no more reminder emails.'

function messageOf(error: unknown): string {
  if (error instanceof RelayCallError) {
    return error.message
  }
  return Message.SERVER_NOT_REACHABLE
}

/** The unsubscribe page for `userId`. */
export function UnsubscribePage({ userId, signature }: { userId: string; signature?: string }) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })

  async function unsubscribe(withSignature: string) {
    setOutcome({ kind: 'pending' })
    try {
      await unsubscribeFromLearningReminders(userId, withSignature)
      setOutcome({ kind: 'done' })
    } catch (error) {
      setOutcome({ kind: 'failed', message: messageOf(error) })
    }
  }

  return (
    <AccountPage title="Learning reminder emails">
      {signature === undefined ? (
        <p className="account-error" role="alert">
          {INCOMPLETE_LINK_MESSAGE}
        </p>
      ) : outcome.kind === 'done' ? (
        <p role="status">{UNSUBSCRIBED_MESSAGE}</p>
      ) : (
        <div className="account-form">
          <p>
            Inkmark emails you once a day when cards are waiting to be learned. Turn these reminders
            off? Other emails stay as they are, and you can turn reminders on again in Settings.
          </p>
          <Button
            variant="primary"
            isDisabled={outcome.kind === 'pending'}
            onPress={() => void unsubscribe(signature)}
          >
            {outcome.kind === 'pending' ? 'Turning reminders off…' : 'Turn off learning reminders'}
          </Button>
          {outcome.kind === 'failed' && (
            <p className="account-error" role="alert">
              {outcome.message}
            </p>
          )}
        </div>
      )}
      <p>
        <Link to="/settings" search={{ view: 'notifications' }}>
          Email settings
        </Link>
      </p>
    </AccountPage>
  )
}
