// The signed-in session for the React tree: read from localStorage on load, changed by signing in
// or out here, and by other tabs of this origin (the storage event). Signing out may leave a
// notice (a 401, or a token found expired, says 'Your token expired. Please login again.'). The
// token is renewed before it expires (use-token-refresh.ts). What the token does not carry (is
// the email confirmed?) comes from the relay's user info, asked on sign-in, on load and on focus
// now and then, and kept under the spec's names (account-storage.ts) so that every tab sees it.
// refreshAccount() makes the plan follow the relay at once (after sign-in, after a purchase).
import { Message, RelayCallError, RelayErrorKind } from '@inkmark/shared'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { fetchUserInfo, refreshToken } from './account-api'
import {
  EMAIL_ACTIVATED_KEY,
  clearUserInfo,
  readEmailActivated,
  readLastServerFetch,
  readStoredToken,
  writeStoredToken,
  writeUserInfo,
} from './account-storage'
import { SESSION_TOKEN_KEY, toSession, type Session } from './session-token'
import { useTokenRefresh } from './use-token-refresh'

/** The user info is asked again on focus once it is older than this. */
export const USER_INFO_MAX_AGE_MS = 5 * 60 * 1000

/** The session and what changes it. */
export interface SessionValue {
  session: Session | null
  /** Whether the email is confirmed, as the relay last said; undefined when not known. */
  emailActivated: boolean | undefined
  /** Why the person was signed out, if the app did it. */
  notice: string | undefined
  signIn: (token: string) => void
  /**
   * Signs out, showing `notice`. With `ofToken`, only if the session still has that token: a
   * refusal of a token already replaced (a password change here renews it) signs nobody out.
   */
  signOut: (notice?: string, ofToken?: string) => void
  dismissNotice: () => void
  /**
   * Reads the account again from the relay (GET /users/userinfo/{id}?invalidateCache=true), then
   * renews the token (POST /auth/refresh-token) so that the stored token carries the current plan:
   * the plan shown, the features unlocked and sync follow at once. Resolves when done; a refused
   * token signs out with the spec's message; other failures reject.
   */
  refreshAccount: () => Promise<void>
  /** Goes up after each refreshAccount that finished: sync runs again if the plan refused it. */
  accountRefreshes: number
}

const SessionContext = createContext<SessionValue | null>(null)

function isUnauthorized(error: unknown): boolean {
  return error instanceof RelayCallError && error.kind === RelayErrorKind.UNAUTHORIZED
}

/** Provides the session to `children`. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState(readStoredToken)
  const [emailActivated, setEmailActivated] = useState(readEmailActivated)
  const [notice, setNotice] = useState<string>()
  const [accountRefreshes, setAccountRefreshes] = useState(0)
  // The token as of the last change, read by signOut before React renders it.
  const latest = useRef(token)
  // Set by signIn: the next session's first look at the relay is a full refreshAccount.
  const justSignedIn = useRef(false)
  const setToken = useCallback((next: string | null) => {
    latest.current = next
    setTokenState(next)
  }, [])

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_TOKEN_KEY || event.key === null) {
        setToken(readStoredToken())
      }
      if (event.key === EMAIL_ACTIVATED_KEY || event.key === null) {
        setEmailActivated(readEmailActivated())
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [setToken])

  const signIn = useCallback(
    (next: string) => {
      writeStoredToken(next)
      clearUserInfo()
      setEmailActivated(undefined)
      setNotice(undefined)
      justSignedIn.current = true
      setToken(next)
    },
    [setToken],
  )
  const signOut = useCallback(
    (message?: string, ofToken?: string) => {
      if (ofToken !== undefined && latest.current !== ofToken) {
        return
      }
      writeStoredToken(null)
      setEmailActivated(undefined)
      setNotice(message)
      setToken(null)
    },
    [setToken],
  )
  const dismissNotice = useCallback(() => setNotice(undefined), [])
  // A renewed token replaces the old one without touching the notice.
  const replaceToken = useCallback(
    (next: string) => {
      writeStoredToken(next)
      setToken(next)
    },
    [setToken],
  )
  useTokenRefresh(token, replaceToken, signOut)

  /** Asks the relay's user info for the session of `asked` and keeps what it says. */
  // Only the answer to the latest ask is kept: an older one may predate a confirmation.
  const userInfoAsks = useRef(0)
  const loadUserInfo = useCallback(
    async (asked: string, userId: string) => {
      const ask = ++userInfoAsks.current
      try {
        const info = await fetchUserInfo(asked, userId)
        if (latest.current === asked && ask === userInfoAsks.current) {
          writeUserInfo(info.isEmailActivated === true, Date.now())
          setEmailActivated(info.isEmailActivated === true)
        }
      } catch (error) {
        if (isUnauthorized(error)) {
          signOut(Message.TOKEN_EXPIRED, asked)
        }
        throw error
      }
    },
    [signOut],
  )

  // One refresh at a time per token: callers that ask meanwhile share it.
  const refreshing = useRef<{ token: string; done: Promise<void> }>()
  const refreshAccount = useCallback((): Promise<void> => {
    const asked = latest.current
    const session = toSession(asked, Date.now())
    if (asked === null || session === null) {
      return Promise.resolve()
    }
    if (refreshing.current?.token === asked) {
      return refreshing.current.done
    }
    const run = async () => {
      await loadUserInfo(asked, session.userId)
      let renewed: string
      try {
        renewed = await refreshToken(asked)
      } catch (error) {
        if (isUnauthorized(error)) {
          signOut(Message.TOKEN_EXPIRED, asked)
        }
        throw error
      }
      if (latest.current === asked) {
        replaceToken(renewed)
        setAccountRefreshes((count) => count + 1)
      }
    }
    const done = run().finally(() => {
      if (refreshing.current?.done === done) {
        refreshing.current = undefined
      }
    })
    refreshing.current = { token: asked, done }
    return done
  }, [loadUserInfo, replaceToken, signOut])

  const session = useMemo(() => toSession(token, Date.now()), [token])
  const userId = session?.userId
  useEffect(() => {
    if (userId === undefined) {
      return
    }
    const asked = latest.current
    if (asked === null) {
      return
    }
    if (justSignedIn.current) {
      justSignedIn.current = false
      void refreshAccount().catch(() => undefined)
    } else {
      // The relay down or refusing: the last known state stays (a refusal signs out).
      void loadUserInfo(asked, userId).catch(() => undefined)
    }
    const onFocus = () => {
      const current = latest.current
      if (current !== null && Date.now() - readLastServerFetch() > USER_INFO_MAX_AGE_MS) {
        void loadUserInfo(current, userId).catch(() => undefined)
      }
    }
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
    // Once per account: a renewed token of the same account is not a reason to ask again.
  }, [userId, loadUserInfo, refreshAccount])

  const value = useMemo<SessionValue>(
    () => ({
      session,
      emailActivated,
      notice,
      signIn,
      signOut,
      dismissNotice,
      refreshAccount,
      accountRefreshes,
    }),
    [
      session,
      emailActivated,
      notice,
      signIn,
      signOut,
      dismissNotice,
      refreshAccount,
      accountRefreshes,
    ],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

/** The session and its actions. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext)
  if (value === null) {
    throw new Error('useSession needs a <SessionProvider> above it')
  }
  return value
}
