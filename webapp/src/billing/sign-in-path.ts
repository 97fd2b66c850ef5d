// Where a signed-out buyer goes first: sign-in, which brings them back to `returnTo` (the pricing
// page with the chosen plan) afterwards.

/** The sign-in address that returns to `returnTo`. */
export function signInPath(returnTo: string): string {
  return `/login?${new URLSearchParams({ redirectPath: returnTo }).toString()}`
}
