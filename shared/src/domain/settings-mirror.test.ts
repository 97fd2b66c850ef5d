import { describe, expect, it } from 'vitest'
import { createDefaultChromeSettings } from './entities/chrome-settings'
import {
  MIRRORED_SETTINGS_KEYS,
  parseSettingsMirror,
  settingsMirrorOf,
  settingsToAdopt,
} from './settings-mirror'

const stored = (overrides: Parameters<typeof createDefaultChromeSettings>[1]) =>
  createDefaultChromeSettings('settings', overrides)

describe('settings mirror', () => {
  it('holds only the device-independent settings, stamped with the record', () => {
    const settings = stored({
      showMarkerPopup: false,
      blacklistedUrls: ['example.com'],
      recentColors: ['#ffad2a'],
      updatedAt: 2_000,
      createdAt: 1_000,
    })
    const mirror = settingsMirrorOf(settings)
    expect(mirror.changedAt).toBe(2_000)
    expect(Object.keys(mirror.settings).sort()).toEqual([...MIRRORED_SETTINGS_KEYS].sort())
    expect(mirror.settings.showMarkerPopup).toBe(false)
    expect(JSON.stringify(mirror)).not.toContain('example.com')
    expect(parseSettingsMirror(JSON.parse(JSON.stringify(mirror)))).toEqual(mirror)
  })

  it('refuses what is not a mirror', () => {
    expect(parseSettingsMirror(undefined)).toBeNull()
    expect(parseSettingsMirror({ version: 2, changedAt: 1, settings: {} })).toBeNull()
    expect(parseSettingsMirror({ version: 1, changedAt: -1, settings: {} })).toBeNull()
  })

  it('adopts a newer copy that differs, never an older one or its own echo', () => {
    const local = stored({ updatedAt: 5_000 })
    const newer = settingsMirrorOf(stored({ showMarkerPopup: false, updatedAt: 6_000 }))
    expect(settingsToAdopt(newer, local)).toMatchObject({ showMarkerPopup: false })
    const older = settingsMirrorOf(stored({ showMarkerPopup: false, updatedAt: 4_000 }))
    expect(settingsToAdopt(older, local)).toBeNull()
    const sameValues = settingsMirrorOf(stored({ updatedAt: 9_000 }))
    expect(settingsToAdopt(sameValues, local)).toBeNull()
    // A library that never stored settings takes any copy that says something else.
    expect(settingsToAdopt(newer, createDefaultChromeSettings('settings'))).not.toBeNull()
  })
})
