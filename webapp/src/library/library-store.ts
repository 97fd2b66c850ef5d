// The web app's one store: the library on this origin's IndexedDB (database 'inkmark'), opened
// once for the life of the tab. React's StrictMode mounts effects twice in development, and every
// route needs the same store, so opening is memoised here rather than in a component.
import { DATABASE_NAME, openLocalStore, shareAcrossTabs, type LocalStore } from '@inkmark/shared'
import { shareWithExtension, type ExtensionLink } from './extension-bridge'

/** A store and a counter that moves on every change of the library, for React to subscribe to. */
export interface ObservedLibrary {
  store: LocalStore
  /** Increases by one on every change, local or from sync. */
  version: () => number
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void
  /**
   * Whether every bookmark and mark has been decoded ahead of reads (see `decodeAhead` below):
   * until then, reads over all marks (counts, tags) would parse tens of thousands of them at once.
   */
  decoded: () => boolean
  /** Calls `listener` once decoding ahead is done; returns the unsubscribe. */
  subscribeDecoded: (listener: () => void) => () => void
  /** The library's link with the Inkmark extension of this browser (ADR 035). */
  extension: ExtensionLink
}

/** Until the extension answers (or where there is none): not shared. */
const NO_EXTENSION: ExtensionLink = {
  shared: () => false,
  subscribe: () => () => undefined,
  stop: () => undefined,
}

/** Lets the page paint and handle input between slices of decoding. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Performance marks around opening the store, for the web app benchmark and DevTools. */
export const LIBRARY_OPEN_START_MARK = 'inkmark-library-open-start'
export const LIBRARY_OPEN_END_MARK = 'inkmark-library-open-end'
/** The mark of the background decoding being done (every count and search is then cheap). */
export const LIBRARY_DECODED_MARK = 'inkmark-library-decoded'

let opening: Promise<ObservedLibrary> | undefined

/** The library of this origin, opened on first use. */
export function openLibrary(): Promise<ObservedLibrary> {
  if (opening === undefined) {
    performance.mark(LIBRARY_OPEN_START_MARK)
    opening = openLocalStore({
      databaseName: DATABASE_NAME,
      timeZoneOffsetMinutes: () => -new Date().getTimezoneOffset(),
    }).then((store) => {
      performance.mark(LIBRARY_OPEN_END_MARK)
      // Other tabs of the app see this tab's changes at once, and this one theirs.
      shareAcrossTabs(store.doc, `${DATABASE_NAME}:library`)
      // And with the Inkmark extension, when it is installed in this browser (ADR 035).
      return observeLibrary(store, shareWithExtension(store))
    })
  }
  // A failed open (storage blocked, say) may succeed when the person tries again.
  opening.catch(() => {
    opening = undefined
  })
  return opening
}

/**
 * Wraps a store with a change counter, and starts decoding the library in the background (slices
 * of a few milliseconds between tasks) so that the first screen renders from the bookmarks alone
 * and what needs every mark is ready soon after (docs/adr/020-webapp-performance.md).
 */
export function observeLibrary(
  store: LocalStore,
  extension: ExtensionLink = NO_EXTENSION,
): ObservedLibrary {
  let version = 0
  const listeners = new Set<() => void>()
  let decoded = false
  const decodedListeners = new Set<() => void>()
  const finishDecoding = () => {
    performance.mark(LIBRARY_DECODED_MARK)
    decoded = true
    for (const listener of decodedListeners) {
      listener()
    }
  }
  // A failure here only means reads decode on demand, as they always can.
  store.decodeAhead(nextTask).then(finishDecoding, finishDecoding)
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
    decoded: () => decoded,
    subscribeDecoded(listener) {
      decodedListeners.add(listener)
      return () => decodedListeners.delete(listener)
    },
    extension,
  }
}
