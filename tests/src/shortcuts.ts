// Pressing Inkmark's keyboard shortcuts in end-to-end tests the way a person's key press travels:
// through the browser's input pipeline, where the browser matches extension commands before the
// page sees the key. Playwright's keyboard.press sends "keyDown" events carrying text, which
// Chromium hands straight to the page and never matches against command keys; a "rawKeyDown" sent
// with the DevTools protocol's Input.dispatchKeyEvent goes the way of a real key press, so the
// command fires (and the page never sees the key), or, for a key that is no command, the page gets
// a trusted keydown.
import type { Page } from 'playwright-core'

/** The shortcuts of the spec (DEFAULT_SHORTCUTS), as Alt plus a letter. */
export type Shortcut = 'Alt+S' | 'Alt+A' | 'Alt+W' | 'Alt+B' | 'Alt+R'

/** CDP's modifier bit for Alt. */
const ALT = 1

/** Presses `shortcut` on `page`'s tab, brought to the front (commands go to the active tab). */
export async function pressShortcut(page: Page, shortcut: Shortcut): Promise<void> {
  await page.bringToFront()
  const letter = shortcut.slice(-1)
  const keyCode = letter.charCodeAt(0)
  const key = {
    modifiers: ALT,
    key: letter.toLowerCase(),
    code: `Key${letter}`,
    windowsVirtualKeyCode: keyCode,
    nativeVirtualKeyCode: keyCode,
  }
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key })
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key })
  } finally {
    await cdp.detach()
  }
}
