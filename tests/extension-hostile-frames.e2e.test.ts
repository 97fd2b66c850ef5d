// A hostile page against Inkmark's frames (ADR 033), in Chromium with the built extension. The
// page knows the extension's public id and, from its own scripts, tries to find the sidebar and
// toolbox pages at their static addresses, frames them itself with a made-up pass, posts forged
// messages to every child frame and to its own window as our frames would, listens to every key,
// input and DOM change, and reads what it can of Inkmark's interface while the person writes a
// note and tags in the toolbox. Nothing is found, read or heard, the library changes only as the
// person changed it, and the real toolbox and sidebar keep working.
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  FIRST,
  SECOND,
  article,
  closeNewHighlightToolbox,
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { SIDEBAR_PATH, isSidebarShown, sidebarDocument } from './src/extension-sidebar'
import {
  TOOLBOX_PATH,
  frameAtPath,
  isToolboxShown,
  openedToolbox,
  shownToolbox,
} from './src/extension-toolbox'
import { hostilePage, type HostileReport } from './src/hostile-page'
import { pressShortcut } from './src/shortcuts'

const NOTE = 'Private thought 7341'
const TAG = 'private-tag-5521'
const LIBRARY_TAG = 'library-wide-4410'

interface StoredMark {
  _id: string
  color: string
  notes?: string
  tags: string[]
  url: string
}

/** What the library holds, in a form to compare before and after. */
async function librarySnapshot(browser: ExtensionBrowser): Promise<string> {
  const marks = await storeCall<StoredMark[]>(browser, 'getAllMarks')
  const tags = await storeCall<{ name: string }[]>(browser, 'getAllTags')
  const bookmarks = await storeCall<{ _id: string; url: string }[]>(browser, 'getAllBookmarks')
  return JSON.stringify({
    marks: marks.map(({ _id, color, notes, tags: markTags }) => [_id, color, notes, markTags]),
    tags: tags.map((tag) => tag.name).sort(),
    bookmarks: bookmarks.map((bookmark) => bookmark._id).sort(),
  })
}

/** The frames the hostile page made itself (not ours, which sit in Inkmark's shadow root). */
async function hostileFrames(page: Page): Promise<Frame[]> {
  const made: Frame[] = []
  for (const frame of page.frames()) {
    if (frame.parentFrame() !== page.mainFrame()) {
      continue
    }
    const owner = await frame.frameElement()
    if (
      await owner.evaluate((element) => (element as Element).classList.contains('hostile-frame'))
    ) {
      made.push(frame)
    }
  }
  return made
}

/** The address our frame at `path` was loaded from (its src: the document runs at the static origin). */
async function sessionAddress(page: Page, path: string): Promise<string> {
  const owner = await frameAtPath(page, path)!.frameElement()
  return owner.evaluate((element) => (element as HTMLIFrameElement).src)
}

function hostileReport(page: Page): Promise<HostileReport> {
  return page.evaluate(
    () => (window as unknown as { hostile: { report: HostileReport } }).hostile.report,
  )
}

describe('a hostile page against the sidebar and toolbox frames', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    browser = await launchWithExtension()
    await site.write('hostile.html', hostilePage([FIRST, SECOND], browser.extensionId))
    await site.write('other.html', article(['Another page, whose highlight has a tag of its own.']))
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  async function openHostile(): Promise<Page> {
    const page = await browser.context.newPage()
    await page.goto(site.url('hostile.html'))
    expect(await highlighterReady(page)).toBe('ready')
    return page
  }

  it('cannot find the sidebar or toolbox pages at their static addresses', async () => {
    const page = await openHostile()
    await page.evaluate(() =>
      (window as unknown as { hostile: { detect(): Promise<void> } }).hostile.detect(),
    )
    await page.evaluate(() =>
      (window as unknown as { hostile: { frameStatic(): void } }).hostile.frameStatic(),
    )
    // Both of its frames have loaded (an error page, when the address is refused).
    await expect
      .poll(() => page.locator('iframe.hostile-frame').evaluateAll((frames) => frames.length))
      .toBe(2)
    await expect.poll(async () => (await hostileFrames(page)).length).toBe(2)
    await Promise.all(page.frames().map((frame) => frame.waitForLoadState()))
    expect((await hostileReport(page)).found).toEqual([])
    // No page of ours loaded in the frames the page made.
    expect(frameAtPath(page, SIDEBAR_PATH)).toBeUndefined()
    expect(frameAtPath(page, TOOLBOX_PATH)).toBeUndefined()
    expect((await hostileReport(page)).heard).toEqual([])
    await page.close()
  })

  it('cannot tell our frames anything, nor speak for them', async () => {
    // The sidebar alone (no toolbox opens by itself here).
    await storeCall(browser, 'updateChromeSettings', { showToolboxAutomatically: false })
    const page = await openHostile()
    await selectText(page, '#p1', 0, 10)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    const markId = (await paintedHighlights(page))[0]!.id
    await pressShortcut(page, 'Alt+W')
    const sidebar = await sidebarDocument(page)
    const list = sidebar.getByRole('list', { name: 'Highlights on this page' })
    await list
      .getByRole('listitem')
      .filter({ hasText: FIRST.slice(0, 10) })
      .waitFor()
    const before = await librarySnapshot(browser)

    await page.evaluate(
      (id) => (window as unknown as { hostile: { forge(id: string): void } }).hostile.forge(id),
      markId,
    )
    // The sidebar still reads the library (a forged pass did not replace its own) ...
    await sidebar.getByRole('searchbox', { name: 'Search your library' }).fill(FIRST.slice(0, 10))
    await sidebar.getByText(/^\d+ results?$/).waitFor()
    await sidebar.getByRole('searchbox', { name: 'Search your library' }).fill('')
    // ... and took no forged list of highlights missing from the page.
    await list
      .getByRole('listitem')
      .filter({ hasText: FIRST.slice(0, 10) })
      .waitFor()
    expect(await sidebar.getByText('Highlight only visible in sidebar').count()).toBe(0)
    // The content script took no forged close, delete, change or notice.
    expect(await isSidebarShown(page)).toBe(true)
    expect(await isToolboxShown(page)).toBe(false)
    expect((await paintedHighlights(page)).map((highlight) => highlight.id)).toEqual([markId])
    expect(
      await inkmarkUi(page).count({ selector: '[data-inkmark-toast]', hasText: 'Forged notice' }),
    ).toBe(0)
    expect(await librarySnapshot(browser)).toBe(before)
    expect((await hostileReport(page)).heard).toEqual([])
    await storeCall(browser, 'updateChromeSettings', { showToolboxAutomatically: true })
    await page.close()
  })

  it('reads nothing of the note, the tags or the library while the person uses the toolbox', async () => {
    // A tag of another page's highlight: the toolbox suggests it, the hostile page must not see it.
    const other = await browser.context.newPage()
    await other.goto(site.url('other.html'))
    await highlighterReady(other)
    await selectText(other, '#p1', 0, 12)
    await pressShortcut(other, 'Alt+S')
    await closeNewHighlightToolbox(other)
    const [otherMark] = (await storeCall<StoredMark[]>(browser, 'getAllMarks')).filter(
      (mark) => mark.url === site.url('other.html'),
    )
    await storeCall(browser, 'createOrUpdateEntities', [
      { ...otherMark, _objectStore: 'marks', tags: [LIBRARY_TAG] },
    ])
    await other.close()

    const page = await openHostile()
    await selectText(page, '#p2', 2, 20)
    await pressShortcut(page, 'Alt+S')
    // The new highlight's toolbox leaves the keyboard in the page (ADR 036): the person clicks its
    // note, types it, then a tag.
    await (await shownToolbox(page)).getByRole('textbox', { name: 'Note' }).click()
    const toolbox = await openedToolbox(page)
    const markId = (await paintedHighlights(page)).find((highlight) =>
      SECOND.slice(2, 20).startsWith(highlight.text),
    )!.id
    await page.evaluate((id) => {
      ;(window as unknown as { hostile: { markId: string } }).hostile.markId = id
    }, markId)
    await page.keyboard.type(NOTE)
    await toolbox.getByRole('button', { name: 'Save note' }).click()
    await inkmarkUi(page).waitFor({ selector: '[data-inkmark-toast]', hasText: 'Note saved' })
    await toolbox.getByRole('combobox', { name: 'Add tag' }).focus()
    await page.keyboard.type(TAG)
    await page.keyboard.press('Enter')
    await expect.poll(() => toolbox.getByRole('listitem').allTextContents()).toEqual([`${TAG}×`])
    await page.keyboard.type('library')
    await expect
      .poll(() =>
        toolbox
          .getByRole('listbox', { name: 'Tag suggestions' })
          .getByRole('option')
          .allTextContents(),
      )
      .toEqual([LIBRARY_TAG])

    // Everything the page can reach, while the toolbox shows all of it.
    await page.evaluate(() => (window as unknown as { hostile: { read(): void } }).hostile.read())
    await page.evaluate(() =>
      (window as unknown as { hostile: { detect(): Promise<void> } }).hostile.detect(),
    )
    // Even with the frames' session addresses (as if they leaked), copies the page frames learn nothing.
    const addresses = [await sessionAddress(page, TOOLBOX_PATH)]
    // The first Escape closes the open list of suggestions, the second the toolbox (ADR 078).
    await page.keyboard.press('Escape')
    await expect
      .poll(() => toolbox.getByRole('listbox', { name: 'Tag suggestions' }).isVisible())
      .toBe(false)
    await page.keyboard.press('Escape')
    await expect.poll(() => isToolboxShown(page)).toBe(false)
    await pressShortcut(page, 'Alt+W')
    await sidebarDocument(page)
    const sidebarUrl = await sessionAddress(page, SIDEBAR_PATH)
    expect(new URL(sidebarUrl).host).not.toBe(browser.extensionId)
    await page.evaluate(
      (urls) =>
        (
          window as unknown as { hostile: { frameCopies(urls: string[]): void } }
        ).hostile.frameCopies(urls),
      [...addresses, sidebarUrl],
    )
    // The copied sidebar waits for a pass that never comes, then says so; by then the toolbox copy
    // has long had its made-up pass refused too.
    // A new frame shows about:blank until its navigation commits: wait for the sidebar copy's address.
    await expect.poll(async () => (await hostileFrames(page)).length).toBe(addresses.length + 1)
    await expect
      .poll(async () =>
        (await hostileFrames(page)).some((frame) => frame.url().includes(SIDEBAR_PATH)),
      )
      .toBe(true)
    const copies = await hostileFrames(page)
    const copiedSidebar = copies.find((frame) => frame.url().includes(SIDEBAR_PATH))!
    await copiedSidebar
      .getByText('Open the sidebar with Inkmark on this page.')
      .first()
      .waitFor({ timeout: 20_000 })
    for (const copy of copies) {
      expect(await copy.locator('[data-inkmark-toolbox]').count()).toBe(0)
      expect(await copy.getByText(FIRST.slice(0, 10)).count()).toBe(0)
    }

    const report = await hostileReport(page)
    const seen = JSON.stringify(report)
    for (const secret of [NOTE, TAG, LIBRARY_TAG]) {
      expect(seen).not.toContain(secret)
    }
    // None typed in the toolbox. The page saw only the Shift that ends the person's selection
    // (selectText): the shortcuts are browser commands it never sees (ADR 028).
    expect(report.keys.replaceAll('Shift', '')).toBe('')
    expect(report.inputs).toEqual([])
    expect(report.found).toEqual([])
    expect(report.heard).toEqual([])

    // The person's own changes are in the library, and the toolbox shows them again.
    const mark = (await storeCall<StoredMark[]>(browser, 'getAllMarks')).find(
      (each) => each._id === markId,
    )
    expect(mark).toMatchObject({ notes: NOTE, tags: [TAG] })
    const untouched = (await storeCall<StoredMark[]>(browser, 'getAllMarks')).find(
      (each) => each._id === otherMark!._id,
    )
    expect(untouched?.tags).toEqual([LIBRARY_TAG])
    await page.locator(`.inkmark-highlight[markid="${markId}"]`).first().click()
    const reopened = await openedToolbox(page)
    await expect.poll(() => reopened.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(NOTE)
    await page.close()
  })
})
