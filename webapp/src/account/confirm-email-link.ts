// The confirmation link the relay mails: `/email-confirmation-success#token=...`. The one-time
// token rides in the fragment, which browsers never send to a server; links mailed before that
// carried it in the query, which is still read. Either way the page takes it out of the address
// bar at once (history.replaceState) and spends it once: React's double effects in development,
// or a second render, must not spend it twice and then report the second, refused, attempt.
import { RelayCallError } from '@inkmark/shared'
import { confirmEmail } from './account-api'

/** What confirming came to. */
export type ConfirmOutcome = 'confirmed' | 'used-or-expired' | 'failed'

function isPlausibleToken(token: string | null): token is string {
  return token !== null && token.length >= 10 && token.length <= 200
}

/** The token of the link at `location` (fragment first, then query), when plausible. */
export function confirmationTokenOf(location: {
  hash: string
  search: string
}): string | undefined {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token')
  if (isPlausibleToken(fromHash)) {
    return fromHash
  }
  const fromQuery = new URLSearchParams(location.search).get('token')
  return isPlausibleToken(fromQuery) ? fromQuery : undefined
}

let taken: string | undefined

/**
 * Takes the link's token out of the address bar; returns it (or the one taken before, for a
 * second mount of the page in the same load).
 */
export function takeConfirmationToken(): string | undefined {
  const token = confirmationTokenOf(window.location)
  if (token !== undefined || window.location.hash !== '' || window.location.search !== '') {
    window.history.replaceState(window.history.state, '', window.location.pathname)
  }
  if (token !== undefined) {
    taken = token
  }
  return taken
}

const attempts = new Map<string, Promise<ConfirmOutcome>>()

/** The outcome of a relay answer or error. */
export function toConfirmOutcome(error: unknown): ConfirmOutcome {
  return error instanceof RelayCallError && error.code === 'INVALID_TOKEN'
    ? 'used-or-expired'
    : 'failed'
}

/** Confirms with `token` once per page load; later calls get the first call's outcome. */
export function confirmOnce(
  token: string,
  confirm: (token: string) => Promise<void> = confirmEmail,
): Promise<ConfirmOutcome> {
  let attempt = attempts.get(token)
  if (attempt === undefined) {
    attempt = confirm(token).then(
      () => 'confirmed' as const,
      (error: unknown) => toConfirmOutcome(error),
    )
    attempts.set(token, attempt)
  }
  return attempt
}
