// The background's half of Alt+R: a content script hands over its page's HTML on a port, and the
// background keeps it in chrome.storage.session (memory only, gone with the browser, out of reach
// of content scripts) under a random key, then opens the reader page with that key. Who sent it is
// taken from the browser (an http(s) or file page's top frame in a tab of this extension), never
// from the message; the HTML must be a string of bounded size. See docs/adr/013-reader.md.
import { Message } from '@inkmark/shared'
import {
  READER_HANDOFF_PORT,
  type ReaderHandoffAnswer,
  type ReaderHandoffRequest,
} from '../guest/reader-handoff'

/** The reader page, relative to the extension's root. */
export const READER_PAGE_PATH = 'tabs/reader.html'
/** Longest page HTML accepted, in characters (session storage holds 10 MB in all). */
export const MAX_HANDOFF_HTML_LENGTH = 8_000_000
/** Longest page address accepted. */
export const MAX_HANDOFF_URL_LENGTH = 8_192
/** Pages kept at once; older ones go first (also when storage is full). */
export const MAX_KEPT_HANDOFFS = 5

const KEY_PREFIX = 'inkmark:reader:'
const HANDOFF_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A page handed to the reader, as kept in session storage. */
export interface HandedOffPage {
  url: string
  html: string
  handedOffAt: number
}

/** What the browser tells about the port's sender (chrome.runtime.MessageSender's fields used). */
export interface HandoffSender {
  id?: string
  url?: string
  frameId?: number
  tab?: { id?: number; index?: number; windowId?: number }
}

/** The part of chrome.storage.session used here. */
export interface SessionArea {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>
  set(items: Record<string, unknown>): Promise<void>
  remove(keys: string | string[]): Promise<void>
}

/** The page a hand-off comes from, when its sender is a page's top frame; else undefined. */
export function handoffPageUrl(sender: HandoffSender | undefined, extensionId: string) {
  const url = sender?.url
  const fromTopFrameOfTab = sender?.tab?.id !== undefined && (sender.frameId ?? 0) === 0
  if (sender?.id !== extensionId || !fromTopFrameOfTab || url === undefined) {
    return undefined
  }
  return /^(https?|file):/i.test(url) && url.length <= MAX_HANDOFF_URL_LENGTH ? url : undefined
}

/** The HTML of a hand-off request, when it is a non-empty string of bounded size. */
export function handoffHtml(message: unknown): string | undefined {
  const html = (message as Partial<ReaderHandoffRequest> | null)?.html
  return typeof html === 'string' && html.length > 0 && html.length <= MAX_HANDOFF_HTML_LENGTH
    ? html
    : undefined
}

/** Whether `key` has the shape of a hand-off key (a random UUID). */
export function isHandoffKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && HANDOFF_KEY.test(key)
}

function isHandedOffPage(value: unknown): value is HandedOffPage {
  const page = value as Partial<HandedOffPage> | null
  return (
    typeof page?.url === 'string' &&
    typeof page.html === 'string' &&
    typeof page.handedOffAt === 'number'
  )
}

async function keptKeysOldestFirst(storage: SessionArea): Promise<string[]> {
  const all = await storage.get(null)
  return Object.entries(all)
    .filter(([key, value]) => key.startsWith(KEY_PREFIX) && isHandedOffPage(value))
    .sort(([, a], [, b]) => (a as HandedOffPage).handedOffAt - (b as HandedOffPage).handedOffAt)
    .map(([key]) => key)
}

/** Keeps `page` under a new random key, making room by dropping the oldest pages; the key. */
export async function keepHandedOffPage(storage: SessionArea, page: HandedOffPage) {
  const key = crypto.randomUUID()
  const kept = await keptKeysOldestFirst(storage)
  const overflow = kept.splice(0, Math.max(0, kept.length - (MAX_KEPT_HANDOFFS - 1)))
  if (overflow.length > 0) {
    await storage.remove(overflow)
  }
  for (;;) {
    try {
      await storage.set({ [KEY_PREFIX + key]: page })
      return key
    } catch (error) {
      const oldest = kept.shift()
      if (oldest === undefined) {
        throw error
      }
      await storage.remove(oldest)
    }
  }
}

/** The page kept under `key`, if any. */
export async function readHandedOffPage(
  storage: SessionArea,
  key: string,
): Promise<HandedOffPage | undefined> {
  if (!isHandoffKey(key)) {
    return undefined
  }
  const value = (await storage.get(KEY_PREFIX + key))[KEY_PREFIX + key]
  return isHandedOffPage(value) ? value : undefined
}

/** Answers one hand-off port: keeps the page and opens the reader beside its tab. */
function acceptHandoff(port: chrome.runtime.Port): void {
  if (port.name !== READER_HANDOFF_PORT) {
    return
  }
  const url = handoffPageUrl(port.sender, chrome.runtime.id)
  const tab = port.sender?.tab
  if (url === undefined || tab?.id === undefined) {
    port.disconnect()
    return
  }
  const answer = (reply: ReaderHandoffAnswer) => {
    port.postMessage(reply)
    port.disconnect()
  }
  let handled = false
  port.onMessage.addListener((message: unknown) => {
    if (handled) {
      return
    }
    handled = true
    const html = handoffHtml(message)
    if (html === undefined) {
      answer({ ok: false, error: Message.COULD_NOT_LOAD_CONTENT })
      return
    }
    keepHandedOffPage(chrome.storage.session, { url, html, handedOffAt: Date.now() })
      .then((key) =>
        chrome.tabs.create({
          url: chrome.runtime.getURL(`${READER_PAGE_PATH}?key=${key}`),
          index: tab.index + 1,
          openerTabId: tab.id,
          windowId: tab.windowId,
        }),
      )
      .then(
        () => answer({ ok: true }),
        (error: unknown) => {
          console.error('Inkmark: could not open the reader', error)
          answer({ ok: false, error: Message.COULD_NOT_LOAD_CONTENT })
        },
      )
  })
}

/** Listens for hand-offs; call once, at the worker's start (listeners must exist on wake-up). */
export function startReaderHandoff(): void {
  chrome.runtime.onConnect.addListener(acceptHandoff)
}
