// Login tokens: JWTs signed with HS256 by jose, the algorithm pinned on verification, and issuer,
// audience and expiry required, so tampered, expired, `alg: none` and foreign tokens all fail.
// The payload is the spec's token payload (_id, email, premium, userPlan, createdAt).
import { createHash, randomBytes } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { StoredUser } from '../storage/relay-storage'

export const TOKEN_ISSUER = 'inkmark-relay'
export const TOKEN_AUDIENCE = 'inkmark-clients'
/** How long a login token lasts before it must be refreshed. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60
const ALGORITHM = 'HS256'

/** The claims of a login token. */
export interface TokenClaims {
  _id: string
  email: string
  premium: boolean
  userPlan: StoredUser['plan']
  createdAt: number
}

/** Signs a login token for `user`. */
export function signUserToken(
  user: StoredUser,
  secret: Uint8Array,
  nowSeconds: number,
): Promise<string> {
  const claims: TokenClaims = {
    _id: user.id,
    email: user.email,
    premium: user.premium,
    userPlan: user.plan,
    createdAt: user.createdAt,
  }
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_LIFETIME_SECONDS)
    .sign(secret)
}

/** Verifies a login token; resolves its claims or rejects. */
export async function verifyUserToken(
  token: string,
  secret: Uint8Array,
  nowSeconds: number,
): Promise<TokenClaims> {
  const { payload } = await jwtVerify(token, secret, {
    algorithms: [ALGORITHM],
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    requiredClaims: ['exp', 'iat', 'sub'],
    currentDate: new Date(nowSeconds * 1000),
  })
  if (typeof payload._id !== 'string' || payload._id !== payload.sub) {
    throw new Error('The token names no user')
  }
  return payload as unknown as TokenClaims
}

/** A random one-time token (for email links) and the hash the relay stores instead of it. */
export function createOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashOneTimeToken(token) }
}

/** The stored form of a one-time token. */
export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
