import { describe, expect, it } from 'vitest'
import {
  PASSES_PER_TAB,
  isPassShaped,
  passStorageOf,
  storedSidebarPasses,
  type PassStorage,
} from './sidebar-passes'

/** chrome.storage.session's get and set over a Map. */
function memoryStorage(): PassStorage & { items: Map<string, unknown> } {
  const items = new Map<string, unknown>()
  return {
    items,
    get: (key) => Promise.resolve(items.has(key) ? { [key]: items.get(key) } : {}),
    set: (values) => {
      for (const [key, value] of Object.entries(values)) {
        items.set(key, value)
      }
      return Promise.resolve()
    },
  }
}

describe('sidebar passes', () => {
  it('holds a pass for the tab it was issued for only', async () => {
    const passes = storedSidebarPasses(memoryStorage())
    const pass = await passes.issue(7)
    expect(isPassShaped(pass)).toBe(true)
    expect(await passes.holds(7, pass)).toBe(true)
    expect(await passes.holds(8, pass)).toBe(false)
    expect(await passes.holds(7, '')).toBe(false)
    expect(
      await passes.holds(
        7,
        pass.replace(/.$/, (last) => (last === '0' ? '1' : '0')),
      ),
    ).toBe(false)
  })

  it('keeps the last few passes of a tab, and survives a restart (the storage holds them)', async () => {
    const storage = memoryStorage()
    const issued: string[] = []
    for (let index = 0; index < PASSES_PER_TAB + 2; index += 1) {
      issued.push(await storedSidebarPasses(storage).issue(3))
    }
    const restarted = storedSidebarPasses(storage)
    expect(await restarted.holds(3, issued.at(-1)!)).toBe(true)
    expect(await restarted.holds(3, issued[PASSES_PER_TAB + 2 - PASSES_PER_TAB]!)).toBe(true)
    expect(await restarted.holds(3, issued[0]!)).toBe(false)
  })

  it('keeps both passes of two frames asking at once in one tab (the sidebar and a toolbox)', async () => {
    const passes = storedSidebarPasses(memoryStorage())
    const [sidebar, toolbox] = await Promise.all([passes.issue(4), passes.issue(4)])
    expect(await passes.holds(4, sidebar)).toBe(true)
    expect(await passes.holds(4, toolbox)).toBe(true)
  })

  it('reads damaged storage as no passes', async () => {
    const storage = memoryStorage()
    storage.items.set('sidebarPasses:1', 'not a list')
    expect(await storedSidebarPasses(storage).holds(1, 'not a list')).toBe(false)
  })

  it('keeps passes in memory where the browser has no session storage', async () => {
    const passes = storedSidebarPasses(passStorageOf(undefined))
    const pass = await passes.issue(5)
    expect(await passes.holds(5, pass)).toBe(true)
  })
})
