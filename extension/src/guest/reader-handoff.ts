// Alt+R on a page: the content script hands the page as the person sees it (its current HTML,
// after scripts have built it) to the background over a port of its own, and the background opens
// the reader in a new tab. A port rather than a message: the background's message listener answers
// every message through the router, and a port is one request with one answer of its own.
import { Message } from '@inkmark/shared/guest'
import { showToast } from './toasts'

/** The name of the port a content script opens to hand a page to the reader. */
export const READER_HANDOFF_PORT = 'inkmark:reader-handoff'

/** What the content script sends: the page's HTML (its address comes from the browser). */
export interface ReaderHandoffRequest {
  html: string
}

/** The background's one answer on the port. */
export type ReaderHandoffAnswer = { ok: true } | { ok: false; error: string }

/** Hands this page to the reader, which opens in a new tab; a failure is shown as a toast. */
export async function openPageInReader(): Promise<void> {
  const request: ReaderHandoffRequest = { html: document.documentElement.outerHTML }
  const answer = await new Promise<ReaderHandoffAnswer>((resolve) => {
    const port = chrome.runtime.connect({ name: READER_HANDOFF_PORT })
    port.onMessage.addListener((message: ReaderHandoffAnswer) => {
      resolve(message)
      port.disconnect()
    })
    port.onDisconnect.addListener(() => resolve({ ok: false, error: Message.GENERIC_ERROR }))
    port.postMessage(request)
  })
  if (!answer.ok) {
    showToast(answer.error)
  }
}
