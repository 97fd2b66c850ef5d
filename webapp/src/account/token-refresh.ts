// When the login token should be renewed. The relay's tokens last a week (POST /auth/refresh-token
// issues a new one for a valid token); the web app asks for a new one once less than half of the
// token's lifetime is left, checked on start, on focus and every quarter of an hour, so someone
// who opens the app at least every few days is never signed out. A token past its expiry can no
// longer be refreshed: the person is signed out with the spec's message.
import { decodeTokenPayload } from '@inkmark/shared'

/** How often the token is checked while the app is open. */
export const TOKEN_CHECK_INTERVAL_MS = 15 * 60 * 1000
/** The lifetime assumed for a token that does not say when it was issued (the relay's: 7 days). */
export const DEFAULT_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000
/** The token is refreshed once less than this share of its lifetime remains. */
export const REFRESH_WHEN_REMAINING_SHARE = 0.5

/** What to do with a token now. */
export type TokenVerdict = 'valid' | 'refresh' | 'expired' | 'invalid'

/** Whether `token` is fine, due for a refresh, expired, or not a token at all, at `now`. */
export function tokenVerdict(token: string, now: number): TokenVerdict {
  const payload = decodeTokenPayload(token)
  if (payload === null) {
    return 'invalid'
  }
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) {
    return 'valid'
  }
  const expiresAt = payload.exp * 1000
  if (expiresAt <= now) {
    return 'expired'
  }
  const issuedAt =
    typeof payload.iat === 'number' && Number.isFinite(payload.iat) && payload.iat < payload.exp
      ? payload.iat * 1000
      : expiresAt - DEFAULT_TOKEN_LIFETIME_MS
  const lifetime = expiresAt - issuedAt
  return expiresAt - now < lifetime * REFRESH_WHEN_REMAINING_SHARE ? 'refresh' : 'valid'
}
