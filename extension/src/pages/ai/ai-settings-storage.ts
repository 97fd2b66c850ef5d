// The extension's AI settings (provider, endpoint, key): device-local, in chrome.storage.local under
// `aiSettings`, never in the synced chromesettings and never in a backup (those come from the
// library, which does not hold them). Read through parseAiSettings, so a damaged or older value
// gives the defaults instead of an error. Extension pages only: the key is never sent to a page.
import { parseAiSettings, type AiSettings } from '@inkmark/shared'
import { useEffect, useState } from 'react'

/** The chrome.storage.local key of the AI settings. */
export const AI_SETTINGS_KEY = 'aiSettings'

/** The AI settings of this device. */
export async function loadAiSettings(): Promise<AiSettings> {
  const stored = await chrome.storage.local.get(AI_SETTINGS_KEY)
  return parseAiSettings(stored[AI_SETTINGS_KEY])
}

/** Keeps `settings` as this device's AI settings (validated first). */
export async function saveAiSettings(settings: AiSettings): Promise<void> {
  await chrome.storage.local.set({ [AI_SETTINGS_KEY]: parseAiSettings(settings) })
}

/** This device's AI settings, live (undefined while loading): a change made elsewhere shows. */
export function useAiSettings(): AiSettings | undefined {
  const [settings, setSettings] = useState<AiSettings>()
  useEffect(() => {
    let live = true
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'local' && AI_SETTINGS_KEY in changes) {
        setSettings(parseAiSettings(changes[AI_SETTINGS_KEY]?.newValue))
      }
    }
    chrome.storage.onChanged.addListener(onChanged)
    loadAiSettings().then(
      (loaded) => live && setSettings(loaded),
      () => live && setSettings(parseAiSettings(undefined)),
    )
    return () => {
      live = false
      chrome.storage.onChanged.removeListener(onChanged)
    }
  }, [])
  return settings
}
