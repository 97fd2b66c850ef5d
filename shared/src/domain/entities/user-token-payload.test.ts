import { describe, expect, it } from 'vitest'
import type { PlanUser } from '../plan'
import { Plan, UserPlanDuration, UserPlanType, resolvePlan } from '../plan'
import {
  UserTokenPayloadSchema,
  createUserPlan,
  createUserTokenPayload,
  parseUserTokenPayload,
} from './user-token-payload'

const NOW = 1_700_000_000_000
const YEAR_MS = 365 * 24 * 60 * 60 * 1000

describe('createUserTokenPayload', () => {
  it('is a new, non-premium account created at now', () => {
    expect(createUserTokenPayload({ _id: 'u1', email: 'a@example.com' }, NOW)).toEqual({
      _id: 'u1',
      email: 'a@example.com',
      premium: false,
      createdAt: NOW,
    })
  })

  it('resolves to Free, not to legacy Premium', () => {
    const user: PlanUser = createUserTokenPayload({ _id: 'u1' }, NOW)
    expect(resolvePlan(user, NOW)).toBe(Plan.FREE)
  })

  it('carries a user plan that plan resolution reads', () => {
    const userPlan = createUserPlan(UserPlanType.ULTIMATE, NOW + YEAR_MS, {
      userPlanDuration: UserPlanDuration.ONE_YEAR,
      subscription_id: 'sub_1',
    })
    expect(userPlan).toEqual({
      type: 'ULTIMATE',
      expiresDateMillis: NOW + YEAR_MS,
      userPlanDuration: '1Y',
      subscription_id: 'sub_1',
    })
    expect(createUserPlan(UserPlanType.FREE_TRIAL, NOW)).toEqual({
      type: 'FREE_TRIAL',
      expiresDateMillis: NOW,
    })
    const payload = createUserTokenPayload({ _id: 'u1', userPlan }, NOW)
    expect(resolvePlan(payload, NOW)).toBe(Plan.ULTIMATE)
  })
})

describe('parseUserTokenPayload', () => {
  it('accepts any object with an _id, keeping the JWT claims', () => {
    expect(parseUserTokenPayload({ _id: 'u1', iat: 1, exp: 2 })).toEqual({
      _id: 'u1',
      iat: 1,
      exp: 2,
    })
  })

  it('accepts ISO creation dates, null plans and null subscription ids from older servers', () => {
    expect(
      parseUserTokenPayload({ _id: 'u1', createdAt: '2022-05-01T00:00:00Z', userPlan: null }),
    ).not.toBeNull()
    expect(
      parseUserTokenPayload({ _id: 'u1', userPlan: { type: 'PREMIUM', subscription_id: null } }),
    ).not.toBeNull()
  })

  it('keeps an unknown plan type so that plan resolution can treat it as Free', () => {
    const payload = parseUserTokenPayload({
      _id: 'u1',
      premium: false,
      userPlan: { type: 'PLATINUM', expiresDateMillis: NOW + 1, subscription_id: 's' },
    })
    expect(payload).not.toBeNull()
    expect(resolvePlan(payload, NOW)).toBe(Plan.FREE)
  })

  it.each([
    ['no payload', null],
    ['a string', 'token'],
    ['no _id', { email: 'a@example.com' }],
    ['an empty _id', { _id: '' }],
    ['a numeric _id', { _id: 7 }],
    ['a non-boolean premium', { _id: 'u1', premium: 'yes' }],
    ['a non-string email', { _id: 'u1', email: 1 }],
    ['a plan without type', { _id: 'u1', userPlan: { expiresDateMillis: 1 } }],
    ['a string expiry', { _id: 'u1', userPlan: { type: 'PREMIUM', expiresDateMillis: 'soon' } }],
    ['a boolean creation date', { _id: 'u1', createdAt: true }],
  ])('rejects %s', (_name, value) => {
    expect(parseUserTokenPayload(value)).toBeNull()
  })

  it('accepts the defaults of the factory', () => {
    const payload = createUserTokenPayload({ _id: 'u1' }, NOW)
    expect(UserTokenPayloadSchema.parse(payload)).toEqual(payload)
  })
})
