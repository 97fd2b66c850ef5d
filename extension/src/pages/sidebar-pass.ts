// The pass of a framed sidebar page (../service/sidebar-passes.ts says why there is one): our
// content script posts it to its frame when the frame loads. The listener exists from this
// module's first evaluation (the post can come before React mounts); only the parent window's
// message counts. A page that is not framed (the popup, the reader tab) needs no pass.
import { SIDEBAR_PASS_REFUSED, sidebarPassOf } from './sidebar-protocol'

/** How long a framed page waits for its pass before saying it was not opened by Inkmark. */
const PASS_WAIT_MS = 10_000

let received: string | undefined
const waiting = new Set<(pass: string) => void>()

function onParentMessage(event: MessageEvent): void {
  if (event.source !== window.parent || window.parent === window) {
    return
  }
  const pass = sidebarPassOf(event.data)
  if (pass !== undefined) {
    received = pass
    for (const resolve of waiting) {
      resolve(pass)
    }
    waiting.clear()
  }
}

const framed = typeof window !== 'undefined' && window.parent !== window
if (framed) {
  window.addEventListener('message', onParentMessage)
}

/** The pass to send with store and session calls: none when not framed, else once it came. */
export function sidebarPassIfFramed(): Promise<string | undefined> {
  if (!framed) {
    return Promise.resolve(undefined)
  }
  if (received !== undefined) {
    return Promise.resolve(received)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(take)
      reject(new Error(SIDEBAR_PASS_REFUSED))
    }, PASS_WAIT_MS)
    const take = (pass: string) => {
      clearTimeout(timer)
      resolve(pass)
    }
    waiting.add(take)
  })
}
