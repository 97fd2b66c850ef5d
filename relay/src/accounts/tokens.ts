// Login tokens: JWTs signed with HS256 by jose, the algorithm pinned on verification, and issuer,
// audience and expiry required, so tampered, expired, `alg: none` and foreign tokens all fail.
// The payload is the spec's token payload (_id, email, premium, userPlan, createdAt) plus what
// ends sessions (docs/adr/029): `sv`, the account's session version when the token was signed
// (revoking sessions raises it, so every older token is refused), and `auth_time`, when the person
// last typed their password, which caps how long refreshing can keep a session alive. The header
// names the signing key (`kid`, ADR 085), so any relay instance sharing the keys verifies it.
import { createHash, randomBytes } from 'node:crypto'
import {
  SignJWT,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWTVerifyResult,
} from 'jose'
import { signingKeyOf, type SigningKey, type SigningKeyRing } from '../cluster/signing-keys'
import type { StoredUser } from '../storage/relay-storage'

export const TOKEN_ISSUER = 'inkmark-relay'
export const TOKEN_AUDIENCE = 'inkmark-clients'
/** How long a login token lasts before it must be refreshed. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60
/** Longest a session lasts from the sign-in, however often its token is refreshed. */
export const MAX_SESSION_AGE_SECONDS = 90 * 24 * 60 * 60
const ALGORITHM = 'HS256'

/** The claims of a login token. */
export interface TokenClaims {
  _id: string
  email: string
  premium: boolean
  userPlan: StoredUser['plan']
  createdAt: number
  /** The account's session version at signing (see the header). */
  sv: number
  /** Seconds since the epoch of the sign-in this session started with. */
  auth_time: number
  /** Expiry, seconds since the epoch. */
  exp: number
}

/** When a session that started at `authTime` (seconds) must end, however often refreshed. */
export function sessionDeadline(authTime: number): number {
  return authTime + MAX_SESSION_AGE_SECONDS
}

/**
 * Signs a login token for `user`. `authTime` is the sign-in the session started with (now, for a
 * sign-in); the token never outlives that session's deadline.
 */
export function signUserToken(
  user: StoredUser,
  key: SigningKey | Uint8Array,
  nowSeconds: number,
  authTime = nowSeconds,
): Promise<string> {
  const signing = key instanceof Uint8Array ? signingKeyOf(key) : key
  const claims = {
    _id: user.id,
    email: user.email,
    premium: user.premium,
    userPlan: user.plan,
    createdAt: user.createdAt,
    sv: user.sessionVersion,
    auth_time: authTime,
  }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: signing.id })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(Math.min(nowSeconds + TOKEN_LIFETIME_SECONDS, sessionDeadline(authTime)))
    .sign(signing.secret)
}

/** Verifies a login token; resolves its claims or rejects. */
export async function verifyUserToken(
  token: string,
  keys: SigningKeyRing,
  nowSeconds: number,
): Promise<TokenClaims> {
  const options = {
    algorithms: [ALGORITHM],
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    requiredClaims: ['exp', 'iat', 'sub'],
    currentDate: new Date(nowSeconds * 1000),
  }
  let verified: JWTVerifyResult | undefined
  const kid = tokenKeyId(token)
  if (kid !== undefined) {
    const key = await keys.find(kid)
    if (!key) {
      throw new joseErrors.JWSSignatureVerificationFailed('The token names an unknown key')
    }
    verified = await jwtVerify(token, key.secret, options)
  } else {
    // Tokens from before key ids: whichever key signed them (the first that verifies).
    for (const [index, key] of keys.all.entries()) {
      try {
        verified = await jwtVerify(token, key.secret, options)
        break
      } catch (error) {
        if (
          !(error instanceof joseErrors.JWSSignatureVerificationFailed) ||
          index === keys.all.length - 1
        ) {
          throw error
        }
      }
    }
  }
  const { payload } = verified!
  if (typeof payload._id !== 'string' || payload._id !== payload.sub) {
    throw new Error('The token names no user')
  }
  // Tokens signed before sessions had versions count as version 0, signed in when issued.
  return {
    ...(payload as unknown as TokenClaims),
    sv: typeof payload.sv === 'number' ? payload.sv : 0,
    auth_time: typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat!,
  }
}

/** The `kid` of a token's header, undefined when it has none or is not a JWT. */
function tokenKeyId(token: string): string | undefined {
  try {
    return decodeProtectedHeader(token).kid
  } catch {
    return undefined
  }
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
