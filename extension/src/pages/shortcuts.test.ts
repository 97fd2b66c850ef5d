import { describe, expect, it } from 'vitest'
import {
  CHROME_SHORTCUTS_URL,
  FIREFOX_SHORTCUTS_HELP_URL,
  FIREFOX_SHORTCUTS_STEPS,
  listShortcuts,
  openShortcutSettings,
} from './shortcuts'

describe('listShortcuts', () => {
  it("lists the browser's keys in the spec's order, Alt+R standing in for an unset reader key", async () => {
    const rows = await listShortcuts(
      () =>
        Promise.resolve([
          { name: 'openInReader', shortcut: '' },
          { name: 'bookmarkPage', shortcut: 'Ctrl+Shift+K' },
          { name: 'toggleSidebar', shortcut: '' },
          { name: 'highlightText', shortcut: 'Alt+S' },
          { name: 'highlightWithLastFormat', shortcut: 'Alt+A' },
          { name: '_execute_action', shortcut: 'Alt+I' },
        ]),
      true,
    )
    expect(rows.map((row) => [row.label, row.shortcut, row.inPagesOnly])).toEqual([
      ['Highlight text', 'Alt+S', false],
      ['Highlight with same format', 'Alt+A', false],
      ['Toggle sidebar', '', false],
      ['Save page', 'Ctrl+Shift+K', false],
      ['Open in reader', 'Alt+R', true],
    ])
  })

  it('shows an unset reader key as unset where there is no page fallback (Firefox)', async () => {
    const rows = await listShortcuts(
      () => Promise.resolve([{ name: 'openInReader', shortcut: '' }]),
      false,
    )
    expect(rows.find((row) => row.command === 'openInReader')).toMatchObject({ shortcut: '' })
  })

  it('shows the default keys when the browser cannot be asked', async () => {
    const rows = await listShortcuts(() => Promise.reject(new Error('unavailable')), true)
    expect(rows.map((row) => row.shortcut)).toEqual(['Alt+S', 'Alt+A', 'Alt+W', 'Alt+B', 'Alt+R'])
  })
})

describe('openShortcutSettings', () => {
  it("opens Chrome's shortcuts page in a tab", async () => {
    const opened: string[] = []
    const outcome = await openShortcutSettings({
      isFirefox: false,
      createTab: (url) => Promise.resolve(opened.push(url)),
    })
    expect(outcome).toEqual({ kind: 'opened' })
    expect(opened).toEqual([CHROME_SHORTCUTS_URL])
  })

  it('falls back to the copy-and-paste helper for 10 s when the page cannot be opened', async () => {
    const outcome = await openShortcutSettings({
      isFirefox: false,
      createTab: () => Promise.reject(new Error('Not allowed to load local resource')),
    })
    expect(outcome).toEqual({
      kind: 'notice',
      notice: 'Copy & paste this url into your address bar: chrome://extensions/shortcuts',
      durationMs: 10_000,
    })
  })

  it("uses Firefox's own shortcut settings where it has them, else its support article", async () => {
    let openedSettings = 0
    expect(
      await openShortcutSettings({
        isFirefox: true,
        openFirefoxSettings: () => Promise.resolve(void openedSettings++),
        createTab: () => Promise.reject(new Error('unexpected')),
      }),
    ).toEqual({ kind: 'opened' })
    expect(openedSettings).toBe(1)
    const opened: string[] = []
    expect(
      await openShortcutSettings({
        isFirefox: true,
        createTab: (url) => Promise.resolve(opened.push(url)),
      }),
    ).toEqual({ kind: 'opened', notice: FIREFOX_SHORTCUTS_STEPS })
    expect(opened).toEqual([FIREFOX_SHORTCUTS_HELP_URL])
  })
})
