// The web app's one store: the library on this origin's IndexedDB (database 'inkmark'), opened
// once for the life of the tab. React's StrictMode mounts effects twice in development, and every
// route needs the same store, so opening is memoised here rather than in a component.
import { DATABASE_NAME, openLocalStore, type LocalStore } from '@inkmark/shared'

/** A store and a counter that moves on every change of the library, for React to subscribe to. */
export interface ObservedLibrary {
  store: LocalStore
  /** Increases by one on every change, local or from sync. */
  version: () => number
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void
}

let opening: Promise<ObservedLibrary> | undefined

/** The library of this origin, opened on first use. */
export function openLibrary(): Promise<ObservedLibrary> {
  opening ??= openLocalStore({
    databaseName: DATABASE_NAME,
    timeZoneOffsetMinutes: () => -new Date().getTimezoneOffset(),
  }).then(observeLibrary)
  // A failed open (storage blocked, say) may succeed when the person tries again.
  opening.catch(() => {
    opening = undefined
  })
  return opening
}

/** Wraps a store with a change counter. */
export function observeLibrary(store: LocalStore): ObservedLibrary {
  let version = 0
  const listeners = new Set<() => void>()
  store.observe(() => {
    version += 1
    for (const listener of listeners) {
      listener()
    }
  })
  return {
    store,
    version: () => version,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
