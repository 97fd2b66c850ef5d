import { describe, expect, it } from 'vitest'
import { createDefaultChromeSettings } from './entities/chrome-settings'
import {
  MIRRORED_SETTINGS_KEYS,
  parseSettingsMirror,
  settingsMirrorOf,
  settingsToAdopt,
  stampMirroredChanges,
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

  it('compares mirroredSettingsChangedAt, not the record stamp every highlight bumps', () => {
    // A highlighted at t=9000 (recent colours); its mirrored settings last changed at t=1000.
    const local = stored({ mirroredSettingsChangedAt: 1_000, updatedAt: 9_000 })
    const fromB = settingsMirrorOf(
      stored({ showMarkerPopup: false, mirroredSettingsChangedAt: 2_000 }),
    )
    expect(fromB.changedAt).toBe(2_000)
    // Adopted with B's own time, not the time of adoption.
    expect(settingsToAdopt(fromB, local)).toMatchObject({
      showMarkerPopup: false,
      mirroredSettingsChangedAt: 2_000,
    })
  })

  it('stamps a change of a mirrored value only', () => {
    const current = stored({})
    expect(stampMirroredChanges(current, { recentColors: ['#ffad2a'] }, 5)).toEqual({
      recentColors: ['#ffad2a'],
    })
    expect(stampMirroredChanges(current, { showMarkerPopup: true }, 5)).toEqual({
      showMarkerPopup: true,
    })
    expect(stampMirroredChanges(current, { showMarkerPopup: false }, 5)).toEqual({
      showMarkerPopup: false,
      mirroredSettingsChangedAt: 5,
    })
    const adopted = { showMarkerPopup: false, mirroredSettingsChangedAt: 3 }
    expect(stampMirroredChanges(current, adopted, 5)).toEqual(adopted)
  })
})
