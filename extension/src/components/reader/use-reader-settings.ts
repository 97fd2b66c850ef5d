// The reader's settings, remembered in chrome.storage.local under the spec's four keys
// (readerFontSize, readerLayoutWidth, readerLineHeight, readerColorMode). Reading goes through the
// domain's readerSettingsWithDefaults, so zero, non-numeric or unknown values give the defaults;
// a change made in another reader tab shows here too, and this tab's own writes, reported late,
// do not put older values back (own-writes.ts).
import {
  READER_SETTINGS_STORAGE_KEYS,
  readerSettingsWithDefaults,
  type ReaderSettings,
  type ReaderSettingsInput,
} from '@inkmark/shared'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ownWrites } from './own-writes'

const SETTING_NAMES = Object.keys(
  READER_SETTINGS_STORAGE_KEYS,
) as (keyof typeof READER_SETTINGS_STORAGE_KEYS)[]
const STORAGE_KEYS = Object.values(READER_SETTINGS_STORAGE_KEYS) as string[]

/** Reader settings from what storage holds, defaults for anything unusable. */
export function settingsFromStorage(items: Record<string, unknown>): ReaderSettings {
  const input: ReaderSettingsInput = {}
  for (const name of SETTING_NAMES) {
    input[name] = items[READER_SETTINGS_STORAGE_KEYS[name]]
  }
  return readerSettingsWithDefaults(input)
}

/** The storage items that remember `settings`. */
export function settingsToStorage(settings: ReaderSettings): Record<string, unknown> {
  return Object.fromEntries(
    SETTING_NAMES.map((name) => [READER_SETTINGS_STORAGE_KEYS[name], settings[name]]),
  )
}

/** The reader settings (undefined until read) and a function that changes and remembers some. */
export function useReaderSettings(): [
  ReaderSettings | undefined,
  (change: Partial<ReaderSettings>) => void,
] {
  const [settings, setSettings] = useState<ReaderSettings>()
  const own = useRef(ownWrites())

  useEffect(() => {
    let live = true
    const load = () =>
      void chrome.storage.local.get(STORAGE_KEYS).then((items) => {
        if (live) {
          setSettings(settingsFromStorage(items))
        }
      })
    // Apply what changed from the event itself, in the order the writes happened: reading the
    // storage again here could return an older value than a write still in flight, and a quick
    // series of changes (holding an arrow key on a slider) would lose steps.
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      const ours = STORAGE_KEYS.filter((key) => key in changes)
      if (area !== 'local' || ours.length === 0 || !live) {
        return
      }
      const changed = Object.fromEntries(ours.map((key) => [key, changes[key]!.newValue]))
      // This page's own write, arriving late: what it wrote is shown already, or newer.
      if (own.current.isEcho(changed)) {
        return
      }
      setSettings((current) =>
        settingsFromStorage({ ...(current ? settingsToStorage(current) : {}), ...changed }),
      )
    }
    load()
    chrome.storage.onChanged.addListener(onChanged)
    return () => {
      live = false
      chrome.storage.onChanged.removeListener(onChanged)
    }
  }, [])

  const change = useCallback((partial: Partial<ReaderSettings>) => {
    setSettings((current) => {
      const next = readerSettingsWithDefaults({ ...current, ...partial })
      const items = settingsToStorage(next)
      own.current.record(items)
      void chrome.storage.local.set(items)
      return next
    })
  }, [])

  return [settings, change]
}
