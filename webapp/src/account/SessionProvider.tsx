// The signed-in session for the React tree: read from localStorage on load, changed by signing in
// or out here, and by other tabs of this origin (the storage event). Signing out may leave a
// notice (a 401 during sync, or a token found expired, says 'Your token expired. Please login
// again.'). The token is renewed before it expires (use-token-refresh.ts).
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
import { SESSION_TOKEN_KEY, toSession, type Session } from './session-token'
import { useTokenRefresh } from './use-token-refresh'

/** The session and what changes it. */
export interface SessionValue {
  session: Session | null
  /** Why the person was signed out, if the app did it. */
  notice: string | undefined
  signIn: (token: string) => void
  /**
   * Signs out, showing `notice`. With `ofToken`, only if the session still has that token: a
   * refusal of a token already replaced (a password change here renews it) signs nobody out.
   */
  signOut: (notice?: string, ofToken?: string) => void
  dismissNotice: () => void
}

const SessionContext = createContext<SessionValue | null>(null)

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(SESSION_TOKEN_KEY)
  } catch {
    return null
  }
}

function writeStoredToken(token: string | null): void {
  try {
    if (token === null) {
      localStorage.removeItem(SESSION_TOKEN_KEY)
    } else {
      localStorage.setItem(SESSION_TOKEN_KEY, token)
    }
  } catch {
    // Storage blocked: the session lasts as long as the tab.
  }
}

/** Provides the session to `children`. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState(readStoredToken)
  const [notice, setNotice] = useState<string>()
  // The token as of the last change, read by signOut before React renders it.
  const latest = useRef(token)
  const setToken = useCallback((next: string | null) => {
    latest.current = next
    setTokenState(next)
  }, [])

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_TOKEN_KEY || event.key === null) {
        setToken(readStoredToken())
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [setToken])

  const signIn = useCallback(
    (next: string) => {
      writeStoredToken(next)
      setNotice(undefined)
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

  const value = useMemo<SessionValue>(
    () => ({ session: toSession(token, Date.now()), notice, signIn, signOut, dismissNotice }),
    [token, notice, signIn, signOut, dismissNotice],
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
