// Never lose a draft, and never take the keyboard unasked (ADR 036), in the built extension in
// Chromium: a note typed in a highlight's toolbox is stored as it is typed and when the toolbox is
// left (Escape, a click elsewhere), so it is there when the toolbox opens again and after a
// reload; a new highlight's toolbox leaves the keyboard in the page, so the next Alt+S works at
// once; with showToolboxAutomatically off, no toolbox opens after highlighting.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UI_HOST } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  FIRST,
  SECOND,
  THIRD,
  article,
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import {
  isToolboxFocused,
  isToolboxShown,
  openedToolbox,
  shownToolbox,
} from './src/extension-toolbox'
import { pressShortcut } from './src/shortcuts'

interface StoredMark {
  _id: string
  notes?: string
}

/** Selects text as a person would, without moving the keyboard (the helper gives it to the page). */
async function selectInPlace(page: Page, selector: string, start: number, end: number) {
  await page.evaluate(
    ([css, from, to]) => {
      const text = document.querySelector(css)!.firstChild!
      const range = document.createRange()
      range.setStart(text, from)
      range.setEnd(text, to)
      window.getSelection()!.removeAllRanges()
      window.getSelection()!.addRange(range)
    },
    [selector, start, end] as const,
  )
  await page.keyboard.press('Shift')
}

/** Whether the page's keyboard focus is on the page itself (not on our interface's host). */
function isFocusInPage(page: Page): Promise<boolean> {
  return page.evaluate(
    (host) => document.hasFocus() && document.activeElement !== document.querySelector(host),
    UI_HOST,
  )
}

describe('toolbox drafts and focus', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('article.html', article([FIRST, SECOND, THIRD]))
    await site.write('quiet.html', article([FIRST, SECOND, THIRD]))
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  const noteOf = async (id: string) =>
    (await storeCall<StoredMark[]>(browser, 'getAllMarks')).find((mark) => mark._id === id)?.notes

  it('leaves the keyboard in the page after a highlight, so the next Alt+S works at once', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    expect(await highlighterReady(page)).toBe('ready')
    await selectText(page, '#p1', 0, 12)
    await pressShortcut(page, 'Alt+S')
    await shownToolbox(page)
    expect(await isToolboxFocused(page)).toBe(false)
    expect(await isFocusInPage(page)).toBe(true)

    await selectInPlace(page, '#p2', 2, 20)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)
    expect(await isToolboxFocused(page)).toBe(false)
    // Escape, pressed in the page, closes the toolbox that did not take the keyboard.
    await page.keyboard.press('Escape')
    await expect.poll(() => isToolboxShown(page)).toBe(false)
    expect(await isFocusInPage(page)).toBe(true)
    await page.close()
  })

  it('keeps a note typed then left with Escape or a click elsewhere, and says Saved as it types', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    await highlighterReady(page)
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)
    const [first, second] = await paintedHighlights(page)

    // Escape right after typing: no "Save note", no pause.
    await page.locator(`.inkmark-highlight[markid="${first!.id}"]`).first().click()
    let toolbox = await openedToolbox(page)
    await page.keyboard.type('Typed, then Escape')
    await page.keyboard.press('Escape')
    await expect.poll(() => isToolboxShown(page)).toBe(false)
    await expect.poll(() => noteOf(first!.id)).toBe('Typed, then Escape')
    await page.locator(`.inkmark-highlight[markid="${first!.id}"]`).first().click()
    toolbox = await openedToolbox(page)
    expect(await toolbox.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(
      'Typed, then Escape',
    )

    // As it types: stored while the toolbox is still open, and "Saved" shown.
    await page.keyboard.press('End')
    await page.keyboard.type(' and more')
    await toolbox.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    await expect.poll(() => noteOf(first!.id)).toBe('Typed, then Escape and more')
    await page.keyboard.press('Escape')

    // A click elsewhere on the page.
    await page.locator(`.inkmark-highlight[markid="${second!.id}"]`).first().click()
    await openedToolbox(page)
    await page.keyboard.type('Left by a click')
    await page.mouse.click(5, 5)
    await expect.poll(() => isToolboxShown(page)).toBe(false)
    await expect.poll(() => noteOf(second!.id)).toBe('Left by a click')

    // After a reload, both notes are in their toolboxes.
    await page.reload()
    await highlighterReady(page)
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)
    await page.locator(`.inkmark-highlight[markid="${first!.id}"]`).first().click()
    toolbox = await openedToolbox(page)
    await expect
      .poll(() => toolbox.getByRole('textbox', { name: 'Note' }).inputValue())
      .toBe('Typed, then Escape and more')
    await page.keyboard.press('Escape')
    await page.locator(`.inkmark-highlight[markid="${second!.id}"]`).first().click()
    toolbox = await openedToolbox(page)
    await expect
      .poll(() => toolbox.getByRole('textbox', { name: 'Note' }).inputValue())
      .toBe('Left by a click')
    await page.close()
  })

  it('keeps a note typed into a new highlight clicked into, then the page reloaded at once', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    await highlighterReady(page)
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)
    await selectText(page, '#p3', 0, 15)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(3)
    const made = (await paintedHighlights(page)).find((each) => THIRD.startsWith(each.text))!
    // The person asks for the note: a click in its field.
    await (await shownToolbox(page)).getByRole('textbox', { name: 'Note' }).click()
    await openedToolbox(page)
    await page.keyboard.type('Reloaded right away')
    await page.keyboard.press('Escape')
    await page.reload()
    await highlighterReady(page)
    await expect.poll(() => noteOf(made.id)).toBe('Reloaded right away')
    await page.close()
  })

  it('opens no toolbox after a highlight when showToolboxAutomatically is off', async () => {
    await storeCall(browser, 'updateChromeSettings', { showToolboxAutomatically: false })
    const page = await browser.context.newPage()
    await page.goto(site.url('quiet.html'))
    await highlighterReady(page)
    await selectText(page, '#p1', 0, 12)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    await selectInPlace(page, '#p2', 0, 12)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)
    expect(await isToolboxShown(page)).toBe(false)
    await storeCall(browser, 'updateChromeSettings', { showToolboxAutomatically: true })
    await page.close()
  })
})
