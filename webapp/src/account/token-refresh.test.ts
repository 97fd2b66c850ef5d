import { describe, expect, it } from 'vitest'
import { DEFAULT_TOKEN_LIFETIME_MS, tokenVerdict } from './token-refresh'

const DAY = 24 * 60 * 60 * 1000
const ISSUED = Date.UTC(2026, 10, 22, 12)

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function token(claims: Record<string, unknown>): string {
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(claims))}.sig`
}

const weekToken = token({ _id: 'u1', iat: ISSUED / 1000, exp: (ISSUED + 7 * DAY) / 1000 })

describe('tokenVerdict', () => {
  it('keeps a fresh token', () => {
    expect(tokenVerdict(weekToken, ISSUED)).toBe('valid')
    expect(tokenVerdict(weekToken, ISSUED + 3 * DAY)).toBe('valid')
  })

  it('refreshes once less than half the lifetime remains', () => {
    expect(tokenVerdict(weekToken, ISSUED + 3.5 * DAY + 1)).toBe('refresh')
    expect(tokenVerdict(weekToken, ISSUED + 7 * DAY - 1)).toBe('refresh')
  })

  it('calls a token expired at and after its expiry', () => {
    expect(tokenVerdict(weekToken, ISSUED + 7 * DAY)).toBe('expired')
    expect(tokenVerdict(weekToken, ISSUED + 30 * DAY)).toBe('expired')
  })

  it('assumes the relay lifetime when the token has no issue time', () => {
    const exp = ISSUED + DEFAULT_TOKEN_LIFETIME_MS
    const noIat = token({ _id: 'u1', exp: exp / 1000 })
    expect(tokenVerdict(noIat, ISSUED + DAY)).toBe('valid')
    expect(tokenVerdict(noIat, exp - DAY)).toBe('refresh')
  })

  it('never refreshes a token without expiry, and refuses what is not a token', () => {
    expect(tokenVerdict(token({ _id: 'u1' }), ISSUED)).toBe('valid')
    expect(tokenVerdict('not-a-token', ISSUED)).toBe('invalid')
    expect(tokenVerdict(token({ exp: 1 }), ISSUED)).toBe('invalid')
  })
})
