// The background's side of the keyboard shortcuts (guest/shortcut-protocol.ts, ADR 028): a command
// the browser reports is handed to the page it was pressed on, the content script of a web page's
// top frame, or Inkmark's own page in that tab (reader, PDF viewer), which hear runtime messages
// with the tab's id. It also answers a content script whether a key may run its command from the
// page: only a key with a fallback, and only while its command has no key of its own; in Firefox,
// a key its menu bar takes first (Alt+S, Alt+B), only while its command still has that key.
import {
  FALLBACK_SHORTCUTS,
  MENU_ACCESS_SHORTCUTS,
  SHORTCUT_CHANNEL,
  isShortcutCommand,
  type ShortcutMessage,
} from '../guest/shortcut-protocol'

/** The tab a command came with (chrome.tabs.Tab's fields used). */
export interface CommandTab {
  id?: number
  url?: string
}

/** The browser calls a command needs. */
export interface ShortcutDeps {
  /** This extension's page origin, e.g. chrome-extension://abc (no trailing slash). */
  extensionOrigin: string
  /**
   * Whether keys the manifest cannot suggest fall back to the page (Chrome and Edge, which take
   * four; Firefox takes all five, so a key the person removed there stays removed).
   */
  pageFallbacks: boolean
  /**
   * Whether the page takes the keys the browser's menu bar would take before the command keys
   * (Firefox: Alt+S opens History, Alt+B Bookmarks; ADR 082).
   */
  menuKeyFallbacks: boolean
  /** chrome.commands.getAll */
  getCommands(): Promise<{ name?: string; shortcut?: string }[]>
  /** chrome.tabs.sendMessage to the top frame's content script. */
  sendToTab(tabId: number, message: ShortcutMessage): Promise<unknown>
  /** chrome.runtime.sendMessage, heard by Inkmark's pages. */
  sendToPages(message: ShortcutMessage): Promise<unknown>
  /** The active tab of the focused window, for browsers that report a command without it. */
  activeTab(): Promise<CommandTab | undefined>
}

/** Where a command went: the page's content script, Inkmark's page in the tab, or nowhere. */
export type Delivery = 'content-script' | 'extension-page' | 'none'

/** Hands a command to the page it was pressed on. */
export async function deliverShortcut(
  command: string,
  tab: CommandTab | undefined,
  deps: ShortcutDeps,
): Promise<Delivery> {
  if (!isShortcutCommand(command)) {
    return 'none'
  }
  const target = tab?.id === undefined ? await deps.activeTab() : tab
  if (target?.id === undefined) {
    return 'none'
  }
  const toPages = async (): Promise<Delivery> => {
    try {
      await deps.sendToPages({ channel: SHORTCUT_CHANNEL, command, tabId: target.id })
      return 'extension-page'
    } catch {
      return 'none'
    }
  }
  if (target.url?.startsWith(`${deps.extensionOrigin}/`)) {
    return toPages()
  }
  try {
    await deps.sendToTab(target.id, { channel: SHORTCUT_CHANNEL, command })
    return 'content-script'
  } catch {
    // No content script there: Inkmark's own page when the browser did not tell the tab's
    // address, else a browser page, a blacklisted site or a page loaded before Inkmark.
    return target.url === undefined ? toPages() : 'none'
  }
}

/** Whether a content script may run `command` from a key press in the page (ADR 028, 082). */
export async function mayFallBack(command: unknown, deps: ShortcutDeps): Promise<boolean> {
  if (!isShortcutCommand(command)) {
    return false
  }
  const menuKey = deps.menuKeyFallbacks ? MENU_ACCESS_SHORTCUTS[command] : undefined
  const fallback = deps.pageFallbacks ? FALLBACK_SHORTCUTS[command] : undefined
  if (menuKey === undefined && fallback === undefined) {
    return false
  }
  const commands = await deps.getCommands().catch(() => [])
  const own = commands.find((candidate) => candidate.name === command)
  if (own === undefined) {
    return false
  }
  // Firefox: the command keeps the key its menu bar takes first, so the page runs it instead.
  if (menuKey !== undefined) {
    return own.shortcut === menuKey
  }
  // A key of its own (the suggested one in Firefox, one the person set in Chrome) replaces it.
  return (own.shortcut ?? '') === ''
}

/** The extension's own browser calls. */
export function browserShortcutDeps(extensionOrigin: string): ShortcutDeps {
  return {
    extensionOrigin,
    pageFallbacks: extensionOrigin.startsWith('chrome-extension:'),
    menuKeyFallbacks: extensionOrigin.startsWith('moz-extension:'),
    getCommands: () => chrome.commands.getAll(),
    sendToTab: (tabId, message) => chrome.tabs.sendMessage(tabId, message, { frameId: 0 }),
    sendToPages: (message) => chrome.runtime.sendMessage(message),
    activeTab: async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0],
  }
}

/** Listens to the browser's commands for the worker's life. */
export function startShortcutCommands(deps: ShortcutDeps): void {
  chrome.commands.onCommand.addListener((command, tab) => {
    void deliverShortcut(command, tab, deps)
  })
}
