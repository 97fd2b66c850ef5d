// Login tokens for the 401 paths: the relay's HS256 JWTs, re-signed with chosen claims (an expired
// one) or with a foreign secret (a bad signature), from a token the relay issued.
import { createHmac } from 'node:crypto'
import { TEST_RELAY_SECRET } from './relay-process'

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** The claims of a JWT, unverified. */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

/** Signs `claims` as the relay does (HS256), with `secret`. */
export function signToken(claims: Record<string, unknown>, secret = TEST_RELAY_SECRET): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const payload = base64url(JSON.stringify(claims))
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest()
  return `${header}.${payload}.${base64url(signature)}`
}

/** The same token, expired a minute ago (signed properly). */
export function expiredCopy(token: string): string {
  const now = Math.floor(Date.now() / 1000)
  return signToken({ ...claimsOf(token), iat: now - 7200, exp: now - 60 })
}

/** The same claims signed with another secret. */
export function wronglySignedCopy(token: string): string {
  return signToken(claimsOf(token), 'not-the-relay-secret-0123456789abcdef')
}
