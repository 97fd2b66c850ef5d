// What the sidebar page and the content script that frames it say to each other by postMessage,
// and the one message the popup sends a tab to open the sidebar. The page the sidebar sits in is
// untrusted: it can post anything to the frame, so the sidebar takes from it only a list of ids.
// The popup's two requests to a tab (open the sidebar, open the reader) are here too.

/** The content script tells the sidebar which highlights it could not place on the page. */
export const SIDEBAR_CHANNEL = 'inkmark:sidebar'
/** The sidebar asks the content script to close it. */
export const SIDEBAR_CLOSE_CHANNEL = 'inkmark:sidebar-close'
/** The popup asks a tab's content script to open the sidebar. */
export const OPEN_SIDEBAR_CHANNEL = 'inkmark:open-sidebar'
/** The popup asks a tab's content script to hand its page to the reader (as Alt+R does). */
export const OPEN_READER_CHANNEL = 'inkmark:open-reader'

/** The content script asks the background for a sidebar pass (chrome.runtime). */
export const SIDEBAR_PASS_REQUEST_CHANNEL = 'inkmark:sidebar-pass-request'
/** The content script hands its frame the pass (postMessage to the extension's origin). */
export const SIDEBAR_PASS_CHANNEL = 'inkmark:sidebar-pass'
/** What a framed page without a valid pass is told. */
export const SIDEBAR_PASS_REFUSED = 'Open the sidebar with Inkmark on this page.'

/** The sidebar page's path in the built extension. */
export const SIDEBAR_PAGE_PATH = 'tabs/sidebar.html'

/** At most this many ids are taken from one message; longer ids are refused. */
const MAX_UNPLACED = 10_000
const MAX_ID_LENGTH = 256

export interface SidebarUnplacedMessage {
  channel: typeof SIDEBAR_CHANNEL
  unplaced: string[]
}

/** The message telling the sidebar the ids of the highlights not placed on the page. */
export function sidebarUnplacedMessage(unplaced: Iterable<string>): SidebarUnplacedMessage {
  return { channel: SIDEBAR_CHANNEL, unplaced: [...unplaced] }
}

/**
 * The unplaced ids in `data` when it is exactly a well-formed sidebar message, else undefined.
 * Only the ids are kept (copied), so nothing else the page sent can reach the sidebar.
 */
export function unplacedIdsOf(data: unknown): string[] | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return undefined
  }
  const { channel, unplaced } = data as { channel?: unknown; unplaced?: unknown }
  if (channel !== SIDEBAR_CHANNEL || !Array.isArray(unplaced) || unplaced.length > MAX_UNPLACED) {
    return undefined
  }
  const ids: string[] = []
  for (const id of unplaced as unknown[]) {
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) {
      return undefined
    }
    ids.push(id)
  }
  return ids
}

/** Whether `data` is the sidebar's request to close. */
export function isSidebarCloseMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { channel?: unknown }).channel === SIDEBAR_CLOSE_CHANNEL
  )
}

/** Whether `message` (from chrome.runtime) asks the content script to open the sidebar. */
export function isOpenSidebarMessage(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { channel?: unknown }).channel === OPEN_SIDEBAR_CHANNEL
  )
}

/** Whether `message` (from chrome.runtime) asks the content script to open the page in the reader. */
export function isOpenReaderMessage(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { channel?: unknown }).channel === OPEN_READER_CHANNEL
  )
}

/** The sidebar page's address (relative to the extension's root) for the page at `pageUrl`. */
export function sidebarPagePath(pageUrl: string): string {
  return `${SIDEBAR_PAGE_PATH}?url=${encodeURIComponent(pageUrl)}`
}

/** The page URL a sidebar shows, from its own `search` string (empty when missing). */
export function pageUrlFromSearch(search: string): string {
  return new URLSearchParams(search).get('url') ?? ''
}

/** The message handing the sidebar frame its pass. */
export function sidebarPassMessage(pass: string): {
  channel: typeof SIDEBAR_PASS_CHANNEL
  pass: string
} {
  return { channel: SIDEBAR_PASS_CHANNEL, pass }
}

/** The pass in `data` when it is exactly a pass message (a string of at most 128 characters). */
export function sidebarPassOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) {
    return undefined
  }
  const { channel, pass } = data as { channel?: unknown; pass?: unknown }
  return channel === SIDEBAR_PASS_CHANNEL && typeof pass === 'string' && pass.length <= 128
    ? pass
    : undefined
}
