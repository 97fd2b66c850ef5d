// The background's one library: opened on first use and kept for the worker's life. The worker
// can be stopped at any time; every write is flushed before it is answered (message-router), so
// reopening finds everything.
import { openLocalStore, type LocalStore } from '@inkmark/shared'

/** The IndexedDB database of the extension's library (the spec's `inkmark`). */
export const LIBRARY_DATABASE = 'inkmark'

let opening: Promise<LocalStore> | undefined

/** The library, opened once. */
export function library(): Promise<LocalStore> {
  opening ??= openLocalStore({
    databaseName: LIBRARY_DATABASE,
    // Learning's "today" (learned today, due, the teaser) is the person's local day, as in the web app.
    timeZoneOffsetMinutes: () => -new Date().getTimezoneOffset(),
  }).catch((error: unknown) => {
    opening = undefined
    throw error
  })
  return opening
}
