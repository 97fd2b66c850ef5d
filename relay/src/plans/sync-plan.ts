// The relay's plan gate (docs/adr/009-relay.md, addendum "Plans enforced by the relay"): sync, the
// reads sync uses and the live rooms are for plans that may sync (shared canSync). The plan is read
// from storage, never from the token: a token signed before a purchase or before the trial ended
// says what the plan was then. A refusal is 402 PREMIUM_REQUIRED; nothing stored is deleted, so the
// same data syncs again as soon as the plan allows it.
import { canSync } from '@inkmark/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { planUserOf } from '../billing/plan-of'
import { ErrorCode, RelayError } from '../errors'
import type { RelayConfig } from '../config'
import type { StoredUser } from '../storage/relay-storage'
import { currentUser } from '../accounts/authenticate'

/** The message of every 402 PREMIUM_REQUIRED. */
export const PREMIUM_REQUIRED_MESSAGE =
  'Sync is part of Premium, Ultimate and the trial. Your data is kept: choose a plan to sync again.'

/** The refusal of a plan that may not sync. */
export function premiumRequired(): RelayError {
  return new RelayError(402, ErrorCode.PREMIUM_REQUIRED, PREMIUM_REQUIRED_MESSAGE)
}

/** Whether the stored account may sync at `now` under the relay's configuration. */
export function accountMaySync(
  user: StoredUser,
  services: { config: RelayConfig },
  now: number,
): boolean {
  return canSync(planUserOf(user, services.config), now)
}

// One storage read per request, however many checks it makes.
const accounts = new WeakMap<FastifyRequest, Promise<StoredUser | undefined>>()

/** The stored account of the request's user, read once per request. */
export function requestAccount(request: FastifyRequest): Promise<StoredUser | undefined> {
  let account = accounts.get(request)
  if (!account) {
    account = request.server.services.storage.findUserById(currentUser(request)._id)
    accounts.set(request, account)
  }
  return account
}

/** preHandler after `authenticate`: 402 PREMIUM_REQUIRED unless the account's plan may sync. */
export async function requireSyncPlan(
  request: FastifyRequest,
  _reply: FastifyReply,
): Promise<void> {
  const account = await requestAccount(request)
  const { services } = request.server
  if (!account || !accountMaySync(account, services, services.now())) {
    throw premiumRequired()
  }
}
