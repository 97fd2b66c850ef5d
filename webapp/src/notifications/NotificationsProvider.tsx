// Holds the notifications for the app shell (the bell's badge) and the lists (the dialog and the
// settings view): the cached list at once, then the relay's answer on start, when back online and
// every half hour. With the relay down the cached list (or none) stays. Opening a list stores
// notificationsLastOpenedAt in the settings, which is what makes notifications read (spec).
import { countUnreadNotifications, isPaidPlan } from '@inkmark/shared'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import { createRelayClient } from '../account/account-api'
import { useSession } from '../account/SessionProvider'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import {
  parseNotificationFeed,
  readCachedNotifications,
  visibleNotifications,
  writeCachedNotifications,
  type FeedNotification,
} from './notification-feed'

/** How often the list is fetched again while the app is open. */
export const NOTIFICATIONS_REFRESH_MS = 30 * 60 * 1000

/** The notifications and their read state. */
export interface NotificationsValue {
  notifications: FeedNotification[]
  /** When the list was last opened (settings.notificationsLastOpenedAt). */
  lastOpenedAt: number | undefined
  unreadCount: number
  /** Records that the list was opened now (reads every notification shown). */
  markOpened: () => void
}

const NotificationsContext = createContext<NotificationsValue | null>(null)

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Provides the notifications to `children`. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const store = useLocalStore()
  const { session } = useSession()
  const [fetched, setFetched] = useState<FeedNotification[]>(() => {
    const storage = localStorageOrNull()
    return storage === null ? [] : readCachedNotifications(storage)
  })
  const lastOpenedAt = useLibraryQuery(
    (library) => library.getChromeSettings().notificationsLastOpenedAt,
    [],
  )

  useEffect(() => {
    let live = true
    const client = createRelayClient(() => undefined)
    const load = () => {
      client.request<unknown>('GET', '/notifications').then(
        (answer) => {
          const list = parseNotificationFeed(answer)
          const storage = localStorageOrNull()
          if (storage !== null) {
            writeCachedNotifications(storage, list)
          }
          if (live) {
            setFetched(list)
          }
        },
        () => undefined, // Offline or relay down: keep what is shown.
      )
    }
    load()
    const timer = window.setInterval(load, NOTIFICATIONS_REFRESH_MS)
    window.addEventListener('online', load)
    return () => {
      live = false
      window.clearInterval(timer)
      window.removeEventListener('online', load)
    }
  }, [])

  const paid = session !== null && isPaidPlan(session.plan)
  const notifications = useMemo(() => visibleNotifications(fetched, paid), [fetched, paid])
  const markOpened = useCallback(() => {
    void store.updateChromeSettings({ notificationsLastOpenedAt: Date.now() })
  }, [store])
  const value = useMemo<NotificationsValue>(
    () => ({
      notifications,
      lastOpenedAt,
      unreadCount: countUnreadNotifications(notifications, lastOpenedAt),
      markOpened,
    }),
    [notifications, lastOpenedAt, markOpened],
  )
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>
}

/** The notifications; needs a NotificationsProvider above. */
export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext)
  if (value === null) {
    throw new Error('useNotifications needs a <NotificationsProvider> above it')
  }
  return value
}
