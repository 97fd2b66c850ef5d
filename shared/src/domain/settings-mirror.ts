// What the extension keeps in the browser's sync storage (the spec's "extension sync storage read
// and written by key", ADR 077): the small settings that do not depend on the device, under one
// key, with the time they were last changed. The browser carries them to the person's other
// computers on the same browser profile, account or not; each extension adopts a newer copy into
// its library and writes its own changes out. The library's settings record stays the truth.
import { z } from 'zod'
import { ChromeSettingsSchema, type ChromeSettings } from './entities/chrome-settings'

/** The sync storage key of the mirrored settings. */
export const SYNC_STORAGE_SETTINGS_KEY = 'chromeSettings'

/**
 * The settings mirrored. Not the blacklist (up to 500 entries of 500 characters would pass the
 * browser's 8 KB per item), not recent colours (they change with every highlight) and nothing
 * the device or the account decides (prompt dismissals, AI, notifications).
 */
export const MIRRORED_SETTINGS_KEYS = [
  'showLeftSidebarWidget',
  'showMarkerPopup',
  'showToolboxAutomatically',
  'defaultHighlightColor',
  'sidebarOptions',
  'youtubeOptions',
  'highlighterMode',
  'preferredColorMode',
  'showLearningTeaser',
  'showBackupDialogPrompt',
  'backupDialogPromptInterval',
] as const satisfies readonly (keyof ChromeSettings)[]

export type MirroredSettings = Pick<ChromeSettings, (typeof MIRRORED_SETTINGS_KEYS)[number]>

/** The value stored under SYNC_STORAGE_SETTINGS_KEY. */
export interface SettingsMirror {
  version: 1
  /** When the mirrored settings last changed (the record's mirroredSettingsChangedAt). */
  changedAt: number
  settings: MirroredSettings
}

const MirroredSettingsSchema = ChromeSettingsSchema.pick({
  showLeftSidebarWidget: true,
  showMarkerPopup: true,
  showToolboxAutomatically: true,
  defaultHighlightColor: true,
  sidebarOptions: true,
  youtubeOptions: true,
  highlighterMode: true,
  preferredColorMode: true,
  showLearningTeaser: true,
  showBackupDialogPrompt: true,
  backupDialogPromptInterval: true,
})

const SettingsMirrorSchema = z.object({
  version: z.literal(1),
  changedAt: z.number().int().nonnegative(),
  settings: MirroredSettingsSchema,
})

/**
 * When the record's mirrored settings last changed: its own stamp for them, or for a record
 * written before that stamp existed its latest stamp (0 for the defaults of a library that stored
 * none), which errs towards keeping the library's values.
 */
export function settingsStamp(settings: ChromeSettings): number {
  return (
    settings.mirroredSettingsChangedAt ??
    Math.max(settings.createdAt ?? 0, settings.updatedAt ?? 0, settings.modifiedAt ?? 0)
  )
}

/**
 * The same changes with `mirroredSettingsChangedAt` set to `now` when they change a mirrored
 * setting's value (a local edit); as given when they set the stamp themselves (an adopted copy)
 * or touch no mirrored setting (recent colours, the blacklist, prompts).
 */
export function stampMirroredChanges(
  current: ChromeSettings,
  changes: Partial<ChromeSettings>,
  now: number,
): Partial<ChromeSettings> {
  if (changes.mirroredSettingsChangedAt !== undefined) {
    return changes
  }
  const changed = MIRRORED_SETTINGS_KEYS.some(
    (key) =>
      key in changes &&
      changes[key] !== undefined &&
      JSON.stringify(changes[key]) !== JSON.stringify(current[key]),
  )
  return changed ? { ...changes, mirroredSettingsChangedAt: now } : changes
}

/** The mirror of `settings`. */
export function settingsMirrorOf(settings: ChromeSettings): SettingsMirror {
  const picked = Object.fromEntries(
    MIRRORED_SETTINGS_KEYS.map((key) => [key, settings[key]]),
  ) as MirroredSettings
  return { version: 1, changedAt: settingsStamp(settings), settings: picked }
}

/** The mirror stored under the key, or null when missing or not one (another version, damage). */
export function parseSettingsMirror(value: unknown): SettingsMirror | null {
  const parsed = SettingsMirrorSchema.safeParse(value)
  if (!parsed.success) {
    return null
  }
  const settings = Object.fromEntries(
    MIRRORED_SETTINGS_KEYS.map((key) => [key, parsed.data.settings[key]]),
  ) as MirroredSettings
  return { version: 1, changedAt: parsed.data.changedAt, settings }
}

/** Whether two mirrors hold different settings (their times aside). */
export function mirroredSettingsDiffer(a: MirroredSettings, b: MirroredSettings): boolean {
  return MIRRORED_SETTINGS_KEYS.some((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
}

/**
 * What the library adopts from a mirror another computer wrote: its settings, stamped with the
 * mirror's own time (adopting does not make them newer than they are), when they changed after
 * the library's mirrored settings and say something else; null otherwise (an older or equal copy,
 * this extension's own write coming back).
 */
export function settingsToAdopt(
  mirror: SettingsMirror,
  local: ChromeSettings,
): (MirroredSettings & { mirroredSettingsChangedAt: number }) | null {
  if (mirror.changedAt <= settingsStamp(local)) {
    return null
  }
  return mirroredSettingsDiffer(mirror.settings, settingsMirrorOf(local).settings)
    ? { ...mirror.settings, mirroredSettingsChangedAt: mirror.changedAt }
    : null
}
