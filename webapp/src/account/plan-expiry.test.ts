import { LIFETIME_EXPIRY_MARKER_MILLIS, Plan } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { planExpiryText } from './plan-expiry'

const day = (millis: number) => new Date(millis).toISOString().slice(0, 10)
const END = Date.UTC(2027, 0, 31)

describe('planExpiryText', () => {
  it('says when a trial ends', () => {
    const user = { _id: 'u', userPlan: { type: 'FREE_TRIAL', expiresDateMillis: END } }
    expect(planExpiryText(Plan.FREE_TRIAL, user, day)).toBe('Your trial ends on 2027-01-31.')
  })

  it('says until when a paid plan runs, and whether it renews', () => {
    const subscribed = {
      _id: 'u',
      userPlan: { type: 'ULTIMATE', expiresDateMillis: END, subscription_id: 'sub_1' },
    }
    expect(planExpiryText(Plan.ULTIMATE, subscribed, day)).toBe(
      'Paid until 2027-01-31; renews unless the subscription is cancelled.',
    )
    const once = { _id: 'u', userPlan: { type: 'PREMIUM', expiresDateMillis: END } }
    expect(planExpiryText(Plan.PREMIUM, once, day)).toBe('Paid until 2027-01-31.')
  })

  it('says a lifetime plan does not end', () => {
    const marker = {
      _id: 'u',
      userPlan: { type: 'PREMIUM', expiresDateMillis: LIFETIME_EXPIRY_MARKER_MILLIS },
    }
    expect(planExpiryText(Plan.ULTIMATE, marker, day)).toBe('Lifetime: it does not end.')
    const lifetime = {
      _id: 'u',
      userPlan: { type: 'ULTIMATE', expiresDateMillis: END, userPlanDuration: 'Lifetime' },
    }
    expect(planExpiryText(Plan.ULTIMATE, lifetime, day)).toBe('Lifetime: it does not end.')
  })

  it('says when the last plan ended on Basic, and nothing without one', () => {
    const ended = { _id: 'u', userPlan: { type: 'FREE_TRIAL', expiresDateMillis: END } }
    expect(planExpiryText(Plan.FREE, ended, day)).toBe('Your last plan ended on 2027-01-31.')
    expect(planExpiryText(Plan.FREE, { _id: 'u', userPlan: null }, day)).toBeUndefined()
  })
})
