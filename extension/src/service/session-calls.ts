// The session contract for Inkmark's own pages (popup, options): sign in or sign up at a relay,
// sign out, read the sync status and what the AI panels may do (plan, chat flag), sync now, and
// read the plan again when the last check is older than the config's TTL (the popup opening). Validated by hand (the extension has no
// schema library of its own): each method takes exactly the listed string arguments.
import { InvalidCallError, checkRelayAddress } from '@inkmark/shared'
import type { AiAccess, SyncService, SyncStatus } from './sync-service'

export const SESSION_CHANNEL = 'inkmark:session'

const ARGUMENTS: Record<string, number> = {
  getStatus: 0,
  getAiAccess: 0,
  signIn: 3,
  signUp: 3,
  signOut: 0,
  syncNow: 0,
  refreshPlanIfDue: 0,
  getUsageCounts: 0,
  setUsageCounts: 1,
}
const MAX_ARGUMENT_LENGTH = 2_048

/** Validates a session message and runs it. */
export async function runSessionCall(
  sync: SyncService,
  message: unknown,
): Promise<SyncStatus | AiAccess | boolean> {
  const { method, args } = (message ?? {}) as { method?: unknown; args?: unknown }
  const expected = typeof method === 'string' ? ARGUMENTS[method] : undefined
  if (
    expected === undefined ||
    !Array.isArray(args) ||
    args.length !== expected ||
    !args.every((arg) => typeof arg === 'string' && arg.length <= MAX_ARGUMENT_LENGTH)
  ) {
    throw new InvalidCallError('Invalid session call')
  }
  const [first, second, third] = args as string[]
  await sync.start()
  switch (method) {
    case 'signIn':
    case 'signUp': {
      // https, or http on this computer only (shared/src/domain/relay-address.ts).
      const address = checkRelayAddress(first!)
      if (!address.ok) {
        throw new InvalidCallError(address.message)
      }
      try {
        return method === 'signUp'
          ? await sync.signUp(first!, second!, third!)
          : await sync.signIn(first!, second!, third!)
      } catch (error) {
        throw new InvalidCallError(error instanceof Error ? error.message : 'Sign-in failed')
      }
    }
    case 'signOut':
      return sync.signOut()
    case 'syncNow':
      return sync.syncNow()
    case 'getUsageCounts':
      return sync.usageCountsEnabled()
    case 'setUsageCounts':
      if (first !== 'on' && first !== 'off') {
        throw new InvalidCallError('Invalid session call')
      }
      return sync.setUsageCounts(first === 'on')
    case 'refreshPlanIfDue':
      // The popup opened: the plan is read again when the last check is older than the TTL.
      return sync.refreshPlanIfDue()
    case 'getAiAccess':
      // The AI panels' daily limits need the plan, and chat the relay's isAiChatEnabled flag.
      return sync.aiAccess()
    default:
      return sync.status()
  }
}
