// The plan facts shared resolvePlan/canSync read, from a stored account. Stand-in until the
// billing helper's version (which applies billing-off's default plan) is merged.
import type { PlanUser } from '@inkmark/shared'
import type { RelayConfig } from '../config'
import type { StoredUser } from '../storage/relay-storage'

/** The account's plan facts, as the plan rules read them. */
export function planUserOf(user: StoredUser, _config: RelayConfig): PlanUser {
  return {
    _id: user.id,
    email: user.email,
    premium: user.premium,
    createdAt: user.createdAt,
    userPlan: user.plan,
  }
}
