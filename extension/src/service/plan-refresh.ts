// The plan follows the relay without a new sign-in: a purchase made in the web app changes the
// account's stored plan, and the login token (which carries the plan) is renewed to say so. After
// a sign-in, and when the popup opens once the last check is older than the config's TTL, the
// background asks GET /users/userinfo/:id?invalidateCache=true and then POST /auth/refresh-token,
// and keeps the new token.
import {
  DEFAULT_SERVER_CONFIG_TTL_MILLIS,
  decodeTokenPayload,
  type RelayClient,
} from '@inkmark/shared'

/** Whether a plan check made at `checkedAt` is older than `ttlMillis` at `now`. */
export function isPlanCheckDue(
  checkedAt: number | undefined,
  ttlMillis: number | undefined,
  now: number,
): boolean {
  if (checkedAt === undefined || checkedAt > now) {
    return true
  }
  return now - checkedAt >= (ttlMillis ?? DEFAULT_SERVER_CONFIG_TTL_MILLIS)
}

/** The account id a login token names, or undefined. */
export function accountIdOf(token: string): string | undefined {
  const payload = decodeTokenPayload(token) as { _id?: unknown } | null
  return typeof payload?._id === 'string' && payload._id !== '' ? payload._id : undefined
}

/**
 * Reads the account again at the relay (its cache dropped) and answers a new token that carries
 * the plan it has now. `client` sends the current token. Throws the relay's errors (a 401 means the
 * session ended).
 */
export async function refreshPlanToken(client: RelayClient, token: string): Promise<string> {
  const id = accountIdOf(token)
  if (id === undefined) {
    throw new Error('The login token names no account')
  }
  await client.request('GET', `/users/userinfo/${encodeURIComponent(id)}?invalidateCache=true`)
  const answer = await client.request<{ token?: unknown }>('POST', '/auth/refresh-token')
  if (typeof answer?.token !== 'string' || accountIdOf(answer.token) !== id) {
    throw new Error('The relay answered no token for this account')
  }
  return answer.token
}
