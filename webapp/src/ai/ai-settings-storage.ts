// The AI settings of this device: kept in this browser's localStorage under `inkmark.aiSettings`,
// and nowhere else. They hold the endpoint's optional API key, so they are never written to the
// library's chromesettings (which sync), never put in a backup and never sent to the relay
// (docs/adr/048-ai-in-the-web-app.md). Reading goes through the shared parseAiSettings, so a value
// that is missing, not JSON or from an older version gives the defaults instead of an error.
import { AI_SETTINGS_LOCAL_STORAGE_KEY, parseAiSettings, type AiSettings } from '@inkmark/shared'

/** The localStorage key of the web app's AI settings (device-local, never synced). */
export const AI_SETTINGS_STORAGE_KEY = AI_SETTINGS_LOCAL_STORAGE_KEY

/** The AI settings `storage` holds, the defaults when it holds none or something unreadable. */
export function readAiSettings(storage: Pick<Storage, 'getItem'>): AiSettings {
  try {
    const raw = storage.getItem(AI_SETTINGS_STORAGE_KEY)
    return parseAiSettings(raw === null ? undefined : (JSON.parse(raw) as unknown))
  } catch {
    return parseAiSettings(undefined)
  }
}

/** Remembers `settings` in `storage`; false when the browser refused (storage blocked or full). */
export function writeAiSettings(storage: Pick<Storage, 'setItem'>, settings: AiSettings): boolean {
  try {
    storage.setItem(AI_SETTINGS_STORAGE_KEY, JSON.stringify(settings))
    return true
  } catch {
    return false
  }
}
