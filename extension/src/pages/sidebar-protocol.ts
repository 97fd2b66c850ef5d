// The sidebar page's address, the pass request of a content script that frames one of our pages,
// and the popup's two requests to a tab (open the sidebar, open the reader). What the content
// script and its frames say to each other is in ./frame-protocol.ts.

/** The popup asks a tab's content script to open the sidebar. */
export const OPEN_SIDEBAR_CHANNEL = 'inkmark:open-sidebar'
/** The popup asks a tab's content script to hand its page to the reader (as Alt+R does). */
export const OPEN_READER_CHANNEL = 'inkmark:open-reader'

/** The content script asks the background for a frame pass (chrome.runtime). */
export const SIDEBAR_PASS_REQUEST_CHANNEL = 'inkmark:sidebar-pass-request'
/** What a framed page without a valid pass is told. */
export const SIDEBAR_PASS_REFUSED = 'Open the sidebar with Inkmark on this page.'

/** The sidebar page's path in the built extension. */
export const SIDEBAR_PAGE_PATH = 'tabs/sidebar.html'

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
