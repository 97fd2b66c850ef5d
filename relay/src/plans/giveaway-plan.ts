// The rules of giveaways (docs/adr/052-giveaways.md), pure so they are tested apart from storage:
// who may give (a paying subscriber, while billing is on), how many a month, and what redeeming a
// gift does to the redeemer's plan: a month of Premium added after the plan they have, never a
// shorter or lesser plan than theirs.
import {
  LIFETIME_EXPIRY_MARKER_MILLIS,
  UserPlanDuration,
  UserPlanType,
  isPaidPlan,
  resolvePlan,
} from '@inkmark/shared'
import { planUserOf } from '../billing/plan-of'
import type { RelayConfig } from '../config'
import type { GiveawayRedemption, StoredGiveaway } from '../storage/events-giveaways'
import type { StoredUser } from '../storage/relay-storage'

/** Days of Premium one giveaway gives. */
export const GIVEAWAY_DAYS = 30
/** Giveaways a subscriber may make per calendar month (UTC). */
export const GIVEAWAYS_PER_MONTH = 3
/** An unredeemed giveaway link stops working this long after it was made. */
export const GIVEAWAY_LINK_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000

const DAY_MS = 24 * 60 * 60 * 1000

/** Why a redemption is refused. */
export const GiveawayRefusal = {
  OWN: 'own',
  REDEEMED: 'redeemed',
  EXPIRED: 'expired',
  PLAN_ALREADY_LONGER: 'plan-already-longer',
} as const
export type GiveawayRefusal = (typeof GiveawayRefusal)[keyof typeof GiveawayRefusal]

/** The status a giveaway link shows. */
export type GiveawayStatus = 'AVAILABLE' | 'REDEEMED' | 'EXPIRED'

/** The start of the UTC calendar month of `now`, and of the next one. */
export function monthOf(now: number): { start: number; next: number } {
  const date = new Date(now)
  return {
    start: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1),
    next: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1),
  }
}

/** Whether giveaways exist on this relay: not while billing is off and gives everyone a plan. */
export function giveawaysAvailable(config: Pick<RelayConfig, 'billing'>): boolean {
  const billing = config.billing
  return !(billing?.provider === 'none' && billing.defaultPlan !== 'FREE')
}

/**
 * Whether `user` may give: their own stored plan is one they pay for (a subscription or a lifetime
 * purchase), not a trial, a default, or a gift (a redeemed gift that could give again would chain
 * free months forever).
 */
export function mayGive(user: StoredUser, now: number): boolean {
  const plan = user.plan
  const paidFor =
    plan !== null &&
    (Boolean(plan.subscription_id) || plan.expiresDateMillis >= LIFETIME_EXPIRY_MARKER_MILLIS)
  return paidFor && isPaidPlan(resolvePlan(planUserOf(user, {}), now))
}

/** The status of a giveaway at `now`. */
export function giveawayStatus(giveaway: StoredGiveaway, now: number): GiveawayStatus {
  if (giveaway.redeemedAt !== null) {
    return 'REDEEMED'
  }
  return giveaway.expiresAt <= now ? 'EXPIRED' : 'AVAILABLE'
}

/** The redemption rule for the storage's transaction (see GiveawayRedemption). */
export function redeemRule(
  now: number,
  config: Pick<RelayConfig, 'billing'>,
): GiveawayRedemption<StoredUser> {
  return (giveaway, user) => {
    if (giveaway.giverId === user.id) {
      return { refused: GiveawayRefusal.OWN }
    }
    const status = giveawayStatus(giveaway, now)
    if (status === 'REDEEMED') {
      return { refused: GiveawayRefusal.REDEEMED }
    }
    if (status === 'EXPIRED') {
      return { refused: GiveawayRefusal.EXPIRED }
    }
    const facts = planUserOf(user, config)
    const current = user.plan
    const lifetime = (facts.userPlan?.expiresDateMillis ?? 0) >= LIFETIME_EXPIRY_MARKER_MILLIS
    // A running subscription's dates belong to the payment provider: a gift cannot move them.
    const subscribed =
      current !== null && Boolean(current.subscription_id) && current.expiresDateMillis > now
    if (user.premium || lifetime || subscribed) {
      return { refused: GiveawayRefusal.PLAN_ALREADY_LONGER }
    }
    const unexpired = current !== null && current.expiresDateMillis > now
    // The month comes after the plan the redeemer has, and a plan with more features stays.
    const keepsType =
      unexpired &&
      (current.type === UserPlanType.ULTIMATE || current.type === UserPlanType.FREE_TRIAL)
    const start = unexpired ? current.expiresDateMillis : now
    return {
      plan: {
        type: keepsType ? current.type : giveaway.planType,
        expiresDateMillis: start + giveaway.days * DAY_MS,
        userPlanDuration:
          keepsType && current.userPlanDuration
            ? current.userPlanDuration
            : UserPlanDuration.ONE_MONTH,
      },
    }
  }
}
