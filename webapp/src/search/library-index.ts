// The web app's search index (docs/adr/037-search.md): one per open library, built the first time
// the search dialog opens, in slices of a few milliseconds between tasks so the page stays
// responsive on a large library, then kept in step with the library before each query
// (`syncWith` indexes only entities whose stored value changed). Until it is ready the dialog
// uses the store's substring search.
import { createLibrarySearch, type LibrarySearch, type LocalStore } from '@inkmark/shared'

/** Indexing time per task while building. */
const BUILD_SLICE_MS = 12

interface IndexState {
  search: LibrarySearch
  ready: boolean
  /** The library version the index last caught up with (-1: never). */
  syncedVersion: number
  listeners: Set<() => void>
}

const states = new WeakMap<LocalStore, IndexState>()

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

async function build(store: LocalStore, state: IndexState): Promise<void> {
  const bookmarks = store.getAllBookmarks()
  const marks = store.getAllMarks()
  let sliceStart = performance.now()
  const pauseIfDue = async () => {
    if (performance.now() - sliceStart >= BUILD_SLICE_MS) {
      await nextTask()
      sliceStart = performance.now()
    }
  }
  for (const bookmark of bookmarks) {
    state.search.upsertBookmark(bookmark)
    await pauseIfDue()
  }
  for (const mark of marks) {
    state.search.upsertMark(mark)
    await pauseIfDue()
  }
  state.ready = true
  for (const listener of state.listeners) {
    listener()
  }
}

function stateOf(store: LocalStore): IndexState {
  let state = states.get(store)
  if (state === undefined) {
    const created: IndexState = {
      search: createLibrarySearch(),
      ready: false,
      syncedVersion: -1,
      listeners: new Set(),
    }
    states.set(store, created)
    void build(store, created)
    state = created
  }
  return state
}

/** Starts building the index of `store` (once); calls `onReady` when it is; returns the unsubscribe. */
export function whenLibraryIndexReady(store: LocalStore, onReady: () => void): () => void {
  const state = stateOf(store)
  if (state.ready) {
    return () => undefined
  }
  state.listeners.add(onReady)
  return () => state.listeners.delete(onReady)
}

/**
 * The index of `store` caught up with the library at `version`, or undefined while it is being
 * built (the build starts on the first call).
 */
export function libraryIndex(store: LocalStore, version: number): LibrarySearch | undefined {
  const state = stateOf(store)
  if (!state.ready) {
    return undefined
  }
  if (state.syncedVersion !== version) {
    state.search.syncWith(store.getAllBookmarks(), store.getAllMarks())
    state.syncedVersion = version
  }
  return state.search
}

/**
 * The index of `store` caught up with the library at `version`, once it is built (Ask your
 * library waits for it rather than search a part of the library).
 */
export function readyLibraryIndex(store: LocalStore, version: number): Promise<LibrarySearch> {
  return new Promise((resolve) => {
    const now = libraryIndex(store, version)
    if (now !== undefined) {
      resolve(now)
      return
    }
    whenLibraryIndexReady(store, () => resolve(libraryIndex(store, version)!))
  })
}
