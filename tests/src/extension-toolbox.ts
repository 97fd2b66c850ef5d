// Helpers for end-to-end tests of a highlight's toolbox, which is an extension frame that our
// content script places on the page (ADR 033). Its address changes every browser session (Chrome's
// dynamic extension URLs), so the frame is found by its path among the page's frames, which
// Playwright lists even inside a closed shadow root; whether it is shown is read from its frame
// element, which the DevTools protocol reaches there too.
import type { Frame, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { inkmarkUi } from './closed-shadow'

/** The toolbox page's path in the built extension. */
export const TOOLBOX_PATH = '/tabs/toolbox.html'

/** The first of `page`'s frames at `path` (an extension page's path), or undefined. */
export function frameAtPath(page: Page, path: string): Frame | undefined {
  return page.frames().find((frame) => {
    try {
      return new URL(frame.url()).pathname === path
    } catch {
      return false
    }
  })
}

/** The toolbox's frame on `page`, or undefined before the first toolbox opened there. */
export function toolboxFrame(page: Page): Frame | undefined {
  return frameAtPath(page, TOOLBOX_PATH)
}

/** Whether the toolbox is shown on `page` (its frame stays, hidden, once closed). */
export async function isToolboxShown(page: Page): Promise<boolean> {
  const frame = toolboxFrame(page)
  if (!frame || frame.isDetached()) {
    return false
  }
  const owner = await frame.frameElement()
  return owner.evaluate((element) => getComputedStyle(element as Element).visibility === 'visible')
}

/** Whether the keyboard is in the shown toolbox's note. */
async function isNoteFocused(page: Page): Promise<boolean> {
  const frame = toolboxFrame(page)
  return (
    frame !== undefined &&
    (await isToolboxShown(page)) &&
    (await frame.evaluate(
      () => document.hasFocus() && document.activeElement?.id === 'inkmark-note',
    ))
  )
}

/** How long a toolbox may take to open or close (the first open on a page loads its frame). */
const TOOLBOX_WAIT = { timeout: 15_000 }

/** The shown toolbox's panel, once it is open with the keyboard in its note (as it opens). */
export async function openedToolbox(page: Page): Promise<Locator> {
  await expect.poll(() => isNoteFocused(page), TOOLBOX_WAIT).toBe(true)
  return toolboxFrame(page)!.locator('[data-inkmark-toolbox]')
}

/** Whether the keyboard is anywhere in the toolbox's frame. */
export async function isToolboxFocused(page: Page): Promise<boolean> {
  const frame = toolboxFrame(page)
  return (
    frame !== undefined && !frame.isDetached() && (await frame.evaluate(() => document.hasFocus()))
  )
}

/**
 * The toolbox a new highlight opened by itself (showToolboxAutomatically), once shown: it leaves
 * the keyboard in the page (ADR 036), so the person clicks its note to write.
 */
export async function shownToolbox(page: Page): Promise<Locator> {
  await expect.poll(() => isToolboxShown(page), TOOLBOX_WAIT).toBe(true)
  return toolboxFrame(page)!.locator('[data-inkmark-toolbox]')
}

/**
 * Closes the toolbox a new highlight opens by itself (showToolboxAutomatically): waits for it to be
 * shown, then presses Escape in the page, where the keyboard stayed (ADR 036).
 * In the PDF viewer, one of our own pages, the toolbox is a panel in the page's closed root.
 */
export async function closeNewHighlightToolbox(page: Page): Promise<void> {
  if (page.url().startsWith('chrome-extension://')) {
    // In Inkmark's closed root there (ADR 027).
    const ui = inkmarkUi(page)
    await ui.waitFor('[data-inkmark-toolbox]')
    await page.keyboard.press('Escape')
    await ui.waitFor('[data-inkmark-toolbox]', { state: 'detached' })
    return
  }
  await shownToolbox(page)
  await page.keyboard.press('Escape')
  await expect.poll(() => isToolboxShown(page), TOOLBOX_WAIT).toBe(false)
}
