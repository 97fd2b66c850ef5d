// The web app's end of the library bridge (ADR 035): when the Inkmark extension is installed in
// this browser, its bridge content script hands this page one end of a MessageChannel, and the
// library here is kept in step with the extension's over it (LibraryPeer). The page asks for the
// port with a `window.postMessage` to its own origin and takes a port only from a message of its
// own window and origin; without the extension nobody answers and nothing changes.
import { BridgeHandshake, LibraryPeer, type LocalStore } from '@inkmark/shared'

/** Whether the library is shared with the extension now, and its changes. */
export interface ExtensionLink {
  /** True once the extension answered over the bridge. */
  shared: () => boolean
  /** Calls `listener` when `shared` changes; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void
  /** Stops sharing (tests; the app shares for the tab's life). */
  stop: () => void
}

function handshakeType(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined
}

/** Shares `store` with the extension, if there is one. */
export function shareWithExtension(store: LocalStore): ExtensionLink {
  const origin = window.location.origin
  const listeners = new Set<() => void>()
  let shared = false
  let current: { port: MessagePort; peer: LibraryPeer } | undefined

  const setShared = (value: boolean) => {
    if (shared !== value) {
      shared = value
      for (const listener of listeners) {
        listener()
      }
    }
  }

  const adopt = (port: MessagePort) => {
    current?.peer.stop()
    current?.port.close()
    const peer = new LibraryPeer({
      library: store,
      send: (message) => port.postMessage(message),
      onMessage: (message) => {
        // Shared once the extension's step 2 (what this library lacked) has arrived: a step 1
        // alone, or a reply too large to cross, does not make one library.
        if (message.t === 'sync2') {
          setShared(true)
        }
      },
    })
    current = { port, peer }
    // The content script says 'connected' once its port to the extension is open: the peer then
    // starts (its step 1), and again after the extension's service worker was restarted.
    port.onmessage = (event: MessageEvent<unknown>) => {
      if (current?.port === port) {
        if ((event.data as { t?: unknown } | null)?.t === 'connected') {
          peer.start()
        } else {
          peer.receive(event.data)
        }
      }
    }
  }

  const onWindowMessage = (event: MessageEvent<unknown>) => {
    if (event.source !== window || event.origin !== origin) {
      return
    }
    const type = handshakeType(event.data)
    if (type === BridgeHandshake.PORT && event.ports.length === 1) {
      adopt(event.ports[0]!)
    } else if (type === BridgeHandshake.PRESENT && current === undefined) {
      window.postMessage({ type: BridgeHandshake.HELLO }, origin)
    }
  }
  window.addEventListener('message', onWindowMessage)
  window.postMessage({ type: BridgeHandshake.HELLO }, origin)

  return {
    shared: () => shared,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      window.removeEventListener('message', onWindowMessage)
      current?.peer.stop()
      current?.port.close()
      current = undefined
      setShared(false)
    },
  }
}
