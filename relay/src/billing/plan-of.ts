// The plan facts of a stored account as the apps and the relay's own gates read them (shared
// resolvePlan / canSync). Login tokens, GET /users/userinfo/:id and the sync gates all go through
// here, so billing off's default plan applies everywhere at once and a paid plan written by a
// verified webhook shows up at the next token refresh (docs/adr/051-relay-billing.md).
import {
  BillingProviderKind,
  LIFETIME_EXPIRY_MARKER_MILLIS,
  UserPlanDuration,
} from '@inkmark/shared'
import type { PlanUser, PlanUserPlan } from '@inkmark/shared'
import type { RelayConfig } from '../config'
import type { StoredUser } from '../storage/relay-storage'
import { DefaultPlan } from './billing-config'

/** What planUserOf gives: the token's plan claims (premium, userPlan) and who they belong to. */
export interface PlanFacts extends PlanUser {
  email: string
  premium: boolean
  createdAt: number
  userPlan: StoredUser['plan']
}

function storedFacts(user: StoredUser): PlanFacts {
  return {
    _id: user.id,
    email: user.email,
    premium: user.premium,
    createdAt: user.createdAt,
    userPlan: user.plan,
  }
}

/**
 * The plan facts of `user` under `config`: the stored plan (a trial, or a plan bought through the
 * billing provider), or, while billing is off, the configured default plan (Premium or Ultimate as
 * a lifetime plan; FREE keeps the stored plan, so a granted trial still counts). A relay built
 * without billing settings (unit tests) counts the stored plan.
 */
export function planUserOf(user: StoredUser, config: Pick<RelayConfig, 'billing'>): PlanFacts {
  const billing = config.billing
  if (billing?.provider !== BillingProviderKind.NONE || billing.defaultPlan === DefaultPlan.FREE) {
    return storedFacts(user)
  }
  const userPlan: PlanUserPlan & NonNullable<StoredUser['plan']> = {
    type: billing.defaultPlan,
    expiresDateMillis: LIFETIME_EXPIRY_MARKER_MILLIS,
    userPlanDuration: UserPlanDuration.LIFETIME,
  }
  return { ...storedFacts(user), premium: true, userPlan }
}
