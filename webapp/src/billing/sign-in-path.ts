// Where a signed-out buyer goes first: /auth, which brings them back to `returnTo` (the pricing
// page, the test checkout) afterwards; /auth checks the path stays in this app.
import { authSearch } from '../account/open-sign-in'

/** The sign-in address that returns to `returnTo`. */
export function signInPath(returnTo: string): string {
  const search = new URLSearchParams(authSearch(returnTo)).toString()
  return `/auth${search === '' ? '' : `?${search}`}`
}
