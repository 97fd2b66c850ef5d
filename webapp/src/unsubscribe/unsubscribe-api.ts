// The one call of the unsubscribe page: POST /unsubscribe/{userId}?signature=... to the relay. The
// link's signature is the only authorisation (no login needed); the relay checks it and answers
// 403 with its own message when it does not fit the user.
import { createRelayClient } from '../account/account-api'

/** What the relay answers once the reminder is off. */
export interface UnsubscribeAnswer {
  ok: true
  emailSettings: 'ALL' | 'NONE'
  isLearningReminderEmailEnabled: boolean
}

/** Turns the learning reminder emails of `userId` off with the signature of their email's link. */
export function unsubscribeFromLearningReminders(
  userId: string,
  signature: string,
): Promise<UnsubscribeAnswer> {
  return createRelayClient(() => undefined).request<UnsubscribeAnswer>(
    'POST',
    `/unsubscribe/${encodeURIComponent(userId)}?signature=${encodeURIComponent(signature)}`,
  )
}
