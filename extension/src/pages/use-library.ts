// React bindings for the extension's pages: a query against the library that runs again whenever
// the background announces a change (or the page's `chromeStorageChanged` event fires), so an open sidebar or popup never shows stale highlights.
import { useEffect, useState } from 'react'
import { onChromeStorageChanged, startChromeStorageEvents } from './chrome-storage-event'

/** The message the background sends when the library changed. */
export const LIBRARY_CHANGED_CHANNEL = 'inkmark:library-changed'

/** A number that grows each time the library changes. */
export function useLibraryVersion(): number {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const listener = (message: unknown, sender: chrome.runtime.MessageSender) => {
      const channel = (message as { channel?: unknown } | null)?.channel
      if (sender.id === chrome.runtime.id && channel === LIBRARY_CHANGED_CHANNEL) {
        setVersion((current) => current + 1)
      }
      // No answer: store calls from other pages pass here too and must reach the background.
      return undefined
    }
    chrome.runtime.onMessage.addListener(listener)
    // The browser's storage changed (chrome-storage-event.ts): read again too.
    startChromeStorageEvents()
    const stopStorage = onChromeStorageChanged(() => setVersion((current) => current + 1))
    return () => {
      chrome.runtime.onMessage.removeListener(listener)
      stopStorage()
    }
  }, [])
  return version
}

export type QueryState<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: string }

/**
 * Runs `load` now, whenever `key` changes and whenever the library changes; keeps showing the last
 * value while reloading. `key` names everything `load` depends on.
 */
export function useLibraryQuery<T>(load: () => Promise<T>, key: string): QueryState<T> {
  const version = useLibraryVersion()
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' })
  useEffect(() => {
    let live = true
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) =>
        live &&
        setState({
          status: 'error',
          error: error instanceof Error ? error.message : 'Something went wrong. Try again later.',
        }),
    )
    return () => {
      live = false
    }
    // `key` stands for `load`'s inputs; a new closure each render must not reload.
  }, [key, version])
  return state
}
