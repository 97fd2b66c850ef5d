// The extension pages' line to the background's session: sign in at a relay, sign out, the sync
// status, sync now (see extension/src/service/session-calls.ts).
import { framePassIfFramed } from './frame-link'

/** The sync status the background reports. */
export interface SyncStatus {
  signedIn: boolean
  email?: string
  relayUrl?: string
  state: string
  message?: string
}

type Answer = { ok: true; value: unknown } | { ok: false; error: string }

/** Calls a session method in the background. */
export async function callSession(
  method: 'getStatus' | 'signIn' | 'signOut' | 'syncNow',
  ...args: string[]
): Promise<SyncStatus> {
  const answer = await chrome.runtime.sendMessage<unknown, Answer | undefined>({
    channel: 'inkmark:session',
    method,
    args,
    sidebarPass: await framePassIfFramed(),
  })
  if (!answer) {
    throw new Error('Inkmark is not ready. Please try again.')
  }
  if (!answer.ok) {
    throw new Error(answer.error)
  }
  return answer.value as SyncStatus
}

/** The sync states in words. */
export const SYNC_STATE_TEXT: Record<string, string> = {
  SIGNED_OUT: 'Not signed in: everything stays on this device.',
  OFFLINE: 'Offline',
  PREMIUM_REQUIRED: 'Sync needs Premium, Ultimate or the trial.',
  UP_TO_DATE: 'Up to date',
  NEEDS_SYNC: 'Changes waiting to sync',
  SERVER_ERROR: 'The server had a problem. Sync will try again.',
  ALL_SERVERS_OFFLINE: 'Server is not reachable',
  UPDATING: 'Syncing…',
}
