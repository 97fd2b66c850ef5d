import { canSync, decodeTokenPayload, resolvePlan } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { buildRelay, registerUser } from '../testing/build'

const NOW = Date.UTC(2026, 10, 21)

describe('the trial granted at registration', () => {
  it('gives a new account the configured days of free trial, so it may sync', async () => {
    const app = await buildRelay({ config: { trialDays: 365 }, now: () => NOW })
    const payload = decodeTokenPayload(await registerUser(app))!
    expect(payload.userPlan).toEqual({
      type: 'FREE_TRIAL',
      expiresDateMillis: NOW + 365 * 24 * 60 * 60 * 1000,
      userPlanDuration: '1Y',
    })
    const user = {
      ...payload,
      userPlan: payload.userPlan as { type: string; expiresDateMillis: number },
    }
    expect(resolvePlan(user, NOW)).toBe('FREE_TRIAL')
    expect(canSync(user, NOW)).toBe(true)
  })

  it('gives none with 0 days: the account is Basic and may not sync', async () => {
    const app = await buildRelay({ config: { trialDays: 0 }, now: () => NOW })
    const payload = decodeTokenPayload(await registerUser(app))!
    expect(payload.userPlan).toBeNull()
    expect(canSync({ ...payload, userPlan: null }, NOW)).toBe(false)
  })
})
