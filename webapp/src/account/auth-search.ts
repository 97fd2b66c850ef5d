// The /auth route's parameters (site spec section 2: redirectPath and google-sso), validated:
// a redirectPath that is not a path of this app is dropped (redirect-path.ts), so the page never
// sends anyone elsewhere; `tab` picks Log in or Sign up.

/** /auth's search parameters after validation. */
export interface AuthSearch {
  redirectPath?: string
  'google-sso'?: true
  tab?: 'sign-up'
}

/** Reads /auth's parameters; unknown or unsafe values are left out. */
export function parseAuthSearch(raw: Record<string, unknown>): AuthSearch {
  const search: AuthSearch = {}
  // Kept as given: toSafeRedirectPath decides at use, so the page can say a link was refused.
  if (typeof raw.redirectPath === 'string' && raw.redirectPath !== '') {
    search.redirectPath = raw.redirectPath
  }
  const sso = raw['google-sso']
  if (sso !== undefined && sso !== false && sso !== 'false' && sso !== 0) {
    search['google-sso'] = true
  }
  if (raw.tab === 'sign-up') {
    search.tab = 'sign-up'
  }
  return search
}
