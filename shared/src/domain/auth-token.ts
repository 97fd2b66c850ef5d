// Reads the login token (a JWT) on the client: the spec keeps it in local storage and decodes it
// there to know the user, and accepts a token handed over in a URL only if it decodes to a user.
// Decoding is not verifying: the relay verifies signatures; the client only reads its own token.
import { decodeBase64Utf8 } from './base64'

/** The claims the client reads from its token. */
export interface DecodedToken {
  _id: string
  email?: string
  premium?: boolean
  userPlan?: unknown
  createdAt?: number | string
  exp?: number
  [claim: string]: unknown
}

/** Decodes a JWT's payload; null unless it has three parts, parses, and carries a string _id. */
export function decodeTokenPayload(token: string): DecodedToken | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) {
    return null
  }
  try {
    const payload: unknown = JSON.parse(decodeBase64Utf8(parts[1]))
    if (
      typeof payload === 'object' &&
      payload !== null &&
      typeof (payload as { _id?: unknown })._id === 'string' &&
      (payload as { _id: string })._id !== ''
    ) {
      return payload as DecodedToken
    }
    return null
  } catch {
    return null
  }
}

/** True when the token's `exp` (seconds) is at or before `now` (millis). A token without exp never expires here. */
export function isTokenExpired(token: DecodedToken, now: number): boolean {
  return typeof token.exp === 'number' && token.exp * 1000 <= now
}

/**
 * The website's token sign-in: if `url` has a `token` query parameter that decodes to a payload
 * with an _id, returns the token and the same URL without that parameter (to reload at); else null.
 */
export function takeTokenFromUrl(url: string): { token: string; urlWithoutToken: string } | null {
  const hashStart = url.indexOf('#')
  const beforeHash = hashStart === -1 ? url : url.slice(0, hashStart)
  const hash = hashStart === -1 ? '' : url.slice(hashStart)
  const queryStart = beforeHash.indexOf('?')
  if (queryStart === -1) {
    return null
  }
  const base = beforeHash.slice(0, queryStart)
  const params = beforeHash.slice(queryStart + 1).split('&')
  let token: string | undefined
  const kept: string[] = []
  for (const param of params) {
    const [key = '', ...rest] = param.split('=')
    if (key === 'token' && token === undefined) {
      token = safeDecode(rest.join('='))
    } else if (param !== '') {
      kept.push(param)
    }
  }
  if (token === undefined || decodeTokenPayload(token) === null) {
    return null
  }
  const query = kept.length > 0 ? `?${kept.join('&')}` : ''
  return { token, urlWithoutToken: `${base}${query}${hash}` }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return value
  }
}
