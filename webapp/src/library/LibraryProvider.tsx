// Provides the library to the React tree and the hooks that read it. Components read through
// `useLibraryQuery`, which re-runs its read whenever the library changes (a write here, or what
// sync brings from another device), so every view stays current without its own subscription.
import type { LocalStore } from '@inkmark/shared'
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { openLibrary, type ObservedLibrary } from './library-store'

const LibraryContext = createContext<ObservedLibrary | null>(null)

type OpenState =
  | { status: 'opening' }
  | { status: 'open'; library: ObservedLibrary }
  | { status: 'failed'; message: string }

/** Opens the library and renders `children` once it is open, `opening` until then. */
export function LibraryProvider({
  children,
  opening,
}: {
  children: ReactNode
  opening?: ReactNode
}) {
  const [state, setState] = useState<OpenState>({ status: 'opening' })
  useEffect(() => {
    let live = true
    openLibrary().then(
      (library) => live && setState({ status: 'open', library }),
      (error: unknown) =>
        live &&
        setState({ status: 'failed', message: error instanceof Error ? error.message : '' }),
    )
    return () => {
      live = false
    }
  }, [])
  if (state.status === 'opening') {
    return opening !== undefined ? (
      opening
    ) : (
      <p className="notice" role="status">
        Opening your library…
      </p>
    )
  }
  if (state.status === 'failed') {
    return (
      <div className="notice" role="alert">
        <h1>Could not open your library</h1>
        <p>This browser did not let Inkmark open its local storage. {state.message}</p>
      </div>
    )
  }
  return <LibraryContext.Provider value={state.library}>{children}</LibraryContext.Provider>
}

function useObservedLibrary(): ObservedLibrary {
  const library = useContext(LibraryContext)
  if (library === null) {
    throw new Error('useLibrary needs a <LibraryProvider> above it')
  }
  return library
}

/** The local store, for writes. */
export function useLocalStore(): LocalStore {
  return useObservedLibrary().store
}

/** A number that changes whenever the library does. */
export function useLibraryVersion(): number {
  const library = useObservedLibrary()
  return useSyncExternalStore(library.subscribe, library.version)
}

/**
 * Whether the whole library has been decoded in the background since it was opened. Views that
 * can show something useful without every mark (the dashboard's first screen of pages) read the
 * cheap parts first and the rest once this turns true.
 */
export function useLibraryDecoded(): boolean {
  const library = useObservedLibrary()
  return useSyncExternalStore(library.subscribeDecoded, library.decoded)
}

/** Reads the library with `read`, again whenever the library or `deps` change. */
export function useLibraryQuery<T>(read: (store: LocalStore) => T, deps: readonly unknown[]): T {
  const library = useObservedLibrary()
  const version = useLibraryVersion()
  // `read` is usually an inline function: `deps` say what it reads besides the library.
  return useMemo(() => read(library.store), [library, version, ...deps])
}

/** Whether the library is shared with the Inkmark extension of this browser (ADR 035). */
export function useSharedWithExtension(): boolean {
  const { extension } = useObservedLibrary()
  return useSyncExternalStore(extension.subscribe, extension.shared)
}
