import { SYNC_STORAGE_SETTINGS_KEY, settingsMirrorOf, type SettingsMirror } from '@inkmark/shared'
import { createTestClock, openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startSettingsMirror, type SyncArea, type SyncChanges } from './settings-mirror'

type Listener = Parameters<SyncChanges['addListener']>[0]

/** An in-memory sync storage area that reports its changes as the browser does. */
function memorySyncArea(initial: Record<string, unknown> = {}) {
  const items = { ...initial }
  const listeners: Listener[] = []
  const area: SyncArea = {
    get: (key) => Promise.resolve(key in items ? { [key]: items[key] } : {}),
    set: (values) => {
      Object.assign(items, values)
      const changes = Object.fromEntries(
        Object.entries(values).map(([key, newValue]) => [key, { newValue }]),
      )
      for (const listener of listeners) {
        listener(changes, 'sync')
      }
      return Promise.resolve()
    },
  }
  const changes: SyncChanges = { addListener: (listener) => void listeners.push(listener) }
  /** What another computer of the profile writes. */
  const writeFromElsewhere = (key: string, newValue: unknown) => {
    items[key] = newValue
    for (const listener of listeners) {
      listener({ [key]: { newValue } }, 'sync')
    }
  }
  return { items, area, changes, writeFromElsewhere }
}

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

describe('startSettingsMirror', () => {
  it('writes the settings out when they change, and not for a library that stored none', async () => {
    const harness = await openTestStore()
    opened.push(harness)
    const sync = memorySyncArea()
    await startSettingsMirror(harness.store, sync.area, sync.changes)
    expect(sync.items[SYNC_STORAGE_SETTINGS_KEY]).toBeUndefined()
    await harness.store.updateChromeSettings({ showMarkerPopup: false })
    await vi.waitFor(() =>
      expect(
        (sync.items[SYNC_STORAGE_SETTINGS_KEY] as SettingsMirror | undefined)?.settings
          .showMarkerPopup,
      ).toBe(false),
    )
  })

  it("adopts a newer copy from the profile's other computer, and keeps the library's when older", async () => {
    const harness = await openTestStore()
    opened.push(harness)
    await harness.store.updateChromeSettings({ defaultHighlightColor: '#ffad2a' })
    const sync = memorySyncArea()
    await startSettingsMirror(harness.store, sync.area, sync.changes)
    const local = harness.store.getChromeSettings()
    const older = settingsMirrorOf({ ...local, defaultHighlightColor: '#92ffaa' })
    sync.writeFromElsewhere(SYNC_STORAGE_SETTINGS_KEY, { ...older, changedAt: 1 })
    await vi.waitFor(() =>
      expect(
        (sync.items[SYNC_STORAGE_SETTINGS_KEY] as SettingsMirror).settings.defaultHighlightColor,
      ).toBe('#ffad2a'),
    )
    expect(harness.store.getChromeSettings().defaultHighlightColor).toBe('#ffad2a')
    const newer = settingsMirrorOf({
      ...local,
      defaultHighlightColor: '#3cbefc',
      sidebarOptions: { ...local.sidebarOptions, sidebarWidth: 520 },
    })
    sync.writeFromElsewhere(SYNC_STORAGE_SETTINGS_KEY, {
      ...newer,
      changedAt: Number.MAX_SAFE_INTEGER,
    })
    await vi.waitFor(() =>
      expect(harness.store.getChromeSettings().defaultHighlightColor).toBe('#3cbefc'),
    )
    expect(harness.store.getChromeSettings().sidebarOptions.sidebarWidth).toBe(520)
  })
})

describe('startSettingsMirror against the account and the record stamps', () => {
  it('does not let a stale profile copy override newer settings pulled from the account', async () => {
    const harness = await openTestStore()
    opened.push(harness)
    const local = harness.store.getChromeSettings()
    // The profile's copy, written at t=10 on a computer long ago.
    const stale = { ...settingsMirrorOf({ ...local, highlighterMode: 'EXPERT' }), changedAt: 10 }
    const sync = memorySyncArea({ [SYNC_STORAGE_SETTINGS_KEY]: stale })
    // The first pull brings the account's settings, changed at t=20.
    const firstPull = async () => {
      await harness.store.updateChromeSettings({
        highlighterMode: 'BASIC',
        showMarkerPopup: false,
        mirroredSettingsChangedAt: 20,
      })
    }
    await startSettingsMirror(harness.store, sync.area, sync.changes, firstPull)
    expect(harness.store.getChromeSettings().highlighterMode).toBe('BASIC')
    expect(harness.store.getChromeSettings().mirroredSettingsChangedAt).toBe(20)
    await vi.waitFor(() =>
      expect((sync.items[SYNC_STORAGE_SETTINGS_KEY] as SettingsMirror).changedAt).toBe(20),
    )
    expect((sync.items[SYNC_STORAGE_SETTINGS_KEY] as SettingsMirror).settings.showMarkerPopup).toBe(
      false,
    )
  })

  it("adopts computer B's change on A although A highlighted later, keeping B's time, with no ping-pong", async () => {
    const clock = createTestClock(1_000)
    const a = await openTestStore({ clock })
    const b = await openTestStore({ clock })
    opened.push(a, b)
    // One profile storage shared by both computers; each extension hears the other's writes.
    const shared = memorySyncArea()
    const setCalls = { a: 0, b: 0 }
    const areaOf = (name: 'a' | 'b'): SyncArea => ({
      get: (key) => shared.area.get(key),
      set: (values) => {
        setCalls[name] += 1
        return shared.area.set(values)
      },
    })
    await startSettingsMirror(a.store, areaOf('a'), shared.changes)
    await startSettingsMirror(b.store, areaOf('b'), shared.changes)
    clock.set(2_000)
    await b.store.updateChromeSettings({ defaultHighlightColor: '#3cbefc' })
    // A highlights after B's change but before B's copy arrives: its record's stamp moves on.
    clock.set(3_000)
    await a.store.updateChromeSettings({ recentColors: ['#ffad2a'] })
    expect(a.store.getChromeSettings().mirroredSettingsChangedAt).toBe(0)
    await vi.waitFor(() =>
      expect(a.store.getChromeSettings().defaultHighlightColor).toBe('#3cbefc'),
    )
    expect(a.store.getChromeSettings().mirroredSettingsChangedAt).toBe(2_000)
    expect(b.store.getChromeSettings().defaultHighlightColor).toBe('#3cbefc')
    // A's highlights later do not put its old colour back, and the copies settle.
    clock.set(4_000)
    await a.store.updateChromeSettings({ recentColors: ['#92ffaa', '#ffad2a'] })
    // A barrier instead of a wait: B changes another mirrored setting after A's highlight, so any
    // write-out A scheduled for that highlight runs before A adopts B's change (same delay, earlier).
    clock.set(5_000)
    await b.store.updateChromeSettings({ showMarkerPopup: false })
    await vi.waitFor(() => expect(a.store.getChromeSettings().showMarkerPopup).toBe(false))
    expect(setCalls.a).toBe(0)
    expect(
      (shared.items[SYNC_STORAGE_SETTINGS_KEY] as SettingsMirror).settings.defaultHighlightColor,
    ).toBe('#3cbefc')
    expect(a.store.getChromeSettings().defaultHighlightColor).toBe('#3cbefc')
    expect(b.store.getChromeSettings().defaultHighlightColor).toBe('#3cbefc')
  })
})
