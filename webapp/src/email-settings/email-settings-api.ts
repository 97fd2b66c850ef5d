// The signed-in user's email settings on the relay: GET /settings and PUT /settings (the spec's
// emailSettings ALL or NONE, and isLearningReminderEmailEnabled).
import type { EmailSettings } from '@inkmark/shared'
import { createRelayClient } from '../account/account-api'

/** The user's email settings. */
export function fetchEmailSettings(token: string): Promise<EmailSettings> {
  return createRelayClient(() => token).request<EmailSettings>('GET', '/settings')
}

/** Changes some email settings; resolves with all of them as the relay now has them. */
export function saveEmailSettings(
  token: string,
  change: Partial<EmailSettings>,
): Promise<EmailSettings> {
  return createRelayClient(() => token).request<EmailSettings>('PUT', '/settings', change)
}
