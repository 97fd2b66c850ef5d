// The settings form's edits go through editChromeSettings, applied in the write queue to the record
// as stored then: edits fired back to back, before any re-render, all stand (ADR 077).
import { afterEach, describe, expect, it } from 'vitest'
import { createTestClock, openTestStore, type TestStore } from '../testing'

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

describe('editChromeSettings', () => {
  it('applies two quick edits in a row, neither awaited, each on the record the other left', async () => {
    const harness = await openTestStore()
    opened.push(harness)
    await harness.store.updateChromeSettings({ blacklistedUrls: ['first.example'] })
    // As the form fires them: two clicks before the screen shows the first one's result.
    const edits = [
      harness.store.editChromeSettings({ addBlacklistEntry: 'second.example' }),
      harness.store.editChromeSettings({ addBlacklistEntry: 'third.example' }),
      harness.store.editChromeSettings({ removeBlacklistEntry: 'first.example' }),
      harness.store.editChromeSettings({ sidebarOptions: { sidebarWidth: 520 } }),
      harness.store.editChromeSettings({ sidebarOptions: { sidebarAlignment: 'right' } }),
      harness.store.editChromeSettings({ youtubeOptions: { enableAutoscrolling: false } }),
      harness.store.editChromeSettings({ youtubeOptions: { enableStickyPlayer: false } }),
    ]
    await Promise.all(edits)
    const settings = harness.store.getChromeSettings()
    expect(settings.blacklistedUrls).toEqual(['second.example', 'third.example'])
    expect(settings.sidebarOptions).toMatchObject({ sidebarWidth: 520, sidebarAlignment: 'right' })
    expect(settings.youtubeOptions).toEqual({
      enableAutoscrolling: false,
      enableStickyPlayer: false,
    })
  })

  it('adds a site once when the same add arrives twice, and sets top-level fields', async () => {
    const harness = await openTestStore({ clock: createTestClock(5_000) })
    opened.push(harness)
    await Promise.all([
      harness.store.editChromeSettings({ addBlacklistEntry: 'twice.example' }),
      harness.store.editChromeSettings({ addBlacklistEntry: 'twice.example' }),
      harness.store.editChromeSettings({ set: { showMarkerPopup: false } }),
    ])
    const settings = harness.store.getChromeSettings()
    expect(settings.blacklistedUrls).toEqual(['twice.example'])
    expect(settings.showMarkerPopup).toBe(false)
    expect(settings.mirroredSettingsChangedAt).toBe(5_000)
  })
})
