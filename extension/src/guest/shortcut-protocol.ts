// The keyboard shortcuts as the browser delivers them: manifest `commands` (package.json) that the
// background hears with chrome.commands.onCommand and hands to the tab's content script, or to
// Inkmark's own page in that tab (the reader, the PDF viewer), on a channel no web page can reach.
// A page's script can neither fake them nor see them, and the person can rebind them in the
// browser. One key has a fallback in the page (ADR 028): Chrome lets an extension suggest only
// four keys, so Alt+R opens the reader from a trusted key press while its command has no key.
// Firefox's menu bar takes two of the keys before its command keys hear them (Alt+S opens History,
// Alt+B Bookmarks, ADR 082): there the page takes those two from a trusted key press, while the
// command still has that key, and keeps the menu from opening.

/** The commands, named as in the spec's DEFAULT_SHORTCUTS and the manifest. */
export const SHORTCUT_COMMANDS = [
  'highlightText',
  'highlightWithLastFormat',
  'toggleSidebar',
  'bookmarkPage',
  'openInReader',
] as const
export type ShortcutCommand = (typeof SHORTCUT_COMMANDS)[number]

/** The message the background sends when a command's key was pressed. */
export const SHORTCUT_CHANNEL = 'inkmark:shortcut'
/** A content script asking whether a key may run its command from the page (ADR 028). */
export const SHORTCUT_FALLBACK_CHANNEL = 'inkmark:shortcut-fallback'

export interface ShortcutMessage {
  channel: typeof SHORTCUT_CHANNEL
  command: ShortcutCommand
  /** The tab it is for, when sent to Inkmark's pages (which all hear runtime messages). */
  tabId?: number
}

/** Whether `value` names one of the commands. */
export function isShortcutCommand(value: unknown): value is ShortcutCommand {
  return typeof value === 'string' && (SHORTCUT_COMMANDS as readonly string[]).includes(value)
}

/** Whether `message` is a shortcut from the background. */
export function isShortcutMessage(message: unknown): message is ShortcutMessage {
  const candidate = message as Partial<ShortcutMessage> | null
  return candidate?.channel === SHORTCUT_CHANNEL && isShortcutCommand(candidate.command)
}

/** Keys with a page fallback, by KeyboardEvent.code, pressed with Alt alone: only Alt+R. */
export const FALLBACK_KEYS: Readonly<Record<string, ShortcutCommand>> = { KeyR: 'openInReader' }
/** The commands that may fall back, and the key each falls back to. */
export const FALLBACK_SHORTCUTS: Readonly<Partial<Record<ShortcutCommand, string>>> = {
  openInReader: 'Alt+R',
}

/**
 * Keys Firefox's menu bar takes as access keys before the extension's command keys hear them
 * (History's "s", Bookmarks' "B" in Firefox's English menus), by KeyboardEvent.code, pressed with
 * Alt alone: the command each stands for.
 */
export const MENU_ACCESS_KEYS: Readonly<Record<string, ShortcutCommand>> = {
  KeyS: 'highlightText',
  KeyB: 'bookmarkPage',
}
/** The commands Firefox's menu access keys take, and the key each must still have to be run. */
export const MENU_ACCESS_SHORTCUTS: Readonly<Partial<Record<ShortcutCommand, string>>> = {
  highlightText: 'Alt+S',
  bookmarkPage: 'Alt+B',
}
