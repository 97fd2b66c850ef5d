// Where /reset-password finds the token of a reset link. The relay's links carry it in the URL
// fragment (`#token=`), which the browser never sends to any server, so it cannot end up in a
// server log; the page reads it, takes it out of the address bar and posts it in a body. A token in
// the query string (links mailed before the fragment) is still read.

/** The parameters /reset-password reads. */
export interface ResetPasswordSearch {
  token?: string
}

function isPlausibleToken(token: unknown): token is string {
  // The relay's tokens are 10 to 200 characters.
  return typeof token === 'string' && token.length >= 10 && token.length <= 200
}

/** Keeps `token` when it is a plausible reset token. */
export function parseResetPasswordSearch(search: Record<string, unknown>): ResetPasswordSearch {
  const token = search.token
  return isPlausibleToken(token) ? { token } : {}
}

/** The token of a `#token=...` fragment, when plausible. */
export function parseResetTokenFragment(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')
  return isPlausibleToken(token) ? token : undefined
}
