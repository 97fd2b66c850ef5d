// The web app reader's settings, remembered in this browser's localStorage under the spec's four
// keys (readerFontSize, readerLayoutWidth, readerLineHeight, readerColorMode), the same keys the
// extension keeps in its own storage. Reading goes through the domain's readerSettingsWithDefaults,
// so zero, non-numeric or unknown values give the defaults; another tab's change shows here too.
import {
  READER_SETTINGS_STORAGE_KEYS,
  readerSettingsWithDefaults,
  type ReaderSettings,
  type ReaderSettingsInput,
} from '@inkmark/shared'
import { useCallback, useEffect, useState } from 'react'

const NAMES = Object.keys(
  READER_SETTINGS_STORAGE_KEYS,
) as (keyof typeof READER_SETTINGS_STORAGE_KEYS)[]

/** Reader settings from what `storage` holds; a value that is not JSON is read as text. */
export function readReaderSettings(storage: Pick<Storage, 'getItem'>): ReaderSettings {
  const input: ReaderSettingsInput = {}
  for (const name of NAMES) {
    const raw = storage.getItem(READER_SETTINGS_STORAGE_KEYS[name])
    if (raw === null) {
      continue
    }
    try {
      input[name] = JSON.parse(raw) as unknown
    } catch {
      input[name] = raw
    }
  }
  return readerSettingsWithDefaults(input)
}

/** Remembers `settings` in `storage`. */
export function writeReaderSettings(
  storage: Pick<Storage, 'setItem'>,
  settings: ReaderSettings,
): void {
  for (const name of NAMES) {
    storage.setItem(READER_SETTINGS_STORAGE_KEYS[name], JSON.stringify(settings[name]))
  }
}

/** The reader settings and a function that changes and remembers some. */
export function useReaderSettings(): [ReaderSettings, (change: Partial<ReaderSettings>) => void] {
  const [settings, setSettings] = useState(() => readReaderSettings(localStorage))
  useEffect(() => {
    const keys = Object.values(READER_SETTINGS_STORAGE_KEYS) as string[]
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || keys.includes(event.key)) {
        setSettings(readReaderSettings(localStorage))
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])
  const change = useCallback((partial: Partial<ReaderSettings>) => {
    setSettings((current) => {
      const next = readerSettingsWithDefaults({ ...current, ...partial })
      try {
        writeReaderSettings(localStorage, next)
      } catch {
        // Storage full or refused: the change holds for this visit.
      }
      return next
    })
  }, [])
  return [settings, change]
}
