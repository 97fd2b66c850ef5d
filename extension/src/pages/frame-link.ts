// A framed extension page's end of the line to our content script (./frame-protocol.ts says why
// it is a MessagePort handed over with the pass). The listener exists from this module's first
// evaluation, since the hello can come before React mounts. A hello counts only from the parent
// window and only once the background confirmed its pass for this tab: a page that posts its own
// hello (with a guessed pass and a port of its own) is ignored, and the first confirmed hello
// wins. A page that is not framed (the popup, the reader tab) has no host and needs no pass.
import { SIDEBAR_PASS_REFUSED } from './sidebar-protocol'
import {
  FRAME_PASS_CHECK_CHANNEL,
  framePassOf,
  toHostMessage,
  type FrameMessage,
  type HostMessage,
} from './frame-protocol'

/** How long a framed page waits for its pass before saying it was not opened by Inkmark. */
const PASS_WAIT_MS = 10_000

let port: MessagePort | undefined
let pass: string | undefined
const waiting = new Set<(pass: string) => void>()
const listeners = new Set<(message: HostMessage) => void>()
/** Host messages that came before anyone listened (the first 'show' can beat the page's code). */
const unheard: HostMessage[] = []
/** Frame messages written before the port came. */
const unsent: FrameMessage[] = []

async function isPassConfirmed(candidate: string): Promise<boolean> {
  try {
    const answer = await chrome.runtime.sendMessage<unknown, unknown>({
      channel: FRAME_PASS_CHECK_CHANNEL,
      sidebarPass: candidate,
    })
    return (answer as { ok?: unknown; value?: unknown } | undefined)?.value === true
  } catch {
    return false
  }
}

function adopt(offered: MessagePort, confirmed: string): void {
  port = offered
  pass = confirmed
  port.onmessage = (event: MessageEvent) => {
    const message = toHostMessage(event.data)
    if (message === undefined) {
      return
    }
    if (listeners.size === 0) {
      unheard.push(message)
    }
    for (const listener of listeners) {
      listener(message)
    }
  }
  for (const message of unsent.splice(0)) {
    port.postMessage(message)
  }
  for (const resolve of waiting) {
    resolve(confirmed)
  }
  waiting.clear()
}

function onParentMessage(event: MessageEvent): void {
  if (port !== undefined || event.source !== window.parent || window.parent === window) {
    return
  }
  const candidate = framePassOf(event.data)
  const offered = event.ports[0]
  if (candidate === undefined || offered === undefined) {
    return
  }
  void isPassConfirmed(candidate).then((confirmed) => {
    if (confirmed && port === undefined) {
      adopt(offered, candidate)
    } else {
      offered.close()
    }
  })
}

const framed = typeof window !== 'undefined' && window.parent !== window
if (framed) {
  window.addEventListener('message', onParentMessage)
}

/** The pass to send with store and session calls: none when not framed, else once confirmed. */
export function framePassIfFramed(): Promise<string | undefined> {
  if (!framed) {
    return Promise.resolve(undefined)
  }
  if (pass !== undefined) {
    return Promise.resolve(pass)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(take)
      reject(new Error(SIDEBAR_PASS_REFUSED))
    }, PASS_WAIT_MS)
    const take = (confirmed: string) => {
      clearTimeout(timer)
      resolve(confirmed)
    }
    waiting.add(take)
  })
}

/** Tells the content script that framed this page (sent once the line is confirmed). */
export function postToHost(message: FrameMessage): void {
  if (port === undefined) {
    unsent.push(message)
  } else {
    port.postMessage(message)
  }
}

/** Hears what the content script says; returns the way to stop hearing it. */
export function onHostMessage(listener: (message: HostMessage) => void): () => void {
  listeners.add(listener)
  for (const message of unheard.splice(0)) {
    listener(message)
  }
  return () => listeners.delete(listener)
}

/** Whether this page sits in a frame (and so has a host to talk to). */
export function isFramed(): boolean {
  return framed
}
