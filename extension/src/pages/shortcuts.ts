// The keyboard shortcuts as the popup shows them, and the way to change them. The browser owns the
// keys (manifest commands, ADR 028): Chrome lets an extension page open its shortcuts page with
// tabs.create but not with a link, so the spec's 'Copy & paste this url into your address bar'
// helper stands in when even that fails; Firefox has its own page (commands.openShortcutSettings
// from Firefox 137), else a support article that says how to reach it.
import {
  DEFAULT_SHORTCUTS,
  LONG_TOAST_DURATION_MS,
  copyUrlToAddressBarMessage,
} from '@inkmark/shared'
import {
  FALLBACK_SHORTCUTS,
  SHORTCUT_COMMANDS,
  isShortcutCommand,
  type ShortcutCommand,
} from '../guest/shortcut-protocol'

/** Chrome's (and Edge's) page for extension shortcuts. */
export const CHROME_SHORTCUTS_URL = 'chrome://extensions/shortcuts'
/** Mozilla's article on managing extension shortcuts. */
export const FIREFOX_SHORTCUTS_HELP_URL =
  'https://support.mozilla.org/kb/manage-extension-shortcuts-firefox'
/** How to reach the shortcuts in Firefox, said beside the article. */
export const FIREFOX_SHORTCUTS_STEPS =
  'In Firefox, open about:addons, click the gear button, then Manage Extension Shortcuts.'
/** How long the copy-and-paste helper shows (the spec's 10 s). */
export const SHORTCUT_HELP_DURATION_MS = LONG_TOAST_DURATION_MS

/** What the person reads for each command. */
export const SHORTCUT_LABELS: Record<ShortcutCommand, string> = {
  highlightText: 'Highlight text',
  highlightWithLastFormat: 'Highlight with same format',
  toggleSidebar: 'Toggle sidebar',
  bookmarkPage: 'Save page',
  openInReader: 'Open in reader',
}

export interface ShortcutRow {
  command: ShortcutCommand
  label: string
  /** The key, or '' when none is set. */
  shortcut: string
  /** The key works through the page fallback (ADR 028), not the browser. */
  inPagesOnly: boolean
}

/** A command as chrome.commands.getAll answers it. */
export interface BrowserCommand {
  name?: string
  shortcut?: string
}

/**
 * The rows the popup lists, in the spec's order: each command's key as the browser has it, Alt+R
 * for the reader while it has none where the page fallback stands in, and the defaults when the
 * browser cannot be asked (the spec's rule for a failed read).
 */
export async function listShortcuts(
  getCommands: () => Promise<BrowserCommand[]>,
  pageFallbacks: boolean,
): Promise<ShortcutRow[]> {
  let commands: BrowserCommand[] | undefined
  try {
    commands = await getCommands()
  } catch {
    commands = undefined
  }
  const keys = new Map<ShortcutCommand, string>()
  for (const command of commands ?? []) {
    if (isShortcutCommand(command.name)) {
      keys.set(command.name, command.shortcut ?? '')
    }
  }
  return SHORTCUT_COMMANDS.map((command) => {
    const own = commands === undefined ? DEFAULT_SHORTCUTS[command] : (keys.get(command) ?? '')
    const fallback = pageFallbacks && own === '' ? FALLBACK_SHORTCUTS[command] : undefined
    return {
      command,
      label: SHORTCUT_LABELS[command],
      shortcut: fallback ?? own,
      inPagesOnly: fallback !== undefined,
    }
  })
}

/** The browser calls that open the shortcut settings. */
export interface ShortcutSettingsApi {
  isFirefox: boolean
  /** browser.commands.openShortcutSettings (Firefox 137+), when the browser has it. */
  openFirefoxSettings?: () => Promise<void>
  createTab(url: string): Promise<unknown>
}

/** What asking to change the shortcuts did: opened a page, or a text to show (for `durationMs`). */
export type ShortcutSettingsOutcome =
  { kind: 'opened'; notice?: string } | { kind: 'notice'; notice: string; durationMs: number }

/** Opens the browser's shortcut settings, or says how to get there. */
export async function openShortcutSettings(
  api: ShortcutSettingsApi,
): Promise<ShortcutSettingsOutcome> {
  if (api.isFirefox) {
    if (api.openFirefoxSettings) {
      try {
        await api.openFirefoxSettings()
        return { kind: 'opened' }
      } catch {
        // An older Firefox: the article below.
      }
    }
    try {
      await api.createTab(FIREFOX_SHORTCUTS_HELP_URL)
      return { kind: 'opened', notice: FIREFOX_SHORTCUTS_STEPS }
    } catch {
      return {
        kind: 'notice',
        notice: FIREFOX_SHORTCUTS_STEPS,
        durationMs: SHORTCUT_HELP_DURATION_MS,
      }
    }
  }
  try {
    await api.createTab(CHROME_SHORTCUTS_URL)
    return { kind: 'opened' }
  } catch {
    return {
      kind: 'notice',
      notice: copyUrlToAddressBarMessage(CHROME_SHORTCUTS_URL),
      durationMs: SHORTCUT_HELP_DURATION_MS,
    }
  }
}

/** The popup's own browser calls. */
export function browserShortcutSettingsApi(): ShortcutSettingsApi {
  const firefoxCommands = (
    globalThis as { browser?: { commands?: { openShortcutSettings?: () => Promise<void> } } }
  ).browser?.commands
  const isFirefox = chrome.runtime.getURL('').startsWith('moz-extension:')
  return {
    isFirefox,
    ...(isFirefox && typeof firefoxCommands?.openShortcutSettings === 'function'
      ? { openFirefoxSettings: () => firefoxCommands.openShortcutSettings!() }
      : {}),
    createTab: (url) => chrome.tabs.create({ url }),
  }
}

/** Whether this browser uses the page fallback for keys it cannot suggest (Chrome, Edge). */
export function hasPageFallbacks(): boolean {
  return chrome.runtime.getURL('').startsWith('chrome-extension:')
}
