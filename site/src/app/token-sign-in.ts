// Token sign-in on the website (spec section 4): a link with `?token=<JWT>` whose payload has an
// `_id` signs the visitor in. The token is stored under localStorage 'jwt_webmarker' and the page
// is loaded again at the same address without the parameter (so the token leaves the address bar
// and the history). Any other token is left alone: nothing happens.

export const JWT_STORAGE_KEY = 'jwt_webmarker'

/** The decoded payload of a JWT, or undefined when it is not one. */
export function decodeJwtPayload(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.')
  if (parts.length !== 3 || parts[1] === undefined || parts[1] === '') {
    return undefined
  }
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
    const binary = atob(padded)
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** The address without its token parameter (path, other parameters and hash kept). */
export function withoutToken(href: string): string {
  const url = new URL(href)
  url.searchParams.delete('token')
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Signs in with the address's token when it has one with an `_id`: stores it and replaces the
 * page. Returns true when it did (the page is going away), false otherwise.
 */
export function signInWithUrlToken(
  href: string,
  storage: Pick<Storage, 'setItem'>,
  replace: (address: string) => void,
): boolean {
  const token = new URL(href).searchParams.get('token')
  if (token === null) {
    return false
  }
  const payload = decodeJwtPayload(token)
  const id = payload?._id
  if (id === undefined || id === null || id === '') {
    return false
  }
  try {
    storage.setItem(JWT_STORAGE_KEY, token)
  } catch {
    return false // storage refused (private mode quota): stay on the page as it is
  }
  replace(withoutToken(href))
  return true
}
