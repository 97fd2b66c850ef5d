// Plan resolution and feature gates. The login token only carries raw plan facts (a premium flag, a
// stored user plan, the creation date); every app asks this module which plan those facts amount to
// and what that plan may do, so the rules (and their legacy exceptions) live in exactly one place.
// The dates the spec leaves out are named constants here; see docs/adr/003-plan-and-prompt-rules.md.

/** The plan a user effectively has, as resolved from the token. */
export const Plan = {
  OFFLINE: 'OFFLINE',
  FREE: 'FREE',
  FREE_TRIAL: 'FREE_TRIAL',
  PREMIUM: 'PREMIUM',
  ULTIMATE: 'ULTIMATE',
} as const
export type Plan = (typeof Plan)[keyof typeof Plan]

/** The plan types a stored user plan can have. */
export const UserPlanType = {
  FREE_TRIAL: 'FREE_TRIAL',
  PREMIUM: 'PREMIUM',
  ULTIMATE: 'ULTIMATE',
} as const
export type UserPlanType = (typeof UserPlanType)[keyof typeof UserPlanType]

/** The durations a stored user plan (or a product) can have. */
export const UserPlanDuration = {
  ONE_MONTH: '1M',
  ONE_YEAR: '1Y',
  LIFETIME: 'Lifetime',
} as const
export type UserPlanDuration = (typeof UserPlanDuration)[keyof typeof UserPlanDuration]

/** Premium plans without a subscription that expire before this moment count as Ultimate. */
export const PREMIUM_WITHOUT_SUBSCRIPTION_ULTIMATE_CUTOFF_MILLIS = Date.UTC(2024, 6, 1)

/** A plan expiring at or after this far-future moment is a lifetime plan and counts as Ultimate. */
export const LIFETIME_EXPIRY_MARKER_MILLIS = Date.UTC(2100, 0, 1)

/** Accounts created before this moment are legacy accounts: they keep sync on the Free plan. */
export const LEGACY_ACCOUNT_CUTOFF_MILLIS = Date.UTC(2023, 0, 1)

/** The one special account (created at exactly this moment) that always syncs. */
export const ALWAYS_SYNC_ACCOUNT_CREATED_AT_MILLIS = Date.UTC(2024, 0, 15, 9, 0, 0)

/** The names shown to users for each plan. */
export const PLAN_DISPLAY_NAMES: Readonly<Record<Plan, string>> = {
  [Plan.OFFLINE]: 'Offline',
  [Plan.FREE]: 'Basic',
  [Plan.FREE_TRIAL]: 'Ultimate Trial',
  [Plan.PREMIUM]: 'Premium',
  [Plan.ULTIMATE]: 'Ultimate',
}

/** The stored plan part of the login token. */
export interface PlanUserPlan {
  type?: string
  expiresDateMillis?: number
  subscription_id?: string | null
  userPlanDuration?: string
}

/** The subset of the login token payload that plan resolution reads. */
export interface PlanUser {
  _id: string
  email?: string
  premium?: boolean
  createdAt?: number | string
  userPlan?: PlanUserPlan | null
}

/** Reads a token date (epoch millis, a numeric string or an ISO string) as epoch millis. */
export function toEpochMillis(value: number | string | undefined): number | undefined {
  if (value === undefined) {
    return undefined
  }
  const millis =
    typeof value === 'number'
      ? value
      : /^\d+$/.test(value.trim())
        ? Number(value)
        : Date.parse(value)
  return Number.isFinite(millis) ? millis : undefined
}

function hasSubscription(userPlan: PlanUserPlan | null | undefined): boolean {
  return typeof userPlan?.subscription_id === 'string' && userPlan.subscription_id !== ''
}

function isUnexpired(userPlan: PlanUserPlan | null | undefined, now: number): boolean {
  const expires = userPlan?.expiresDateMillis
  return typeof expires === 'number' && expires > now
}

/** The plan type a stored plan counts as, with the legacy Premium-as-Ultimate rules applied. */
export function effectiveUserPlanType(
  userPlan: PlanUserPlan | null | undefined,
): UserPlanType | null {
  const type = userPlan?.type
  if (type === UserPlanType.PREMIUM) {
    const expires = userPlan?.expiresDateMillis
    if (typeof expires === 'number' && expires >= LIFETIME_EXPIRY_MARKER_MILLIS) {
      return UserPlanType.ULTIMATE
    }
    const withoutSubscription = !hasSubscription(userPlan)
    if (
      withoutSubscription &&
      typeof expires === 'number' &&
      expires < PREMIUM_WITHOUT_SUBSCRIPTION_ULTIMATE_CUTOFF_MILLIS
    ) {
      return UserPlanType.ULTIMATE
    }
    return UserPlanType.PREMIUM
  }
  if (type === UserPlanType.ULTIMATE || type === UserPlanType.FREE_TRIAL) {
    return type
  }
  return null
}

/** Resolves the token's user to the plan they effectively have at `now` (epoch millis). */
export function resolvePlan(user: PlanUser | null | undefined, now: number): Plan {
  if (!user) {
    return Plan.OFFLINE
  }
  const userPlan = user.userPlan
  const unexpired = isUnexpired(userPlan, now)
  const type = effectiveUserPlanType(userPlan)
  // A missing premium field marks an account from before plans existed (unless it pays by subscription).
  const isLegacyAccount = user.premium === undefined && !hasSubscription(userPlan)
  if (user.premium === true || isLegacyAccount) {
    return type === UserPlanType.ULTIMATE && unexpired ? Plan.ULTIMATE : Plan.PREMIUM
  }
  if (unexpired && type !== null) {
    return type
  }
  return Plan.FREE
}

function hasExpiredLegacyPlan(userPlan: PlanUserPlan | null | undefined, now: number): boolean {
  const expires = userPlan?.expiresDateMillis
  return (
    typeof expires === 'number' &&
    expires <= now &&
    expires < LEGACY_ACCOUNT_CUTOFF_MILLIS &&
    !hasSubscription(userPlan) &&
    userPlan?.type !== UserPlanType.FREE_TRIAL
  )
}

/** Whether a Free account keeps sync as a legacy account (old account or expired legacy plan). */
export function isLegacySyncAccount(user: PlanUser | null | undefined, now: number): boolean {
  if (!user) {
    return false
  }
  const createdAt = toEpochMillis(user.createdAt)
  const isOldAccount = createdAt !== undefined && createdAt < LEGACY_ACCOUNT_CUTOFF_MILLIS
  return isOldAccount || hasExpiredLegacyPlan(user.userPlan, now)
}

/** Whether the user may sync: Premium, Ultimate, trial, legacy Free accounts and the special account. */
export function canSync(user: PlanUser | null | undefined, now: number): boolean {
  const plan = resolvePlan(user, now)
  if (plan === Plan.PREMIUM || plan === Plan.ULTIMATE || plan === Plan.FREE_TRIAL) {
    return true
  }
  if (!user) {
    return false
  }
  if (toEpochMillis(user.createdAt) === ALWAYS_SYNC_ACCOUNT_CREATED_AT_MILLIS) {
    return true
  }
  return isLegacySyncAccount(user, now)
}

/** Whether the plan may share bookmarks: Premium and the plans that include everything. */
export function canShare(plan: Plan): boolean {
  return plan === Plan.PREMIUM || hasUnlimitedFeatures(plan)
}

/** Whether the plan may back up (and export a backup): every plan, including Offline. */
export function canBackup(_plan: Plan): boolean {
  // Backup is the escape hatch of a local-first app, so no plan is locked out of its own data.
  return true
}

/** Whether the plan has the unlimited features (AI, YouTube, image and advanced highlighting). */
export function hasUnlimitedFeatures(plan: Plan): boolean {
  return plan === Plan.FREE_TRIAL || plan === Plan.ULTIMATE
}

/** Whether the plan is paid for (Premium or Ultimate; a trial is not paid). */
export function isPaidPlan(plan: Plan): boolean {
  return plan === Plan.PREMIUM || plan === Plan.ULTIMATE
}

/** The plan's name as shown to users. */
export function planDisplayName(plan: Plan): string {
  return PLAN_DISPLAY_NAMES[plan]
}
