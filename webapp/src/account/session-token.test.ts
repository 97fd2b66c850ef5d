import { Plan, PLAN_DISPLAY_NAMES } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { toSession } from './session-token'

const NOW = Date.UTC(2026, 0, 1)

function tokenOf(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`
}

describe('toSession', () => {
  it('is null without a token, for garbage, and for an expired token', () => {
    expect(toSession(null, NOW)).toBeNull()
    expect(toSession('not-a-token', NOW)).toBeNull()
    expect(toSession(tokenOf({ _id: 'u1', exp: NOW / 1000 - 1 }), NOW)).toBeNull()
  })

  it('reads the user and names a free trial plan', () => {
    const token = tokenOf({
      _id: 'u1',
      email: 'ada@example.org',
      premium: false,
      createdAt: NOW,
      userPlan: { type: 'FREE_TRIAL', expiresDateMillis: NOW + 86_400_000 },
      exp: NOW / 1000 + 3600,
    })
    const session = toSession(token, NOW)
    expect(session).toMatchObject({
      token,
      userId: 'u1',
      email: 'ada@example.org',
      plan: Plan.FREE_TRIAL,
      planName: PLAN_DISPLAY_NAMES[Plan.FREE_TRIAL],
    })
  })
})
