import { SYNC_STORAGE_SETTINGS_KEY, settingsMirrorOf, type SettingsMirror } from '@inkmark/shared'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
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
