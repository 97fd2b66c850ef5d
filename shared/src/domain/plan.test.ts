import { describe, expect, it } from 'vitest'
import {
  ALWAYS_SYNC_ACCOUNT_CREATED_AT_MILLIS,
  LEGACY_ACCOUNT_CUTOFF_MILLIS,
  LIFETIME_EXPIRY_MARKER_MILLIS,
  PLAN_DISPLAY_NAMES,
  PREMIUM_WITHOUT_SUBSCRIPTION_ULTIMATE_CUTOFF_MILLIS,
  Plan,
  UserPlanDuration,
  UserPlanType,
  canBackup,
  canShare,
  canSync,
  effectiveUserPlanType,
  hasUnlimitedFeatures,
  isLegacySyncAccount,
  isPaidPlan,
  planDisplayName,
  resolvePlan,
  toEpochMillis,
} from './plan'
import type { PlanUser, PlanUserPlan } from './plan'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.UTC(2025, 5, 1)
const AFTER_CUTOFF = Date.UTC(2024, 2, 1)

function user(overrides: Partial<PlanUser> = {}): PlanUser {
  return {
    _id: 'u1',
    email: 'ada@example.com',
    premium: false,
    createdAt: AFTER_CUTOFF,
    ...overrides,
  }
}

function plan(overrides: Partial<PlanUserPlan> = {}): PlanUserPlan {
  return {
    type: UserPlanType.PREMIUM,
    expiresDateMillis: NOW + 30 * DAY,
    subscription_id: 'sub_1',
    userPlanDuration: UserPlanDuration.ONE_YEAR,
    ...overrides,
  }
}

describe('constants', () => {
  it('orders the hidden dates sensibly', () => {
    expect(LEGACY_ACCOUNT_CUTOFF_MILLIS).toBe(Date.parse('2023-01-01T00:00:00Z'))
    expect(PREMIUM_WITHOUT_SUBSCRIPTION_ULTIMATE_CUTOFF_MILLIS).toBe(
      Date.parse('2024-07-01T00:00:00Z'),
    )
    expect(ALWAYS_SYNC_ACCOUNT_CREATED_AT_MILLIS).toBeGreaterThan(LEGACY_ACCOUNT_CUTOFF_MILLIS)
    expect(LIFETIME_EXPIRY_MARKER_MILLIS).toBe(Date.parse('2100-01-01T00:00:00Z'))
  })

  it('lists the spec durations', () => {
    expect(Object.values(UserPlanDuration)).toEqual(['1M', '1Y', 'Lifetime'])
  })
})

describe('resolvePlan', () => {
  it('gives Offline without a user', () => {
    expect(resolvePlan(null, NOW)).toBe(Plan.OFFLINE)
    expect(resolvePlan(undefined, NOW)).toBe(Plan.OFFLINE)
  })

  it('gives Premium for the premium flag', () => {
    expect(resolvePlan(user({ premium: true }), NOW)).toBe(Plan.PREMIUM)
    expect(resolvePlan(user({ premium: true, userPlan: null }), NOW)).toBe(Plan.PREMIUM)
  })

  it('gives Ultimate for the premium flag with an unexpired Ultimate plan', () => {
    const userPlan = plan({ type: UserPlanType.ULTIMATE })
    expect(resolvePlan(user({ premium: true, userPlan }), NOW)).toBe(Plan.ULTIMATE)
  })

  it('gives Premium for the premium flag with an expired Ultimate plan', () => {
    const userPlan = plan({ type: UserPlanType.ULTIMATE, expiresDateMillis: NOW - DAY })
    expect(resolvePlan(user({ premium: true, userPlan }), NOW)).toBe(Plan.PREMIUM)
  })

  it('gives Premium for the premium flag even with an unexpired free trial', () => {
    const userPlan = plan({ type: UserPlanType.FREE_TRIAL, subscription_id: null })
    expect(resolvePlan(user({ premium: true, userPlan }), NOW)).toBe(Plan.PREMIUM)
  })

  it('gives Premium for a legacy account (no premium field, no subscription id)', () => {
    expect(resolvePlan({ _id: 'u1' }, NOW)).toBe(Plan.PREMIUM)
    expect(resolvePlan({ _id: 'u1', userPlan: { subscription_id: null } }, NOW)).toBe(Plan.PREMIUM)
    expect(resolvePlan({ _id: 'u1', userPlan: { subscription_id: '' } }, NOW)).toBe(Plan.PREMIUM)
  })

  it('gives Ultimate for a legacy account with an unexpired Ultimate plan', () => {
    const userPlan = plan({ type: UserPlanType.ULTIMATE, subscription_id: null })
    expect(resolvePlan({ _id: 'u1', userPlan }, NOW)).toBe(Plan.ULTIMATE)
  })

  it('is not legacy when the premium field is missing but a subscription id exists', () => {
    const expired = plan({ expiresDateMillis: NOW - DAY })
    expect(resolvePlan({ _id: 'u1', userPlan: expired }, NOW)).toBe(Plan.FREE)
    expect(resolvePlan({ _id: 'u1', userPlan: plan() }, NOW)).toBe(Plan.PREMIUM)
  })

  it('gives an unexpired plan its own type', () => {
    expect(resolvePlan(user({ userPlan: plan() }), NOW)).toBe(Plan.PREMIUM)
    const ultimate = plan({ type: UserPlanType.ULTIMATE })
    expect(resolvePlan(user({ userPlan: ultimate }), NOW)).toBe(Plan.ULTIMATE)
  })

  it('counts a Premium plan without subscription expiring before the cut-off as Ultimate', () => {
    const before = Date.UTC(2024, 0, 1)
    const userPlan = plan({
      subscription_id: null,
      expiresDateMillis: PREMIUM_WITHOUT_SUBSCRIPTION_ULTIMATE_CUTOFF_MILLIS - 1,
    })
    expect(resolvePlan(user({ userPlan }), before)).toBe(Plan.ULTIMATE)
    expect(resolvePlan(user({ userPlan: { ...userPlan, subscription_id: '' } }), before)).toBe(
      Plan.ULTIMATE,
    )
  })

  it('keeps Premium when the plan without subscription expires at or after the cut-off', () => {
    const before = Date.UTC(2024, 0, 1)
    const userPlan = plan({
      subscription_id: null,
      expiresDateMillis: PREMIUM_WITHOUT_SUBSCRIPTION_ULTIMATE_CUTOFF_MILLIS,
    })
    expect(resolvePlan(user({ userPlan }), before)).toBe(Plan.PREMIUM)
  })

  it('keeps Premium when a subscribed plan expires before the cut-off', () => {
    const before = Date.UTC(2024, 0, 1)
    const userPlan = plan({ expiresDateMillis: Date.UTC(2024, 5, 30) })
    expect(resolvePlan(user({ userPlan }), before)).toBe(Plan.PREMIUM)
  })

  it('does not revive an expired Premium plan that would count as Ultimate', () => {
    const userPlan = plan({ subscription_id: null, expiresDateMillis: Date.UTC(2024, 5, 30) })
    expect(resolvePlan(user({ userPlan }), NOW)).toBe(Plan.FREE)
  })

  it('counts a Premium plan expiring at the lifetime marker as Ultimate', () => {
    const atMarker = plan({ expiresDateMillis: LIFETIME_EXPIRY_MARKER_MILLIS })
    expect(resolvePlan(user({ userPlan: atMarker }), NOW)).toBe(Plan.ULTIMATE)
    const pastMarker = plan({ subscription_id: null, expiresDateMillis: Date.UTC(9999, 0, 1) })
    expect(resolvePlan(user({ userPlan: pastMarker }), NOW)).toBe(Plan.ULTIMATE)
    const justBefore = plan({ expiresDateMillis: LIFETIME_EXPIRY_MARKER_MILLIS - 1 })
    expect(resolvePlan(user({ userPlan: justBefore }), NOW)).toBe(Plan.PREMIUM)
  })

  it('gives FREE_TRIAL for an unexpired free trial', () => {
    const userPlan = plan({ type: UserPlanType.FREE_TRIAL, subscription_id: null })
    expect(resolvePlan(user({ userPlan }), NOW)).toBe(Plan.FREE_TRIAL)
  })

  it('gives FREE for an expired free trial', () => {
    const userPlan = plan({ type: UserPlanType.FREE_TRIAL, expiresDateMillis: NOW - 1 })
    expect(resolvePlan(user({ userPlan }), NOW)).toBe(Plan.FREE)
  })

  it('treats a plan expiring exactly now as expired', () => {
    expect(resolvePlan(user({ userPlan: plan({ expiresDateMillis: NOW }) }), NOW)).toBe(Plan.FREE)
  })

  it('gives FREE otherwise', () => {
    expect(resolvePlan(user(), NOW)).toBe(Plan.FREE)
    expect(resolvePlan(user({ userPlan: null }), NOW)).toBe(Plan.FREE)
    expect(resolvePlan(user({ userPlan: plan({ type: 'GOLD' }) }), NOW)).toBe(Plan.FREE)
    expect(resolvePlan(user({ userPlan: plan({ type: undefined }) }), NOW)).toBe(Plan.FREE)
    const noExpiry = plan({ expiresDateMillis: undefined })
    expect(resolvePlan(user({ userPlan: noExpiry }), NOW)).toBe(Plan.FREE)
  })
})

describe('effectiveUserPlanType', () => {
  it('maps stored plans to the type they count as', () => {
    expect(effectiveUserPlanType(null)).toBeNull()
    expect(effectiveUserPlanType(undefined)).toBeNull()
    expect(effectiveUserPlanType({ type: 'GOLD' })).toBeNull()
    expect(effectiveUserPlanType({ type: UserPlanType.PREMIUM })).toBe(UserPlanType.PREMIUM)
    expect(effectiveUserPlanType({ type: UserPlanType.ULTIMATE })).toBe(UserPlanType.ULTIMATE)
    expect(effectiveUserPlanType({ type: UserPlanType.FREE_TRIAL })).toBe(UserPlanType.FREE_TRIAL)
  })
})

describe('toEpochMillis', () => {
  it('reads numbers, numeric strings and ISO strings', () => {
    expect(toEpochMillis(undefined)).toBeUndefined()
    expect(toEpochMillis(1_700_000_000_000)).toBe(1_700_000_000_000)
    expect(toEpochMillis('1700000000000')).toBe(1_700_000_000_000)
    expect(toEpochMillis('2023-11-14T22:13:20.000Z')).toBe(1_700_000_000_000)
    expect(toEpochMillis('not a date')).toBeUndefined()
    expect(toEpochMillis(Number.NaN)).toBeUndefined()
  })
})

describe('canSync', () => {
  it('refuses without a user', () => {
    expect(canSync(null, NOW)).toBe(false)
    expect(canSync(undefined, NOW)).toBe(false)
  })

  it('allows Premium, Ultimate and the free trial', () => {
    expect(canSync(user({ premium: true }), NOW)).toBe(true)
    expect(canSync(user({ userPlan: plan({ type: UserPlanType.ULTIMATE }) }), NOW)).toBe(true)
    expect(canSync(user({ userPlan: plan({ type: UserPlanType.FREE_TRIAL }) }), NOW)).toBe(true)
  })

  it('refuses a Free account created after the legacy cut-off', () => {
    expect(canSync(user(), NOW)).toBe(false)
    expect(canSync(user({ createdAt: LEGACY_ACCOUNT_CUTOFF_MILLIS }), NOW)).toBe(false)
    expect(canSync(user({ createdAt: undefined }), NOW)).toBe(false)
    expect(canSync(user({ createdAt: 'garbage' }), NOW)).toBe(false)
  })

  it('allows a Free account created before the legacy cut-off', () => {
    expect(canSync(user({ createdAt: LEGACY_ACCOUNT_CUTOFF_MILLIS - 1 }), NOW)).toBe(true)
    expect(canSync(user({ createdAt: '2022-06-01T10:00:00.000Z' }), NOW)).toBe(true)
    expect(canSync(user({ createdAt: String(LEGACY_ACCOUNT_CUTOFF_MILLIS - 1) }), NOW)).toBe(true)
  })

  it('allows a Free account with an expired legacy plan', () => {
    const userPlan = plan({ subscription_id: null, expiresDateMillis: Date.UTC(2022, 5, 1) })
    expect(canSync(user({ userPlan }), NOW)).toBe(true)
    expect(isLegacySyncAccount(user({ userPlan }), NOW)).toBe(true)
  })

  it('refuses plans that are not legacy plans', () => {
    const subscribed = plan({ expiresDateMillis: Date.UTC(2022, 5, 1) })
    expect(canSync(user({ userPlan: subscribed }), NOW)).toBe(false)
    const trial = plan({
      type: UserPlanType.FREE_TRIAL,
      subscription_id: null,
      expiresDateMillis: Date.UTC(2022, 5, 1),
    })
    expect(canSync(user({ userPlan: trial }), NOW)).toBe(false)
    const recent = plan({ subscription_id: null, expiresDateMillis: Date.UTC(2025, 0, 1) })
    expect(canSync(user({ userPlan: recent }), NOW)).toBe(false)
  })

  it('does not count a plan that has not yet expired as an expired legacy plan', () => {
    const userPlan = plan({ subscription_id: null, expiresDateMillis: Date.UTC(2022, 5, 1) })
    expect(isLegacySyncAccount(user({ userPlan }), Date.UTC(2022, 0, 1))).toBe(false)
    expect(isLegacySyncAccount(null, NOW)).toBe(false)
  })

  it('always allows the special account', () => {
    const createdAt = ALWAYS_SYNC_ACCOUNT_CREATED_AT_MILLIS
    expect(canSync(user({ createdAt }), NOW)).toBe(true)
    expect(canSync(user({ createdAt: new Date(createdAt).toISOString() }), NOW)).toBe(true)
    expect(canSync(user({ createdAt: createdAt + 1 }), NOW)).toBe(false)
  })
})

describe('feature gates', () => {
  const ALL = Object.values(Plan)

  it('allows share for Premium and the everything plans only', () => {
    expect(ALL.filter(canShare)).toEqual([Plan.FREE_TRIAL, Plan.PREMIUM, Plan.ULTIMATE])
  })

  it('allows backup for everyone', () => {
    expect(ALL.every(canBackup)).toBe(true)
  })

  it('limits unlimited features to trial and Ultimate', () => {
    expect(ALL.filter(hasUnlimitedFeatures)).toEqual([Plan.FREE_TRIAL, Plan.ULTIMATE])
  })

  it('treats Premium and Ultimate as paid, not the trial', () => {
    expect(ALL.filter(isPaidPlan)).toEqual([Plan.PREMIUM, Plan.ULTIMATE])
  })

  it('shows the spec plan names', () => {
    expect(ALL.map(planDisplayName)).toEqual([
      'Offline',
      'Basic',
      'Ultimate Trial',
      'Premium',
      'Ultimate',
    ])
    expect(PLAN_DISPLAY_NAMES[Plan.FREE]).toBe('Basic')
  })
})
