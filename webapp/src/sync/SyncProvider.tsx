// Sync for the web app while someone is signed in: the shared SyncEngine over the app's store,
// run by the SyncScheduler (on start, shortly after local writes, on focus, when back online, on
// demand) and the LiveChannel for changes within a second. A 401 signs out with the spec's
// message; content set aside as too large is counted for the app shell's notice. With the relay down the engine reports ALL_SERVERS_OFFLINE and the store keeps
// everything for the next run.
import {
  LiveChannel,
  SyncEngine,
  decodeTokenPayload,
  SyncScheduler,
  SyncState,
  type PlanUser,
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
import { useLocalStore } from '../library/LibraryProvider'

/** The sync state and the 'Sync now' action. */
export interface SyncValue {
  state: SyncStateValue
  /** False while signed out. */
  active: boolean
  syncNow: () => void
  /** Goes up each time sync sets content aside as too large (the notice to show). */
  tooLargeNotices: number
}

const SyncContext = createContext<SyncValue>({
  state: SyncState.OFFLINE,
  active: false,
  syncNow: () => undefined,
  tooLargeNotices: 0,
})

/** Runs sync for the signed-in session and provides its state. */
export function SyncProvider({ children }: { children: ReactNode }) {
  const store = useLocalStore()
  const { session, signOut } = useSession()
  const [state, setState] = useState<SyncStateValue>(SyncState.OFFLINE)
  const [tooLargeNotices, setTooLargeNotices] = useState(0)
  const scheduler = useRef<SyncScheduler>()
  const token = session?.token

  useEffect(() => {
    // No sync to a relay whose address is refused (plain http beyond this computer, relay-url.ts).
    if (token === undefined || RELAY_URL === '') {
      setState(SyncState.OFFLINE)
      return
    }
    let current: string | undefined = token
    // Set when this engine is replaced (signed out, a renewed token, React's StrictMode remount).
    // A run still under way finishes with the token it started with: taking the token away
    // mid-run sent its next calls without one, and the relay's 401 signed the person out.
    let retired = false
    const getToken = () => current
    const engine = new SyncEngine({
      store,
      client: createRelayClient(getToken),
      session: {
        getUser: () =>
          retired || current === undefined
            ? null
            : (decodeTokenPayload(current) as PlanUser | null),
        onAuthExpired: (message) => {
          if (retired) {
            return
          }
          current = undefined
          signOut(message)
        },
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
      onSynced: () => void runs.syncNow().catch(() => undefined),
    })
    const unsubscribe = engine.onStateChange(setState)
    setState(engine.getState())
    scheduler.current = runs
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
      live.disconnect()
      runs.stop()
      scheduler.current = undefined
    }
  }, [store, token, signOut])

  const syncNow = useCallback(() => {
    void scheduler.current?.syncNow().catch(() => undefined)
  }, [])
  return (
    <SyncContext.Provider value={{ state, active: token !== undefined, syncNow, tooLargeNotices }}>
      {children}
    </SyncContext.Provider>
  )
}

/** The sync state and the 'Sync now' action. */
export function useSync(): SyncValue {
  return useContext(SyncContext)
}
