// Our content script's end of the line to an extension page it frames on a web page (the sidebar,
// a highlight's toolbox). ../pages/frame-protocol.ts says why it is a MessagePort handed over with
// the per-tab pass: the page can post to our frames and to this window, but it never holds the
// port, so nothing it posts reaches either side, and nothing either side says reaches the page.
import { SIDEBAR_PASS_REQUEST_CHANNEL } from '../pages/sidebar-protocol'
import {
  frameHelloMessage,
  toFrameMessage,
  type FrameMessage,
  type HostMessage,
} from '../pages/frame-protocol'

/** The line to one frame; a new port is handed over each time the frame loads a document. */
export interface FrameLine {
  post(message: HostMessage): void
  /** Closes the port (when the frame is removed). */
  close(): void
}

/**
 * The origin our framed pages run at. In Chrome a page loaded at its dynamic address (ADR 033)
 * still runs at the extension's own origin, named by its id; Firefox's pages run at the origin
 * runtime.getURL gives.
 */
function extensionOrigin(): string {
  const base = new URL(chrome.runtime.getURL(''))
  return base.protocol === 'chrome-extension:'
    ? `chrome-extension://${chrome.runtime.id}`
    : base.origin
}

/** Waits before asking again for a pass the background did not answer (it may be starting up). */
const PASS_RETRY_DELAYS_MS = [250, 1000, 3000]

/**
 * Asks the background for a frame pass for this tab; undefined when it would not give one. A call
 * that failed (the background restarting, busy) is tried again a few times: without a pass the
 * frame never connects, and the toolbox or sidebar would never show on this page.
 */
async function requestFramePass(): Promise<string | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await chrome.runtime.sendMessage<unknown, unknown>({
        channel: SIDEBAR_PASS_REQUEST_CHANNEL,
      })
      const value = (answer as { ok?: unknown; value?: unknown } | undefined)?.value
      return typeof value === 'string' ? value : undefined
    } catch {
      const delay = PASS_RETRY_DELAYS_MS[attempt]
      if (delay === undefined) {
        return undefined
      }
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

/**
 * Connects to `frame` (an iframe of one of our pages, not yet in the document): on each load, a
 * fresh port goes to the frame with the pass, addressed to the extension's origin only (a frame
 * the page navigated elsewhere gets nothing), then `connected` runs. Only well-formed messages
 * from that port reach `onMessage`.
 */
export function connectFrame(
  frame: HTMLIFrameElement,
  onMessage: (message: FrameMessage) => void,
  connected: () => void,
): FrameLine {
  const pass = requestFramePass()
  let port: MessagePort | undefined
  const targetOrigin = extensionOrigin()
  frame.addEventListener('load', () => {
    port?.close()
    const channel = new MessageChannel()
    const ours = channel.port1
    port = ours
    ours.onmessage = (event: MessageEvent) => {
      const message = toFrameMessage(event.data)
      if (message !== undefined && port === ours) {
        onMessage(message)
      }
    }
    void pass.then((key) => {
      if (key !== undefined && port === ours) {
        frame.contentWindow?.postMessage(frameHelloMessage(key), targetOrigin, [channel.port2])
      }
    })
    connected()
  })
  return {
    post(message) {
      port?.postMessage(message)
    },
    close() {
      port?.close()
      port = undefined
    },
  }
}
