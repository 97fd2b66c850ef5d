// The background's side of the browser's sync storage (ADR 077): the library's device-independent
// settings are written under SYNC_STORAGE_SETTINGS_KEY whenever they change, and a newer copy the
// browser brings from the person's other computer is adopted into the library (which tells every
// open tab, as any change does). Comparing values as well as times ends the echo of each write.
// Times are the record's mirroredSettingsChangedAt, not its own stamps (every highlight bumps
// those), and an adopted copy keeps its own time. Nothing starts before `ready`: when signed in,
// the first pull from the relay, so a stale profile copy never beats newer account settings.
import {
  SYNC_STORAGE_SETTINGS_KEY,
  mirroredSettingsDiffer,
  parseSettingsMirror,
  settingsMirrorOf,
  settingsToAdopt,
  type LocalStore,
  type SettingsMirror,
} from '@inkmark/shared'

/** The part of chrome.storage.sync used here (a fake in unit tests). */
export interface SyncArea {
  get(key: string): Promise<Record<string, unknown>>
  set(items: Record<string, unknown>): Promise<void>
}

/** The part of chrome.storage.onChanged used here. */
export interface SyncChanges {
  addListener(
    listener: (changes: Record<string, { newValue?: unknown }>, areaName: string) => void,
  ): void
}

/**
 * Keeps the library's settings and the sync storage's copy in step once `ready` resolves (the
 * first sync pull when signed in); resolves once started, rejects (nothing mirrored) when `ready`
 * does.
 */
export async function startSettingsMirror(
  store: LocalStore,
  area: SyncArea,
  changes: SyncChanges,
  ready: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  await ready()
  let written: SettingsMirror | null = null

  async function adopt(value: unknown): Promise<void> {
    const mirror = parseSettingsMirror(value)
    if (!mirror) {
      return
    }
    written = mirror
    const adopted = settingsToAdopt(mirror, store.getChromeSettings())
    if (adopted) {
      await store.updateChromeSettings(adopted)
    }
  }

  async function writeOut(): Promise<void> {
    const mirror = settingsMirrorOf(store.getChromeSettings())
    // A library that never stored settings has only the defaults: nothing to carry elsewhere.
    if (mirror.changedAt === 0) {
      return
    }
    if (written && !mirroredSettingsDiffer(written.settings, mirror.settings)) {
      return
    }
    written = mirror
    await area.set({ [SYNC_STORAGE_SETTINGS_KEY]: mirror }).catch((error: unknown) => {
      // Over the browser's quota or sync storage turned off: the library keeps the settings.
      console.warn('Inkmark: the settings were not written to sync storage', error)
    })
  }

  changes.addListener((changed, areaName) => {
    const entry = changed[SYNC_STORAGE_SETTINGS_KEY]
    if (areaName === 'sync' && entry && 'newValue' in entry) {
      // An older copy (written before this library's last change) is answered with ours.
      void adopt(entry.newValue).then(writeOut)
    }
  })
  const stored = await area.get(SYNC_STORAGE_SETTINGS_KEY).catch(() => ({}))
  await adopt((stored as Record<string, unknown>)[SYNC_STORAGE_SETTINGS_KEY])
  await writeOut()
  let timer: ReturnType<typeof setTimeout> | undefined
  store.observe(() => {
    clearTimeout(timer)
    timer = setTimeout(() => void writeOut(), 100)
  })
}
