// The preHandler of every route that needs a user: a bearer token, verified, of an account that
// still exists and whose sessions were not revoked since the token was signed, or 401 with a code
// that tells an expired token (the client asks to log in again) from a revoked or bad one.
import { errors as joseErrors } from 'jose'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ErrorCode, RelayError } from '../errors'
import type { RelayStorage, StoredUser } from '../storage/relay-storage'
import { KeysUnavailableError, type SigningKeyRing } from '../cluster/signing-keys'
import { verifyUserToken, type TokenClaims } from './tokens'

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1]
}

/** Verifies a token and maps every failure to a 401 RelayError. */
export async function authenticateToken(
  token: string | undefined,
  keys: SigningKeyRing,
  nowMillis: number,
): Promise<TokenClaims> {
  if (!token) {
    throw new RelayError(401, ErrorCode.UNAUTHORIZED, 'A login token is required')
  }
  try {
    return await verifyUserToken(token, keys, Math.floor(nowMillis / 1000))
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new RelayError(401, ErrorCode.TOKEN_EXPIRED, 'Your token expired. Please login again.')
    }
    if (error instanceof KeysUnavailableError) {
      // The database did not answer while looking for the token's key: the token may be good,
      // so the client must not sign out; it tries again.
      throw new RelayError(503, ErrorCode.UNAVAILABLE, 'The relay cannot check sign-ins right now.')
    }
    throw new RelayError(401, ErrorCode.UNAUTHORIZED, 'The login token is not valid')
  }
}

/** The 401 of a session that was ended on purpose. */
export function sessionRevoked(): RelayError {
  return new RelayError(
    401,
    ErrorCode.SESSION_REVOKED,
    'You were signed out on this device. Please login again.',
  )
}

/**
 * Refuses a valid token whose account was deleted since it was signed (it would otherwise keep
 * reading an empty library and fail on writes until it expires), or whose session was revoked
 * (password changed or reset, signed out everywhere). Resolves the account.
 */
export async function requireAccount(
  storage: RelayStorage,
  claims: Pick<TokenClaims, '_id' | 'sv'>,
): Promise<StoredUser> {
  const user = await storage.findUserById(claims._id)
  if (!user) {
    throw new RelayError(401, ErrorCode.UNAUTHORIZED, 'The account of this token no longer exists')
  }
  if (user.sessionVersion !== claims.sv) {
    throw sessionRevoked()
  }
  return user
}

/** preHandler: sets `request.user` from the bearer token of an existing account or answers 401. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { keys, now, storage } = request.server.services
  const claims = await authenticateToken(bearerToken(request.headers.authorization), keys, now())
  await requireAccount(storage, claims)
  request.user = claims
}

/** The authenticated user of a request (after the authenticate hook). */
export function currentUser(request: FastifyRequest): TokenClaims {
  if (!request.user) {
    throw new RelayError(401, ErrorCode.UNAUTHORIZED, 'A login token is required')
  }
  return request.user
}
