// The extension pages' line to the background's session: sign in or sign up at a relay, sign out,
// the sync status (asked, and heard live), sync now, the plan read again when due (see
// extension/src/service/session-calls.ts).
import type { Plan } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { framePassIfFramed } from './frame-link'

/** The message the background sends on every status change (service/sync-service.ts). */
export const SYNC_STATUS_CHANNEL = 'inkmark:sync-status'

/** The sync status the background reports. */
export interface SyncStatus {
  signedIn: boolean
  email?: string
  relayUrl?: string
  state: string
  /** The signed-in account's plan (absent when signed out). */
  plan?: Plan
  message?: string
  /** The session ended (401, expired token): sign in again. */
  tokenExpired?: boolean
}

type Answer = { ok: true; value: unknown } | { ok: false; error: string }

/** Calls a session method in the background. */
export async function callSession(
  method: 'getStatus' | 'signIn' | 'signUp' | 'signOut' | 'syncNow' | 'refreshPlanIfDue',
  ...args: string[]
): Promise<SyncStatus> {
  return (await sessionAnswer(method, args)) as SyncStatus
}

/** What the AI panels may do: the session's plan (daily limits) and whether chat is enabled. */
export interface AiAccess {
  plan: Plan
  chatEnabled: boolean
}

/** The AI access of the extension's session (plan OFFLINE when signed out). */
export async function loadAiAccess(): Promise<AiAccess> {
  return (await sessionAnswer('getAiAccess', [])) as AiAccess
}

/** Whether this device sends anonymous usage counts (the options page's switch). */
export async function loadUsageCounts(): Promise<boolean> {
  return (await sessionAnswer('getUsageCounts', [])) === true
}

/** Turns this device's anonymous usage counts on or off. */
export async function saveUsageCounts(enabled: boolean): Promise<boolean> {
  return (await sessionAnswer('setUsageCounts', [enabled ? 'on' : 'off'])) === true
}

async function sessionAnswer(method: string, args: string[]): Promise<unknown> {
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
  return answer.value
}

/** The sync states in words. */
export const SYNC_STATE_TEXT: Record<string, string> = {
  SIGNED_OUT: 'Not signed in: everything stays on this device.',
  OFFLINE: 'Offline',
  PREMIUM_REQUIRED: 'Sync needs a plan',
  UP_TO_DATE: 'Up to date',
  NEEDS_SYNC: 'Changes waiting to sync',
  SERVER_ERROR: 'The server had a problem. Sync will try again.',
  ALL_SERVERS_OFFLINE: 'Server is not reachable',
  UPDATING: 'Syncing…',
}

export type SyncStatusState =
  { kind: 'loading' } | { kind: 'ready'; status: SyncStatus } | { kind: 'error'; message: string }

/**
 * The sync status, live: asked once, then each status the background announces, so a page that
 * stays open never keeps showing "Syncing…". `set` takes the answer of the page's own calls.
 */
export function useSyncStatus({ refreshPlan = false } = {}): [
  SyncStatusState,
  (status: SyncStatus) => void,
] {
  const [state, setState] = useState<SyncStatusState>({ kind: 'loading' })
  useEffect(() => {
    let heard = false
    const listener = (message: unknown, sender: chrome.runtime.MessageSender) => {
      const { channel, status } = (message ?? {}) as { channel?: unknown; status?: SyncStatus }
      if (sender.id === chrome.runtime.id && channel === SYNC_STATUS_CHANNEL && status) {
        heard = true
        setState({ kind: 'ready', status })
      }
      // No answer: other pages' calls pass here too and must reach the background.
      return undefined
    }
    chrome.runtime.onMessage.addListener(listener)
    callSession('getStatus').then(
      (status) => {
        // A status heard meanwhile is newer than this answer.
        if (!heard) {
          setState({ kind: 'ready', status })
        }
        if (status.signedIn && refreshPlan) {
          // The plan is read again when the last check is older than the config's TTL; the new
          // status arrives as an announcement.
          callSession('refreshPlanIfDue').catch(() => undefined)
        }
      },
      (error: unknown) =>
        setState({
          kind: 'error',
          message:
            error instanceof Error ? error.message : 'Inkmark is not ready. Please try again.',
        }),
    )
    return () => chrome.runtime.onMessage.removeListener(listener)
  }, [refreshPlan])
  return [state, (status) => setState({ kind: 'ready', status })]
}
