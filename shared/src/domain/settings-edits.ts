// The rules behind the settings form (web app Settings view and extension options page): what a
// person may add to their own blacklist (with a message saying why not), the choices of the backup
// prompt's interval, and the sidebar width a form accepts. Pure, so both apps check the same way.
import { z } from 'zod'
import { DEFAULT_BLACKLIST, matchesBlacklistEntry } from './blacklist'
import type { ChromeSettings } from './entities/chrome-settings'
import { SIDEBAR_MIN_WIDTH } from './sidebar-layout'
import { DEFAULT_BACKUP_PROMPT_INTERVAL } from './user-prompts'

/** Longest blacklist entry accepted (an address bar's URL is rarely longer). */
export const MAX_BLACKLIST_ENTRY_LENGTH = 500
/** How many own entries the blacklist keeps (the record syncs whole: keep it small). */
export const MAX_OWN_BLACKLIST_ENTRIES = 500

/** The outcome of checking a blacklist entry: the entry to store, or why it is refused. */
export type BlacklistEntryCheck = { ok: true; entry: string } | { ok: false; error: string }

const HOST_LABEL = /^[a-z0-9*]([a-z0-9*-]*[a-z0-9*])?$/
const PORT = /^(\d{1,5}|\*)$/
const SCHEME = /^([a-z*][a-z0-9+.*-]*):\/\//

/**
 * Checks what a person typed as a site to blacklist against their own list: a host
 * (`example.com`), an address prefix (`example.com/private`) or a wildcard pattern
 * (`*://*.example.com/*`). Returns the entry as stored (trimmed, scheme and host lowercased, a
 * pasted address's fragment dropped), or a message for the person.
 */
export function checkBlacklistEntry(raw: string, ownList: readonly string[]): BlacklistEntryCheck {
  const typed = raw.trim()
  if (typed === '') {
    return { ok: false, error: 'Enter a site, such as example.com.' }
  }
  if (typed.length > MAX_BLACKLIST_ENTRY_LENGTH) {
    return { ok: false, error: `An entry can be at most ${MAX_BLACKLIST_ENTRY_LENGTH} characters.` }
  }
  if (/\s/.test(typed)) {
    return { ok: false, error: 'An entry has no spaces. Enter one site at a time.' }
  }
  const entry = normalizeEntry(typed)
  const host = hostOf(entry)
  if (host === null) {
    return {
      ok: false,
      error: 'That is not a site address. Enter a site such as example.com or *://*.example.com/*.',
    }
  }
  const lower = entry.toLowerCase()
  if (ownList.some((own) => own.trim().toLowerCase() === lower)) {
    return { ok: false, error: `${entry} is already on your list.` }
  }
  if (DEFAULT_BLACKLIST.includes(lower)) {
    return { ok: false, error: `${entry} is already on Inkmark's built-in list.` }
  }
  if (ownList.length >= MAX_OWN_BLACKLIST_ENTRIES) {
    return {
      ok: false,
      error: `Your list is full (${MAX_OWN_BLACKLIST_ENTRIES} sites). Remove a site to add another.`,
    }
  }
  return { ok: true, entry }
}

/** Whether `url` is covered by one of the built-in entries (the form says so for the current site). */
export function isOnBuiltInBlacklist(url: string): boolean {
  return DEFAULT_BLACKLIST.some((entry) => matchesBlacklistEntry(url, entry))
}

/** The list with `entry` added last (unchanged when it is there already, ignoring case). */
export function addBlacklistEntry(list: readonly string[], entry: string): string[] {
  const lower = entry.toLowerCase()
  return list.some((own) => own.toLowerCase() === lower) ? [...list] : [...list, entry]
}

/** The list without `entry`. */
export function removeBlacklistEntry(list: readonly string[], entry: string): string[] {
  return list.filter((own) => own !== entry)
}

/** The backup prompt's interval choices, in pending items (the spec's default among them). */
export const BACKUP_PROMPT_INTERVAL_CHOICES: readonly number[] = [
  25,
  50,
  DEFAULT_BACKUP_PROMPT_INTERVAL,
  250,
  500,
]

/** Widest sidebar a form accepts; the page narrows it further to two thirds of its window. */
export const MAX_SIDEBAR_WIDTH_SETTING = 2000

/**
 * The sidebar width to store for what a person typed: whole pixels between the spec's minimum and
 * MAX_SIDEBAR_WIDTH_SETTING, or null when it is not a number. The two-thirds-of-the-window bound
 * depends on the window the sidebar opens in, so the page applies it (clampSidebarWidth).
 */
export function sidebarWidthSetting(typed: number): number | null {
  if (!Number.isFinite(typed)) {
    return null
  }
  return Math.min(MAX_SIDEBAR_WIDTH_SETTING, Math.max(SIDEBAR_MIN_WIDTH, Math.round(typed)))
}

function normalizeEntry(typed: string): string {
  const withoutFragment = typed.includes('#') ? typed.slice(0, typed.indexOf('#')) : typed
  const scheme = SCHEME.exec(withoutFragment.toLowerCase())
  const prefix = scheme ? scheme[0] : ''
  const rest = withoutFragment.slice(prefix.length)
  const hostEnd = firstIndex(rest, ['/', '?'])
  return `${prefix}${rest.slice(0, hostEnd).toLowerCase()}${rest.slice(hostEnd)}`
}

/** The host part of an entry when it is a plausible host (labels, optional port), else null. */
function hostOf(entry: string): string | null {
  const rest = entry.replace(SCHEME, '')
  if (entry.includes('://') && !SCHEME.test(entry)) {
    return null
  }
  const hostAndPort = rest.slice(0, firstIndex(rest, ['/', '?']))
  const colon = hostAndPort.lastIndexOf(':')
  const host = colon === -1 ? hostAndPort : hostAndPort.slice(0, colon)
  if (colon !== -1 && !PORT.test(hostAndPort.slice(colon + 1))) {
    return null
  }
  if (host === '' || host.length > 253) {
    return null
  }
  const labels = host.split('.')
  if (!labels.every((label) => label !== '' && HOST_LABEL.test(label))) {
    return null
  }
  // One label is a host only for localhost, a port or a wildcard (`*` alone: every site).
  if (labels.length === 1 && host !== 'localhost' && host !== '*' && colon === -1) {
    return null
  }
  return host
}

function firstIndex(text: string, chars: readonly string[]): number {
  const indexes = chars.map((char) => text.indexOf(char)).filter((index) => index !== -1)
  return indexes.length === 0 ? text.length : Math.min(...indexes)
}

/**
 * A change the settings form asks for, applied by the store to the settings record as stored at
 * that moment (applyChromeSettingsEdit): two quick edits (two sites added, width then alignment)
 * each build on the other, where whole values built from the rendered record would drop one.
 * Plain data, so the extension's pages send it to the background as it is.
 */
export interface ChromeSettingsEdit {
  /** Top-level fields set as given. */
  set?: Partial<ChromeSettings>
  /** Sidebar options changed, the others kept. */
  sidebarOptions?: Partial<ChromeSettings['sidebarOptions']>
  /** YouTube options changed, the others kept. */
  youtubeOptions?: Partial<ChromeSettings['youtubeOptions']>
  /** An own blacklist entry added (already checked by checkBlacklistEntry). */
  addBlacklistEntry?: string
  /** An own blacklist entry removed. */
  removeBlacklistEntry?: string
}

/** Checks an edit arriving from an extension page; the store validates the resulting record. */
export const ChromeSettingsEditSchema = z.strictObject({
  set: z.record(z.string(), z.unknown()).optional(),
  sidebarOptions: z.record(z.string(), z.unknown()).optional(),
  youtubeOptions: z.record(z.string(), z.unknown()).optional(),
  addBlacklistEntry: z.string().min(1).max(MAX_BLACKLIST_ENTRY_LENGTH).optional(),
  removeBlacklistEntry: z.string().min(1).max(MAX_BLACKLIST_ENTRY_LENGTH).optional(),
})

/** The fields `edit` changes, worked out on `current` (the record as stored now). */
export function applyChromeSettingsEdit(
  current: ChromeSettings,
  edit: ChromeSettingsEdit,
): Partial<ChromeSettings> {
  const changes: Partial<ChromeSettings> = { ...edit.set }
  if (edit.sidebarOptions) {
    changes.sidebarOptions = { ...current.sidebarOptions, ...edit.sidebarOptions }
  }
  if (edit.youtubeOptions) {
    changes.youtubeOptions = { ...current.youtubeOptions, ...edit.youtubeOptions }
  }
  let list = changes.blacklistedUrls ?? current.blacklistedUrls
  if (edit.addBlacklistEntry !== undefined) {
    const check = checkBlacklistEntry(edit.addBlacklistEntry, list)
    // Already there (added twice in a row) or refused: the list stays as it is.
    list = check.ok ? addBlacklistEntry(list, check.entry) : list
  }
  if (edit.removeBlacklistEntry !== undefined) {
    list = removeBlacklistEntry(list, edit.removeBlacklistEntry)
  }
  if (list !== current.blacklistedUrls) {
    changes.blacklistedUrls = list
  }
  return changes
}
