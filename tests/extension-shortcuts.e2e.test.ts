// The keyboard shortcuts as browser commands, in Chromium with the built extension: the browser's
// own key handling runs Alt+S, Alt+A, Alt+B and Alt+W (the page never sees those keys), Alt+R
// opens the reader through its trusted-key fallback (ADR 028), and a page whose script fakes
// every shortcut with synthetic key events gets nothing done. The popup lists the keys and opens
// the browser's page to change them.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inkmarkUi } from './src/closed-shadow'
import {
  CHROME_EXTENSION_DIR,
  launchWithExtension,
  type ExtensionBrowser,
} from './src/extension-browser'
import {
  FIRST,
  SECOND,
  THIRD,
  article,
  closeNewHighlightToolbox,
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { isSidebarShown, openPopupFor, sidebarDocument } from './src/extension-sidebar'
import { pressShortcut } from './src/shortcuts'

/** The page records every keydown its own scripts see, in its own world. */
const KEY_RECORDER = `<script>
window.seenKeys = []
addEventListener('keydown', (event) => seenKeys.push(event.code + (event.altKey ? '+alt' : '')), true)
</script>`

/** What a hostile page's script does: select text, then fake each shortcut every way it can. */
function fakeEveryShortcut(page: Page): Promise<void> {
  return page.evaluate(() => {
    const paragraph = document.querySelector('#p2')!
    const range = document.createRange()
    range.selectNodeContents(paragraph)
    getSelection()!.removeAllRanges()
    getSelection()!.addRange(range)
    for (const code of ['KeyS', 'KeyA', 'KeyB', 'KeyW', 'KeyR']) {
      const init = { code, key: code.slice(3).toLowerCase(), altKey: true, bubbles: true }
      for (const target of [document, document.body, paragraph, window]) {
        target.dispatchEvent(new KeyboardEvent('keydown', { ...init, cancelable: true }))
        target.dispatchEvent(new KeyboardEvent('keyup', init))
      }
    }
  })
}

describe('the keyboard shortcuts', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  async function openPage(path: string): Promise<Page> {
    await site.write(
      path,
      article([FIRST, SECOND, THIRD]).replace('</main>', `</main>${KEY_RECORDER}`),
    )
    const page = await browser.context.newPage()
    await page.goto(site.url(path))
    expect(await highlighterReady(page)).toBe('ready')
    return page
  }

  it('are manifest commands, four with suggested keys (the most Chrome takes)', async () => {
    const manifest = JSON.parse(
      await readFile(join(CHROME_EXTENSION_DIR, 'manifest.json'), 'utf8'),
    ) as { commands?: Record<string, { suggested_key?: { default?: string } }> }
    const keys = Object.entries(manifest.commands ?? {}).map(([name, command]) => [
      name,
      command.suggested_key?.default,
    ])
    expect(keys).toEqual([
      ['highlightText', 'Alt+S'],
      ['highlightWithLastFormat', 'Alt+A'],
      ['toggleSidebar', 'Alt+W'],
      ['bookmarkPage', 'Alt+B'],
      ['openInReader', undefined],
    ])
  })

  it('runs through the browser as commands, which the page never sees', async () => {
    const page = await openPage('commands.html')
    await selectText(page, '#p1', 0, 10)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    await closeNewHighlightToolbox(page)
    await selectText(page, '#p3', 4, 15)
    await pressShortcut(page, 'Alt+A')
    await expect
      .poll(async () => (await paintedHighlights(page)).map((highlight) => highlight.text))
      .toEqual([FIRST.slice(0, 10), THIRD.slice(4, 15)])
    await closeNewHighlightToolbox(page)

    await pressShortcut(page, 'Alt+B')
    await inkmarkUi(page).waitFor({
      selector: '[data-inkmark-toast]',
      hasText: 'Saved to your library 🔖',
    })
    await pressShortcut(page, 'Alt+W')
    await sidebarDocument(page)
    await pressShortcut(page, 'Alt+W')
    await expect.poll(() => isSidebarShown(page)).toBe(false)

    // The browser took the keys before the page: its scripts saw none of them.
    const seen = await page.evaluate(() => (window as unknown as { seenKeys: string[] }).seenKeys)
    expect(seen.filter((key) => /^Key[SABW]\+alt$/.test(key))).toEqual([])
    await page.close()
  })

  it('opens the reader on a trusted Alt+R while the reader command has no key', async () => {
    const page = await openPage('reader-key.html')
    const opened = browser.context.waitForEvent('page', (candidate) =>
      candidate.url().includes('/tabs/reader.html?key='),
    )
    await pressShortcut(page, 'Alt+R')
    // The reader tab for this page (whether it finds an article is the reader tests' business).
    const reader = await opened
    await reader.waitForLoadState()
    await reader.close()
    await page.close()
  })

  it("does nothing for a page's synthetic key events", async () => {
    const page = await openPage('hostile.html')
    const tabsBefore = browser.context.pages().length
    await fakeEveryShortcut(page)
    // A real highlight afterwards: its message reaches the background after anything the fakes sent.
    await selectText(page, '#p3', 0, 9)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    expect((await paintedHighlights(page)).map((highlight) => highlight.text)).toEqual([
      THIRD.slice(0, 9),
    ])
    const bookmark = await storeCall<{ isStarred?: boolean } | undefined>(
      browser,
      'getBookmarkForUrl',
      site.url('hostile.html'),
    )
    expect(bookmark?.isStarred).not.toBe(true)
    expect(await isSidebarShown(page)).toBe(false)
    expect(browser.context.pages().length).toBe(tabsBefore)
    expect(
      await inkmarkUi(page).count({
        selector: '[data-inkmark-toast]',
        hasText: 'Saved to your library 🔖',
      }),
    ).toBe(0)
    await page.close()
  })

  it('lists the keys in the popup and opens the browser page to change them', async () => {
    const page = await openPage('popup.html')
    const popup = await openPopupFor(browser, page)
    const list = popup.getByTestId('shortcuts')
    await list.waitFor()
    const rows = await list.evaluate((element) =>
      Array.from(element.querySelectorAll('dt'), (term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    )
    expect(rows).toEqual([
      ['Highlight text', 'Alt+S'],
      ['Highlight with same format', 'Alt+A'],
      ['Toggle sidebar', 'Alt+W'],
      ['Save page', 'Alt+B'],
      ['Open in reader', 'Alt+R'],
    ])
    const settings = browser.context.waitForEvent('page', (candidate) =>
      candidate.url().startsWith('chrome://extensions/shortcuts'),
    )
    await popup.getByRole('button', { name: 'Change shortcuts' }).click()
    const opened = await settings
    await opened.close()
    await page.close()
  })
})
