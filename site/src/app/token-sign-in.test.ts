import { describe, expect, it } from 'vitest'
import {
  decodeJwtPayload,
  JWT_STORAGE_KEY,
  signInWithUrlToken,
  withoutToken,
} from './token-sign-in'

const base64Url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
const jwt = (payload: unknown) => `${base64Url({ alg: 'HS256' })}.${base64Url(payload)}.signature`

function fakeStorage() {
  const items = new Map<string, string>()
  return { items, setItem: (key: string, value: string) => void items.set(key, value) }
}

describe('token sign-in', () => {
  it('stores a token with an _id and replaces the address without it', () => {
    const token = jwt({ _id: 'user-1', name: 'Zoë ✓' })
    const storage = fakeStorage()
    const replaced: string[] = []
    const done = signInWithUrlToken(
      `https://site.example/pricing?a=1&token=${token}&b=2#plans`,
      storage,
      (to) => replaced.push(to),
    )
    expect(done).toBe(true)
    expect(storage.items.get(JWT_STORAGE_KEY)).toBe(token)
    expect(replaced).toEqual(['/pricing?a=1&b=2#plans'])
  })

  it('does nothing for a token without an _id, a malformed token, or none', () => {
    for (const href of [
      `https://site.example/?token=${jwt({ sub: 'x' })}`,
      `https://site.example/?token=${jwt({ _id: '' })}`,
      'https://site.example/?token=not-a-jwt',
      'https://site.example/?token=a.%%%.c',
      `https://site.example/?token=${jwt(['_id'])}`,
      'https://site.example/faq',
    ]) {
      const storage = fakeStorage()
      const replaced: string[] = []
      expect(
        signInWithUrlToken(href, storage, (to) => replaced.push(to)),
        href,
      ).toBe(false)
      expect(storage.items.size).toBe(0)
      expect(replaced).toEqual([])
    }
  })

  it('stays put when storage refuses the token', () => {
    const replaced: string[] = []
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(
      signInWithUrlToken(`https://s.example/?token=${jwt({ _id: 'u' })}`, refusing, (to) =>
        replaced.push(to),
      ),
    ).toBe(false)
    expect(replaced).toEqual([])
  })

  it('decodes base64url payloads with UTF-8', () => {
    expect(decodeJwtPayload(jwt({ _id: 'ü-1' }))).toEqual({ _id: 'ü-1' })
    expect(withoutToken('https://s.example/a/?token=x')).toBe('/a/')
  })
})
