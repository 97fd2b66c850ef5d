// Every message that reaches the background passes here. It tells who sent it from what the
// browser says about the sender (never from the message): the extension's own pages may call the
// store contract, content scripts only the guest contract for the page they run in. Anything else
// is refused with a short error; a handler's failure becomes an error answer, never a crash.
import {
  GUEST_CHANNEL,
  InvalidCallError,
  KINDLE_NOTEBOOK_CHANNEL,
  isKindleNotebookUrl,
  SHARING_CHANNEL,
  isGuestWrite,
  runGuestCall,
  runStoreCall,
  type LocalStore,
} from '@inkmark/shared'
import {
  FRAME_PASS_CHECK_CHANNEL,
  TOOLBOX_CALLS,
  TOOLBOX_CALL_CHANNEL,
} from '../pages/frame-protocol'
import { SIDEBAR_PASS_REFUSED, SIDEBAR_PASS_REQUEST_CHANNEL } from '../pages/sidebar-protocol'
import { SHORTCUT_FALLBACK_CHANNEL } from '../guest/shortcut-protocol'
import { importKindleNotebookMessage } from './kindle-import'
import { isPassShaped, type SidebarPasses } from './sidebar-passes'

/** What the browser tells about a message's sender (chrome.runtime.MessageSender's fields used). */
export interface Sender {
  id?: string
  url?: string
  origin?: string
  tab?: { id?: number; url?: string }
  frameId?: number
}

export interface RouterContext {
  /** This extension's id (chrome.runtime.id). */
  extensionId: string
  /** This extension's page origin, e.g. chrome-extension://abc (no trailing slash). */
  extensionOrigin: string
  library: () => Promise<LocalStore>
  /** The passes of sidebar frames (sidebar-passes.ts); without them framed pages are refused. */
  sidebarPasses?: SidebarPasses
  /** Hosts of the product's own app, never blacklisted. */
  exemptHosts?: readonly string[]
  /** Whether the signed-in plan has the unlimited features (none when signed out). */
  unlimitedFeatures?: () => Promise<boolean>
  /** Runs a session call (sign in, sync status ...); absent where there is no sync. */
  session?: (message: unknown) => Promise<unknown>
  /** Runs a sharing call (share a page, reset its link, ADR 062); absent where there is no sync. */
  sharing?: (message: unknown) => Promise<unknown>
  /** Whether a key in the page may run this command (shortcut-commands.ts, ADR 028). */
  shortcutFallback?: (command: unknown) => Promise<boolean>
  /** Hears each guest call that succeeded (the anonymous usage counts, usage-counts.ts). */
  onGuestCallDone?: (message: unknown) => void
}

/** The answer every message gets. */
export type RouterAnswer = { ok: true; value: unknown } | { ok: false; error: string }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

function fromExtensionPage(sender: Sender, context: RouterContext): boolean {
  return sender.url !== undefined && sender.url.startsWith(`${context.extensionOrigin}/`)
}

/** Longer claimed addresses are not taken (the browser's own address is used). */
const MAX_CLAIMED_URL_LENGTH = 8192

/** The origin of a web address (http or https), or undefined. */
function webOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The page a content script runs in, top frame only: the address the script says the page is at
 * now (`claimed`, after history.pushState) when it is on the same web origin as the frame's
 * address the browser reports, else the browser's address.
 */
function guestPageUrl(sender: Sender, claimed: unknown): string | undefined {
  if (sender.tab === undefined || (sender.frameId !== undefined && sender.frameId !== 0)) {
    return undefined
  }
  const url = sender.url ?? sender.tab.url
  if (url === undefined || !/^(https?|file):/i.test(url)) {
    return undefined
  }
  const origin = webOrigin(url)
  return typeof claimed === 'string' &&
    claimed.length <= MAX_CLAIMED_URL_LENGTH &&
    origin !== undefined &&
    webOrigin(claimed) === origin
    ? claimed
    : url
}

/**
 * An extension page framed inside a tab (the sidebar, or a copy some page framed itself) may call
 * the store and the session only with the pass our content script handed it in that tab.
 */
async function checkFramedPage(
  message: unknown,
  sender: Sender,
  context: RouterContext,
): Promise<void> {
  const tabId = sender.tab?.id
  if (tabId === undefined || sender.frameId === undefined || sender.frameId === 0) {
    return
  }
  const pass = isObject(message) ? message.sidebarPass : undefined
  if (!isPassShaped(pass) || !(await context.sidebarPasses?.holds(tabId, pass))) {
    throw new InvalidCallError(SIDEBAR_PASS_REFUSED)
  }
}

/**
 * Whether a framed Inkmark page's pass was issued for its tab: the frame asks before it takes the
 * port that came with the pass (frame-link.ts), so a port a page posted with a guessed pass is
 * never taken.
 */
async function isFramePassHeld(message: unknown, sender: Sender, context: RouterContext) {
  const tabId = sender.tab?.id
  const pass = isObject(message) ? message.sidebarPass : undefined
  return (
    tabId !== undefined &&
    sender.frameId !== undefined &&
    sender.frameId !== 0 &&
    isPassShaped(pass) &&
    (await context.sidebarPasses?.holds(tabId, pass)) === true
  )
}

/** Runs a guest call for `pageUrl` and, when it writes, waits for the write to be on disk. */
async function runGuest(message: unknown, pageUrl: string, context: RouterContext) {
  const library = await context.library()
  const value = await runGuestCall(
    library,
    {
      pageUrl,
      ...(context.exemptHosts ? { exemptHosts: context.exemptHosts } : {}),
      unlimitedFeatures: (await context.unlimitedFeatures?.()) === true,
    },
    message,
  )
  if (isGuestWrite(message)) {
    // The answer goes out only once the write is on disk: the worker may be stopped any time.
    await library.flush()
  }
  context.onGuestCallDone?.(message)
  return value
}

const toolboxCalls: ReadonlySet<unknown> = new Set(TOOLBOX_CALLS)

/**
 * The toolbox frame (ADR 033) runs a highlight's guest calls with its tab's pass, for the page its
 * tab shows: the address the content script named when it is on the same web origin as the tab's
 * (after history.pushState), else the tab's.
 */
async function runToolboxCall(message: unknown, sender: Sender, context: RouterContext) {
  if (!fromExtensionPage(sender, context)) {
    throw new InvalidCallError('Only Inkmark pages may open a toolbox')
  }
  if (!(await isFramePassHeld(message, sender, context))) {
    throw new InvalidCallError(SIDEBAR_PASS_REFUSED)
  }
  const { method, args, pageUrl: claimed } = isObject(message) ? message : {}
  if (!toolboxCalls.has(method)) {
    throw new InvalidCallError('Unknown message')
  }
  const tab: Sender = {
    tab: sender.tab,
    frameId: 0,
    ...(sender.tab?.url ? { url: sender.tab.url } : {}),
  }
  const pageUrl = guestPageUrl(tab, claimed)
  if (pageUrl === undefined) {
    throw new InvalidCallError('Only a page may call the guest contract')
  }
  return runGuest({ channel: GUEST_CHANNEL, method, args }, pageUrl, context)
}

/** Runs one message; always resolves with an answer. */
export async function routeMessage(
  message: unknown,
  sender: Sender,
  context: RouterContext,
): Promise<RouterAnswer> {
  try {
    if (sender.id !== context.extensionId) {
      throw new InvalidCallError('Unknown sender')
    }
    const channel = isObject(message) ? message.channel : undefined
    if (channel === 'inkmark:store') {
      if (!fromExtensionPage(sender, context)) {
        throw new InvalidCallError('Only Inkmark pages may call the store')
      }
      await checkFramedPage(message, sender, context)
      const library = await context.library()
      const value = await runStoreCall(library, message)
      await library.flush()
      return { ok: true, value }
    }
    if (channel === 'inkmark:session' && context.session) {
      if (!fromExtensionPage(sender, context)) {
        throw new InvalidCallError('Only Inkmark pages may manage the session')
      }
      await checkFramedPage(message, sender, context)
      return { ok: true, value: await context.session(message) }
    }
    if (channel === SHARING_CHANNEL && context.sharing) {
      // Sharing publishes library data: only Inkmark's own pages may ask for it, never a page.
      if (!fromExtensionPage(sender, context)) {
        throw new InvalidCallError('Only Inkmark pages may share')
      }
      await checkFramedPage(message, sender, context)
      return { ok: true, value: await context.sharing(message) }
    }
    if (channel === TOOLBOX_CALL_CHANNEL) {
      return { ok: true, value: await runToolboxCall(message, sender, context) }
    }
    if (channel === FRAME_PASS_CHECK_CHANNEL) {
      if (!fromExtensionPage(sender, context)) {
        throw new InvalidCallError('Only Inkmark pages may check a pass')
      }
      return { ok: true, value: await isFramePassHeld(message, sender, context) }
    }
    if (channel === SIDEBAR_PASS_REQUEST_CHANNEL) {
      const tabId = sender.tab?.id
      if (guestPageUrl(sender, undefined) === undefined || tabId === undefined) {
        throw new InvalidCallError('Only a page may open the sidebar')
      }
      if (!context.sidebarPasses) {
        throw new InvalidCallError('Unknown message')
      }
      return { ok: true, value: await context.sidebarPasses.issue(tabId) }
    }
    if (channel === SHORTCUT_FALLBACK_CHANNEL) {
      if (guestPageUrl(sender, undefined) === undefined) {
        throw new InvalidCallError('Only a page may ask for a shortcut')
      }
      const command = isObject(message) ? message.command : undefined
      return { ok: true, value: (await context.shortcutFallback?.(command)) === true }
    }
    if (channel === KINDLE_NOTEBOOK_CHANNEL) {
      // The notebook helper's books (ADR 083): only the Kindle notebook page's own script sends them.
      const pageUrl = guestPageUrl(sender, undefined)
      if (pageUrl === undefined || !isKindleNotebookUrl(pageUrl)) {
        throw new InvalidCallError('Only the Kindle notebook page may import Kindle books')
      }
      const library = await context.library()
      return { ok: true, value: await importKindleNotebookMessage(library, message) }
    }
    if (channel === 'inkmark:guest') {
      const pageUrl = guestPageUrl(sender, isObject(message) ? message.pageUrl : undefined)
      if (pageUrl === undefined) {
        throw new InvalidCallError('Only a page may call the guest contract')
      }
      return { ok: true, value: await runGuest(message, pageUrl, context) }
    }
    throw new InvalidCallError('Unknown message')
  } catch (error) {
    if (error instanceof InvalidCallError) {
      return { ok: false, error: error.message }
    }
    console.error('Inkmark: a message failed', error)
    return { ok: false, error: 'Something went wrong. Please try again.' }
  }
}
