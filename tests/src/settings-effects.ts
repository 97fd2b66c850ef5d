// What the settings tests look at on an already-open page (ADR 077): whether the marker popup
// comes on a selection and the page's Inkmark status (where the open sidebar sits:
// extension-sidebar.ts sidebarBox); and the settings
// record as the extension's background holds it.
import type { Page } from 'playwright-core'
import { inkmarkUi } from './closed-shadow'
import type { ExtensionBrowser } from './extension-browser'
import { selectText, storeCall } from './extension-page'

/** The settings fields the tests read back. */
export interface StoredSettings {
  showMarkerPopup: boolean
  showToolboxAutomatically: boolean
  showLeftSidebarWidget: boolean
  defaultHighlightColor: string
  recentColors: string[]
  blacklistedUrls: string[]
  highlighterMode: string
  sidebarOptions: { sidebarWidth: number; sidebarAlignment: string; sidebarBehavior: string }
  youtubeOptions: { enableAutoscrolling: boolean; enableStickyPlayer: boolean }
  showLearningTeaser: boolean
  showBackupDialogPrompt: boolean
  backupDialogPromptInterval: number
  autoDownloadPageContent?: boolean
}

/** The settings record in the extension's background. */
export function extensionSettings(browser: ExtensionBrowser): Promise<StoredSettings> {
  return storeCall<StoredSettings>(browser, 'getChromeSettings')
}

/**
 * Whether selecting the start of `selector` brings the marker popup. The highlighter shows it in
 * a task queued at the end of the selection (a zero timer); a task the page queues after the key
 * has run after it, so the answer is settled, not raced. The selection is cleared afterwards.
 */
export async function markerPopupComes(page: Page, selector = '#p1'): Promise<boolean> {
  await selectText(page, selector, 0, 6)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
  const shown = (await inkmarkUi(page).count('[data-inkmark-marker-popup]')) > 0
  await page.keyboard.press('Escape')
  await page.evaluate(() => window.getSelection()?.removeAllRanges())
  return shown
}

/** The page's Inkmark status: 'ready', 'blacklisted' or null before the highlighter loaded. */
export function pageStatus(page: Page): Promise<string | null> {
  return page.getAttribute('html', 'data-inkmark-extension')
}

/** Turns a switch of the settings form over from the keyboard (focus, then Space). */
export async function flipSwitch(page: Page, name: RegExp | string): Promise<void> {
  await page.getByRole('switch', { name }).focus()
  await page.keyboard.press('Space')
}

/**
 * Reads the background's settings record from one extension page kept open (storeCall opens a
 * page per call, too slow to poll many settings in a row on a loaded machine).
 */
export async function openSettingsReader(
  browser: ExtensionBrowser,
): Promise<{ read(): Promise<StoredSettings>; close(): Promise<void> }> {
  const page = await browser.context.newPage()
  await page.goto(`chrome-extension://${browser.extensionId}/popup.html`)
  return {
    async read() {
      const answer = await page.evaluate(() =>
        (
          globalThis as unknown as {
            chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } }
          }
        ).chrome.runtime.sendMessage({
          channel: 'inkmark:store',
          method: 'getChromeSettings',
          args: [],
        }),
      )
      const { ok, value, error } = answer as { ok: boolean; value?: unknown; error?: string }
      if (!ok) {
        throw new Error(`getChromeSettings failed: ${error}`)
      }
      return value as StoredSettings
    },
    close: () => page.close(),
  }
}
