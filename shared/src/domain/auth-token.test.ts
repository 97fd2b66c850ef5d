import { describe, expect, it } from 'vitest'
import { decodeTokenPayload, isTokenExpired, takeTokenFromUrl } from './auth-token'
import { encodeBase64Utf8 } from './base64'

function makeToken(payload: unknown): string {
  const b64url = (text: string) =>
    encodeBase64Utf8(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(payload))}.signature`
}

describe('decodeTokenPayload', () => {
  it('reads the claims of a token with an _id', () => {
    const token = makeToken({ _id: 'u1', email: 'zoë@example.com', premium: true, exp: 10 })
    expect(decodeTokenPayload(token)).toEqual({
      _id: 'u1',
      email: 'zoë@example.com',
      premium: true,
      exp: 10,
    })
  })

  it.each([
    ['not a jwt', 'abc'],
    ['two parts', 'a.b'],
    ['empty payload', 'a..c'],
    ['payload not json', `a.${encodeBase64Utf8('nope')}.c`],
    ['payload not base64', 'a.!!!.c'],
    ['no _id', makeToken({ email: 'a@b.c' })],
    ['empty _id', makeToken({ _id: '' })],
    ['numeric _id', makeToken({ _id: 7 })],
    ['payload null', makeToken(null)],
  ])('rejects %s', (_label, token) => {
    expect(decodeTokenPayload(token)).toBeNull()
  })
})

describe('isTokenExpired', () => {
  it('compares exp in seconds with now in millis, expired at equality', () => {
    expect(isTokenExpired({ _id: 'u', exp: 100 }, 99_999)).toBe(false)
    expect(isTokenExpired({ _id: 'u', exp: 100 }, 100_000)).toBe(true)
    expect(isTokenExpired({ _id: 'u' }, Number.MAX_SAFE_INTEGER)).toBe(false)
  })
})

describe('takeTokenFromUrl', () => {
  const token = makeToken({ _id: 'u1' })

  it('takes a valid token and gives the same path without the parameter', () => {
    expect(takeTokenFromUrl(`https://inkmark.app/pricing?token=${token}&plan=yearly#top`)).toEqual({
      token,
      urlWithoutToken: 'https://inkmark.app/pricing?plan=yearly#top',
    })
    expect(takeTokenFromUrl(`https://inkmark.app/?token=${encodeURIComponent(token)}`)).toEqual({
      token,
      urlWithoutToken: 'https://inkmark.app/',
    })
  })

  it('does nothing without a token or with a token that has no _id', () => {
    expect(takeTokenFromUrl('https://inkmark.app/pricing')).toBeNull()
    expect(takeTokenFromUrl('https://inkmark.app/pricing?plan=1')).toBeNull()
    expect(takeTokenFromUrl(`https://inkmark.app/?token=${makeToken({ a: 1 })}`)).toBeNull()
    expect(takeTokenFromUrl('https://inkmark.app/?token=%E0%A4%A')).toBeNull()
  })
})
