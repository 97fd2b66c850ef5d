// What the web app knows of the signed-in person comes from the login token alone: it is kept in
// localStorage under one key and decoded (not verified: the relay verifies) to name the user and
// resolve their plan. An expired or undecodable token counts as signed out.
import {
  decodeTokenPayload,
  isTokenExpired,
  planDisplayName,
  resolvePlan,
  type Plan,
  type PlanUser,
} from '@inkmark/shared'

/** The localStorage key of the login token (the spec's stored value name). */
export const SESSION_TOKEN_KEY = 'jwt_webmarker'
/** Where builds before the spec's name kept it; moved to SESSION_TOKEN_KEY when read. */
export const LEGACY_SESSION_TOKEN_KEY = 'inkmark.token'

/** A signed-in session as the app shows it. */
export interface Session {
  token: string
  userId: string
  email: string | undefined
  user: PlanUser
  plan: Plan
  planName: string
}

/** The session of `token` at `now`, or null when the token is missing, invalid or expired. */
export function toSession(token: string | null | undefined, now: number): Session | null {
  if (!token) {
    return null
  }
  const payload = decodeTokenPayload(token)
  if (payload === null || isTokenExpired(payload, now)) {
    return null
  }
  const user = payload as PlanUser
  const plan = resolvePlan(user, now)
  return {
    token,
    userId: payload._id,
    email: typeof payload.email === 'string' ? payload.email : undefined,
    user,
    plan,
    planName: planDisplayName(plan),
  }
}
