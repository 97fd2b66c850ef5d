// The search of /reset-password: the token of a reset link, when the page was opened from one.

/** The parameters /reset-password reads. */
export interface ResetPasswordSearch {
  token?: string
}

/** Keeps `token` when it is a plausible reset token (the relay's are 10 to 200 characters). */
export function parseResetPasswordSearch(search: Record<string, unknown>): ResetPasswordSearch {
  const token = search.token
  return typeof token === 'string' && token.length >= 10 && token.length <= 200 ? { token } : {}
}
