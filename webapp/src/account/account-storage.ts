// The signed-in person's values this origin keeps in localStorage, under the spec's names: the
// login token (jwt_webmarker), whether the email is confirmed (isEmailActivated, as the relay last
// said) and when the relay was last asked (lastServerFetchInMillis). One origin's tabs share them,
// so a change in one tab (a sign-in, a confirmed email) reaches the others by the storage event.
import { LEGACY_SESSION_TOKEN_KEY, SESSION_TOKEN_KEY } from './session-token'

/** The localStorage key of the email's confirmation state ('true' or 'false'). */
export const EMAIL_ACTIVATED_KEY = 'isEmailActivated'
/** The localStorage key of the time the relay's user info was last read. */
export const LAST_SERVER_FETCH_KEY = 'lastServerFetchInMillis'

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) {
      localStorage.removeItem(key)
    } else {
      localStorage.setItem(key, value)
    }
  } catch {
    // Storage blocked: the value lasts as long as the tab.
  }
}

/** The stored login token; one kept under the old key is moved to the spec's name first. */
export function readStoredToken(): string | null {
  const token = read(SESSION_TOKEN_KEY)
  if (token !== null) {
    return token
  }
  const legacy = read(LEGACY_SESSION_TOKEN_KEY)
  if (legacy !== null) {
    write(SESSION_TOKEN_KEY, legacy)
    write(LEGACY_SESSION_TOKEN_KEY, null)
  }
  return legacy
}

/** Stores the login token; null signs out and forgets what was known of the account. */
export function writeStoredToken(token: string | null): void {
  write(SESSION_TOKEN_KEY, token)
  write(LEGACY_SESSION_TOKEN_KEY, null)
  if (token === null) {
    write(EMAIL_ACTIVATED_KEY, null)
    write(LAST_SERVER_FETCH_KEY, null)
  }
}

/** Whether the email is confirmed as the relay last said; undefined when not known. */
export function readEmailActivated(): boolean | undefined {
  const value = read(EMAIL_ACTIVATED_KEY)
  return value === 'true' ? true : value === 'false' ? false : undefined
}

/** Remembers what the relay's user info said, and when. */
export function writeUserInfo(emailActivated: boolean, fetchedAt: number): void {
  write(EMAIL_ACTIVATED_KEY, String(emailActivated))
  write(LAST_SERVER_FETCH_KEY, String(fetchedAt))
}

/** When the relay's user info was last read (0 when never). */
export function readLastServerFetch(): number {
  const value = Number(read(LAST_SERVER_FETCH_KEY))
  return Number.isFinite(value) ? value : 0
}

/** Forgets the account values of a previous session (a new sign-in starts unknown). */
export function clearUserInfo(): void {
  write(EMAIL_ACTIVATED_KEY, null)
  write(LAST_SERVER_FETCH_KEY, null)
}
