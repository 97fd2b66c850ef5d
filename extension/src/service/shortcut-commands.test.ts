import { DEFAULT_SHORTCUTS } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { SHORTCUT_CHANNEL, SHORTCUT_COMMANDS } from '../guest/shortcut-protocol'
import { deliverShortcut, mayFallBack, type ShortcutDeps } from './shortcut-commands'

const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop'

function fakeDeps(overrides: Partial<ShortcutDeps> = {}) {
  const sent: { to: string; message: unknown }[] = []
  const deps: ShortcutDeps = {
    extensionOrigin: ORIGIN,
    pageFallbacks: true,
    menuKeyFallbacks: false,
    getCommands: () =>
      Promise.resolve([
        { name: 'highlightText', shortcut: 'Alt+S' },
        { name: 'openInReader', shortcut: '' },
      ]),
    sendToTab: (tabId, message) => {
      sent.push({ to: `tab ${tabId}`, message })
      return Promise.resolve(true)
    },
    sendToPages: (message) => {
      sent.push({ to: 'pages', message })
      return Promise.resolve()
    },
    activeTab: () => Promise.resolve({ id: 9, url: 'https://active.example/' }),
    ...overrides,
  }
  return { deps, sent }
}

describe('the shortcut commands', () => {
  it("are the spec's shortcuts (the built manifests are checked end to end)", () => {
    expect([...SHORTCUT_COMMANDS].sort()).toEqual(Object.keys(DEFAULT_SHORTCUTS).sort())
  })
})

describe('deliverShortcut', () => {
  it('hands a command to the content script of the tab it was pressed in', async () => {
    const { deps, sent } = fakeDeps()
    expect(await deliverShortcut('highlightText', { id: 4, url: 'https://a.example/' }, deps)).toBe(
      'content-script',
    )
    expect(sent).toEqual([
      { to: 'tab 4', message: { channel: SHORTCUT_CHANNEL, command: 'highlightText' } },
    ])
  })

  it("hands it to Inkmark's page with the tab's id when the tab shows one", async () => {
    const { deps, sent } = fakeDeps()
    expect(
      await deliverShortcut('highlightText', { id: 5, url: `${ORIGIN}/tabs/reader.html` }, deps),
    ).toBe('extension-page')
    expect(sent).toEqual([
      { to: 'pages', message: { channel: SHORTCUT_CHANNEL, command: 'highlightText', tabId: 5 } },
    ])
  })

  it("tries Inkmark's pages when the tab's address is unknown and no content script answers", async () => {
    const { deps, sent } = fakeDeps({ sendToTab: () => Promise.reject(new Error('no receiver')) })
    expect(await deliverShortcut('bookmarkPage', { id: 6 }, deps)).toBe('extension-page')
    expect(sent).toEqual([
      { to: 'pages', message: { channel: SHORTCUT_CHANNEL, command: 'bookmarkPage', tabId: 6 } },
    ])
  })

  it('uses the active tab when the browser gives none, and ignores unknown commands', async () => {
    const { deps, sent } = fakeDeps()
    expect(await deliverShortcut('toggleSidebar', undefined, deps)).toBe('content-script')
    expect(sent[0]?.to).toBe('tab 9')
    expect(await deliverShortcut('_execute_action', { id: 4 }, deps)).toBe('none')
    expect(sent).toHaveLength(1)
  })

  it('does nothing on a web page without a content script', async () => {
    const { deps, sent } = fakeDeps({ sendToTab: () => Promise.reject(new Error('no receiver')) })
    expect(await deliverShortcut('highlightText', { id: 4, url: 'https://a.example/' }, deps)).toBe(
      'none',
    )
    expect(sent).toEqual([])
  })
})

describe('mayFallBack', () => {
  it('lets only the reader fall back to the page, and only while its command has no key', async () => {
    const { deps } = fakeDeps()
    expect(await mayFallBack('openInReader', deps)).toBe(true)
    expect(await mayFallBack('highlightText', deps)).toBe(false)
    expect(await mayFallBack('toString', deps)).toBe(false)
    expect(await mayFallBack(undefined, deps)).toBe(false)
  })

  it('stands down once the reader has a key of its own, or where the browser suggests all five', async () => {
    const bound = fakeDeps({
      getCommands: () => Promise.resolve([{ name: 'openInReader', shortcut: 'Ctrl+Shift+R' }]),
    })
    expect(await mayFallBack('openInReader', bound.deps)).toBe(false)
    expect(await mayFallBack('openInReader', fakeDeps({ pageFallbacks: false }).deps)).toBe(false)
    const failing = fakeDeps({ getCommands: () => Promise.reject(new Error('no commands')) })
    expect(await mayFallBack('openInReader', failing.deps)).toBe(false)
  })

  it("takes Firefox's menu access keys to the page while their commands keep those keys", async () => {
    const firefox = fakeDeps({
      pageFallbacks: false,
      menuKeyFallbacks: true,
      getCommands: () =>
        Promise.resolve([
          { name: 'highlightText', shortcut: 'Alt+S' },
          { name: 'bookmarkPage', shortcut: 'Ctrl+Shift+B' },
          { name: 'openInReader', shortcut: '' },
          { name: 'toggleSidebar', shortcut: 'Alt+W' },
        ]),
    })
    expect(await mayFallBack('highlightText', firefox.deps)).toBe(true)
    // Rebound by the person: the browser's own key runs it, the page leaves Alt+B to the menu.
    expect(await mayFallBack('bookmarkPage', firefox.deps)).toBe(false)
    // No menu takes Alt+W, and Firefox has its own key for the reader.
    expect(await mayFallBack('toggleSidebar', firefox.deps)).toBe(false)
    expect(await mayFallBack('openInReader', firefox.deps)).toBe(false)
    // Chrome's command keys come before its (absent) menu bar.
    expect(await mayFallBack('highlightText', fakeDeps().deps)).toBe(false)
  })
})
