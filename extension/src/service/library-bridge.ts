// The background's end of the library bridge (ADR 035): each web app tab's bridge content script
// opens a port here, and the port joins the background's library to that tab's by the bridge
// protocol (LibraryPeer). Only our own content script, in the top frame of a tab whose address is
// one of the configured web app origins, gets a peer; any other port is closed at once.
import {
  LibraryPeer,
  type LocalStore,
  LIBRARY_BRIDGE_PORT,
  isLibraryBridgeOrigin,
  originOfUrl,
} from '@inkmark/shared'
import { BRIDGE_ORIGINS } from '../pages/app-url'

/** What the browser says of a port's other end (chrome.runtime.MessageSender, the part we read). */
export interface BridgeSender {
  id?: string
  url?: string
  origin?: string
  frameId?: number
  tab?: unknown
}

/**
 * Whether a port comes from our bridge content script on a configured web app origin: our
 * extension id, a tab's top frame, and the sender's address (as the browser reports it, not as the
 * page claims) on the allow-list. Chrome also reports `origin`; where it does, it must agree.
 */
export function isBridgeSender(
  sender: BridgeSender | undefined,
  extensionId: string,
  allowed: readonly string[] = BRIDGE_ORIGINS,
): boolean {
  if (sender === undefined || sender.id !== extensionId || sender.tab === undefined) {
    return false
  }
  if (sender.frameId !== 0) {
    return false
  }
  const origin = originOfUrl(sender.url)
  if (!isLibraryBridgeOrigin(origin, allowed)) {
    return false
  }
  return sender.origin === undefined || sender.origin === origin
}

export interface LibraryBridgeDeps {
  extensionId: string
  library: () => Promise<LocalStore>
}

/** Joins the library to a bridge port, if it is one from an allowed sender; else closes it. */
export function acceptLibraryBridge(port: chrome.runtime.Port, deps: LibraryBridgeDeps): void {
  if (port.name !== LIBRARY_BRIDGE_PORT) {
    return
  }
  if (!isBridgeSender(port.sender, deps.extensionId)) {
    port.disconnect()
    return
  }
  let open = true
  let peer: LibraryPeer | undefined
  // Messages that arrive while the library opens (a worker that just woke) wait for it.
  const early: unknown[] = []
  port.onMessage.addListener((message: unknown) => {
    if (peer === undefined) {
      early.push(message)
    } else {
      peer.receive(message)
    }
  })
  port.onDisconnect.addListener(() => {
    open = false
    peer?.stop()
  })
  deps.library().then(
    (store) => {
      if (!open) {
        return
      }
      peer = new LibraryPeer({
        library: store,
        send(message) {
          if (open) {
            try {
              port.postMessage(message)
            } catch {
              // The tab went away meanwhile; onDisconnect stops the peer.
            }
          }
        },
      })
      peer.start()
      for (const message of early.splice(0)) {
        peer.receive(message)
      }
    },
    (error: unknown) => {
      console.error('Inkmark: the library could not be shared with the web app', error)
      port.disconnect()
    },
  )
}

/** Listens for bridge ports; call once, at the worker's start (listeners must exist on wake-up). */
export function startLibraryBridge(deps: LibraryBridgeDeps): void {
  chrome.runtime.onConnect.addListener((port) => acceptLibraryBridge(port, deps))
}
