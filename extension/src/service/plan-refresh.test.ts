import { RelayClient } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { accountIdOf, isPlanCheckDue, refreshPlanToken } from './plan-refresh'

/** The address a fetch was given. */
function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
}

function tokenFor(payload: object): string {
  return `header.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.signature`
}

describe('when the plan is read again', () => {
  it('is due without a check, once the TTL has run out, or when the clock went back', () => {
    expect(isPlanCheckDue(undefined, 60_000, 1_000)).toBe(true)
    expect(isPlanCheckDue(1_000, 60_000, 60_999)).toBe(false)
    expect(isPlanCheckDue(1_000, 60_000, 61_000)).toBe(true)
    expect(isPlanCheckDue(5_000, 60_000, 1_000)).toBe(true)
    // No config: the shared default TTL (an hour).
    expect(isPlanCheckDue(0, undefined, 59 * 60_000)).toBe(false)
    expect(isPlanCheckDue(0, undefined, 60 * 60_000)).toBe(true)
  })
})

describe('the plan refresh', () => {
  it('reads the account with its cache dropped, then asks for a new token', async () => {
    const old = tokenFor({ _id: 'user-1', userPlan: { type: 'FREE_TRIAL' } })
    const renewed = tokenFor({ _id: 'user-1', userPlan: { type: 'ULTIMATE' } })
    const calls: string[] = []
    const client = new RelayClient({
      servers: () => ['http://127.0.0.1:1'],
      getToken: () => old,
      browserType: 'chrome',
      appType: 'extension',
      fetch: (input, init) => {
        calls.push(`${init?.method} ${urlOf(input)}`)
        return Promise.resolve(
          urlOf(input).endsWith('/auth/refresh-token')
            ? Response.json({ token: renewed })
            : Response.json({ _id: 'user-1' }),
        )
      },
    })
    expect(await refreshPlanToken(client, old)).toBe(renewed)
    expect(calls).toEqual([
      'GET http://127.0.0.1:1/users/userinfo/user-1?invalidateCache=true',
      'POST http://127.0.0.1:1/auth/refresh-token',
    ])
  })

  it('refuses a token of another account or none', async () => {
    const old = tokenFor({ _id: 'user-1' })
    const client = new RelayClient({
      servers: () => ['http://127.0.0.1:1'],
      getToken: () => old,
      browserType: 'chrome',
      appType: 'extension',
      fetch: (input) =>
        Promise.resolve(
          urlOf(input).endsWith('/auth/refresh-token')
            ? Response.json({ token: tokenFor({ _id: 'user-2' }) })
            : Response.json({}),
        ),
    })
    await expect(refreshPlanToken(client, old)).rejects.toThrow(/no token for this account/)
    expect(accountIdOf('not a token')).toBeUndefined()
  })
})
