// Helpers for end-to-end tests of the sidebar and the popup: the sidebar's frame on a page (found
// by its path among the page's frames, which Playwright lists even inside a closed shadow root,
// since its address changes every session), the popup opened for a given tab (as the toolbar
// would, with that tab active in its window), and axe-core run inside any frame.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Frame, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { ExtensionBrowser } from './extension-browser'
import { frameAtPath } from './extension-toolbox'

/** The sidebar page's path in the built extension. */
export const SIDEBAR_PATH = '/tabs/sidebar.html'

/** The sidebar's frame on `page` (inside Inkmark's shadow root), once it has loaded. */
export async function sidebarDocument(page: Page): Promise<Frame> {
  await expect
    .poll(() => frameAtPath(page, SIDEBAR_PATH) !== undefined, { timeout: 15_000 })
    .toBe(true)
  const frame = frameAtPath(page, SIDEBAR_PATH)!
  await frame.locator('h1').waitFor()
  return frame
}

/** The sidebar's frame on `page`, once it has loaded (the same as sidebarDocument). */
export function sidebarFrame(page: Page): Promise<Frame> {
  return sidebarDocument(page)
}

/** Whether the sidebar's frame is on the page. */
export function isSidebarShown(page: Page): Promise<boolean> {
  return Promise.resolve(frameAtPath(page, SIDEBAR_PATH) !== undefined)
}

/** The page body's left and right edges (where the sidebar pushed it, or not). */
export function bodyBox(page: Page): Promise<{ left: number; right: number }> {
  return page.evaluate(() => {
    const box = document.body.getBoundingClientRect()
    return { left: Math.round(box.left), right: Math.round(box.right) }
  })
}

/** The sidebar iframe's box on the page. */
export async function sidebarBox(
  page: Page,
): Promise<{ left: number; right: number; width: number }> {
  const owner = await (await sidebarDocument(page)).frameElement()
  return owner.evaluate((frame) => {
    const box = (frame as Element).getBoundingClientRect()
    return {
      left: Math.round(box.left),
      right: Math.round(box.right),
      width: Math.round(box.width),
    }
  })
}

/** The part of chrome.tabs the tests use (the tests are not typed against chrome's API). */
interface TabsApi {
  query(query: object): Promise<{ id?: number; url?: string; windowId: number }[]>
  update(tabId: number, changes: { active: boolean }): Promise<unknown>
  create(tab: { url: string; windowId: number; active: boolean }): Promise<unknown>
  getCurrent(): Promise<{ id?: number } | undefined>
}

/**
 * Opens the extension's popup page in the window of `page`'s tab, behind it, so that `page` is
 * the active tab the popup reads (as when the toolbar button is clicked on that page).
 */
export async function openPopupFor(browser: ExtensionBrowser, page: Page): Promise<Page> {
  const url = page.url()
  const popupUrl = `chrome-extension://${browser.extensionId}/popup.html`
  // Chrome tells an extension without the "tabs" permission no tab's address outside its host
  // permissions, its own pages' included: one of its pages names its tab itself.
  const ownTabId = url.startsWith('chrome-extension://')
    ? await page.evaluate(async () => {
        const tabs = (globalThis as unknown as { chrome: { tabs: TabsApi } }).chrome.tabs
        return (await tabs.getCurrent())?.id
      })
    : undefined
  const opened = browser.context.waitForEvent('page', (candidate) => candidate.url() === popupUrl)
  await browser.serviceWorker.evaluate(
    async ([pageUrl, target, tabId]) => {
      const tabs = (globalThis as unknown as { chrome: { tabs: TabsApi } }).chrome.tabs
      // The newest tab at that address: a tab an earlier, failed test left open is older.
      const all = await tabs.query({})
      const tab = all
        .filter((candidate) =>
          tabId === undefined ? candidate.url === pageUrl : candidate.id === tabId,
        )
        .at(-1)
      if (tab?.id === undefined) {
        throw new Error(`No tab at ${pageUrl}; tabs: ${all.map((each) => each.url).join(', ')}`)
      }
      await tabs.update(tab.id, { active: true })
      await tabs.create({ url: target, windowId: tab.windowId, active: false })
    },
    [url, popupUrl, ownTabId] as const,
  )
  const popup = await opened
  await popup.waitForLoadState()
  return popup
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe-core violations of a whole document (a page or a frame). */
export async function axeViolationsIn(target: Page | Frame): Promise<string[]> {
  await target.evaluate(await axeSource)
  return target.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (context: unknown) => Promise<{ violations: { id: string; help: string }[] }> }
      }
    ).axe
    const result = await axe.run(document)
    return result.violations.map((violation) => `${violation.id}: ${violation.help}`)
  })
}
