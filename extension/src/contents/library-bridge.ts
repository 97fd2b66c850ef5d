// The library bridge's content script (ADR 035), in the web app's tabs only: it hands the page one
// end of a MessageChannel and relays the bridge protocol between that port and a port to the
// background, checking every message on the way. It reads no library itself. The page gets the
// port only on its own origin, only when that origin is a configured web app origin, and only in
// answer to a trusted `window.postMessage` from the page's own window.
import type { PlasmoCSConfig } from 'plasmo'
import {
  BridgeHandshake,
  LIBRARY_BRIDGE_PORT,
  isHello,
  isLibraryBridgeOrigin,
  parseBridgeMessage,
} from '@inkmark/shared/library-bridge'
import { LIBRARY_CHANGED } from '~guest/channels'
import { BRIDGE_ORIGINS } from '~pages/app-url'

// Plasmo reads this literally: production only (LIBRARY_BRIDGE_ORIGINS); the build's own web app
// origin is added to the built manifest by scripts/bridge-origins.mjs (ADR 035).
// Chrome matches the port too; Firefox ignores ports, and the origin check below holds there.
export const config: PlasmoCSConfig = {
  matches: ['https://app.inkmark.app/*'],
  run_at: 'document_start',
  all_frames: false,
}

function startBridge(origin: string): void {
  let pagePort: MessagePort | null = null
  let extensionPort: chrome.runtime.Port | null = null
  // Set when the background closed a port without a word (it refused it): page messages then no
  // longer reconnect, so a refusal cannot turn into a loop; a change or a visit still tries.
  let refused = false

  /** Opens the port to the background (waking it) and tells the page to start the exchange. */
  const connectExtension = () => {
    if (extensionPort !== null || pagePort === null) {
      return
    }
    let port: chrome.runtime.Port
    try {
      port = chrome.runtime.connect({ name: LIBRARY_BRIDGE_PORT })
    } catch {
      // The extension was updated or removed: this script is an orphan now.
      return
    }
    extensionPort = port
    let heard = false
    port.onMessage.addListener((data: unknown) => {
      heard = true
      refused = false
      const message = parseBridgeMessage(data)
      if (message !== null && message.t !== 'connected' && extensionPort === port) {
        pagePort?.postMessage(message)
      }
    })
    // The service worker stopped (or was updated): the next page message, library change or
    // visit connects again, and the page's step 1 brings both sides up to date.
    port.onDisconnect.addListener(() => {
      if (extensionPort === port) {
        extensionPort = null
        refused = !heard
      }
    })
    pagePort.postMessage({ t: 'connected' })
  }

  const handOverPort = () => {
    refused = false
    pagePort?.close()
    extensionPort?.disconnect()
    extensionPort = null
    const channel = new MessageChannel()
    const port = channel.port1
    pagePort = port
    port.onmessage = (event: MessageEvent<unknown>) => {
      const message = parseBridgeMessage(event.data)
      if (message === null || message.t === 'connected' || pagePort !== port) {
        return
      }
      if (extensionPort === null) {
        // Dropped: connecting makes the page start over with its state vector, which covers it.
        if (!refused) {
          connectExtension()
        }
        return
      }
      extensionPort.postMessage(message)
    }
    window.postMessage({ type: BridgeHandshake.PORT }, origin, [channel.port2])
    connectExtension()
  }

  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (
      event.isTrusted &&
      event.source === window &&
      event.origin === origin &&
      isHello(event.data)
    ) {
      handOverPort()
    }
  })
  chrome.runtime.onMessage.addListener((message: unknown) => {
    if ((message as { channel?: unknown } | null)?.channel === LIBRARY_CHANGED) {
      connectExtension()
    }
  })
  document.addEventListener('visibilitychange', (event) => {
    if (event.isTrusted && document.visibilityState === 'visible') {
      connectExtension()
    }
  })
  // A page that said hello before this script ran asks again when it hears this.
  window.postMessage({ type: BridgeHandshake.PRESENT }, origin)
}

if (window.top === window && isLibraryBridgeOrigin(location.origin, BRIDGE_ORIGINS)) {
  startBridge(location.origin)
}
