// Sync for the web app while someone is signed in: the shared SyncEngine over the app's store,
// run by the SyncScheduler (on start, shortly after local writes, on focus, when back online, on
// demand) and the LiveChannel for changes within a second. A 401 signs out with the spec's
// message; content set aside as too large is counted for the app shell's notice. With the relay
// down the engine reports ALL_SERVERS_OFFLINE and the store keeps everything for the next run.
// When the relay refuses for a limit (429, a full account) or a run fails, sync pauses and the
// pause (why, and when the next attempt is) is given to the indicator to say so.
import {
  LiveChannel,
  SyncEngine,
  decodeTokenPayload,
  SyncScheduler,
  SyncState,
  type PlanUser,
  type SyncOutcome,
  type SyncPause,
  type SyncState as SyncStateValue,
} from '@inkmark/shared'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { createRelayClient } from '../account/account-api'
import { RELAY_URL } from '../account/relay-url'
import { useSession } from '../account/SessionProvider'
import { useLearningInfoReports } from '../learning-info/use-learning-info-reports'
import { useLocalStore } from '../library/LibraryProvider'

/** The sync state and the 'Sync now' action. */
export interface SyncValue {
  state: SyncStateValue
  /** False while signed out. */
  active: boolean
  syncNow: () => void
  /** Runs a sync now (or after the run under way) and resolves its outcome (undefined signed out). */
  syncAndWait: () => Promise<SyncOutcome | undefined>
  /** Goes up each time sync sets content aside as too large (the notice to show). */
  tooLargeNotices: number
  /** Sync (or the live room) paused for a limit or after a failure: why and until when. */
  pause?: SyncPause
}

const SyncContext = createContext<SyncValue>({
  state: SyncState.OFFLINE,
  active: false,
  syncNow: () => undefined,
  syncAndWait: () => Promise.resolve(undefined),
  tooLargeNotices: 0,
})

/** Runs sync for the signed-in session and provides its state. */
export function SyncProvider({ children }: { children: ReactNode }) {
  const store = useLocalStore()
  const { session, signOut, accountRefreshes } = useSession()
  const [state, setState] = useState<SyncStateValue>(SyncState.OFFLINE)
  const [tooLargeNotices, setTooLargeNotices] = useState(0)
  const [pause, setPause] = useState<SyncPause | undefined>()
  const [livePause, setLivePause] = useState<SyncPause | undefined>()
  const scheduler = useRef<SyncScheduler>()
  const syncEngine = useRef<SyncEngine>()
  const token = session?.token
  useLearningInfoReports(store, token)

  useEffect(() => {
    // No sync to a relay whose address is refused (plain http beyond this computer, relay-url.ts).
    if (token === undefined || RELAY_URL === '') {
      setState(SyncState.OFFLINE)
      setPause(undefined)
      setLivePause(undefined)
      return
    }
    let current: string | undefined = token
    // Set when this engine is replaced (signed out, a renewed token, React's StrictMode remount).
    // A run still under way finishes with the token it started with: taking the token away
    // mid-run sent its next calls without one, and the relay's 401 signed the person out.
    let retired = false
    const getToken = () => current
    const onAuthExpired = (message: string) => {
      if (retired) {
        return
      }
      current = undefined
      // Only if the session still has this token (a password change here has just renewed it).
      signOut(message, token)
    }
    const engine = new SyncEngine({
      store,
      client: createRelayClient(getToken),
      session: {
        getUser: () =>
          retired || current === undefined
            ? null
            : (decodeTokenPayload(current) as PlanUser | null),
        onAuthExpired,
      },
      onNotice: (notice) => {
        if (notice.kind === 'too-large') {
          setTooLargeNotices((count) => count + 1)
        }
      },
    })
    const runs = new SyncScheduler(engine, store)
    const live = new LiveChannel({
      relayUrl: RELAY_URL,
      getToken,
      // The relay ended the session (signed out everywhere, password changed elsewhere).
      onAuthExpired,
      onSynced: () => {
        setLivePause(undefined)
        void runs.syncNow().catch(() => undefined)
      },
      onPaused: setLivePause,
    })
    const unsubscribe = engine.onStateChange(setState)
    const unsubscribePause = engine.onPauseChange(setPause)
    setState(engine.getState())
    scheduler.current = runs
    syncEngine.current = engine
    void runs.start().catch(() => undefined)
    live.connect(store)
    const onFocus = () => void runs.notifyFocus().catch(() => undefined)
    const onOnline = () => void runs.notifyOnline().catch(() => undefined)
    window.addEventListener('focus', onFocus)
    window.addEventListener('online', onOnline)
    return () => {
      retired = true
      window.removeEventListener('focus', onFocus)
      window.removeEventListener('online', onOnline)
      unsubscribe()
      unsubscribePause()
      live.disconnect()
      runs.stop()
      scheduler.current = undefined
      syncEngine.current = undefined
    }
  }, [store, token, signOut])

  // The account was read again (after sign-in, a purchase): a plan the relay refused may sync now.
  // A renewed token already starts a new engine; this covers a refresh that left the token as it was.
  useEffect(() => {
    if (accountRefreshes > 0) {
      if (syncEngine.current?.isRefusedForPlan() === true) {
        void scheduler.current?.notifyPlanChanged().catch(() => undefined)
      }
    }
  }, [accountRefreshes])

  const syncNow = useCallback(() => {
    void scheduler.current?.syncNow().catch(() => undefined)
  }, [])
  const syncAndWait = useCallback(
    () => scheduler.current?.syncNow() ?? Promise.resolve(undefined),
    [],
  )
  return (
    <SyncContext.Provider
      value={{
        state,
        active: token !== undefined,
        syncNow,
        syncAndWait,
        tooLargeNotices,
        ...((pause ?? livePause) ? { pause: pause ?? livePause } : {}),
      }}
    >
      {children}
    </SyncContext.Provider>
  )
}

/** The sync state and the 'Sync now' action. */
export function useSync(): SyncValue {
  return useContext(SyncContext)
}
