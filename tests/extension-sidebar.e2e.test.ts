// The sidebar and the popup in the built extension, in Chromium: Alt+W opens the sidebar with the
// page's highlights (a note that looks like HTML shown as text), it follows changes to the library,
// a highlight whose text left the page is listed as only visible in the sidebar, push mode moves
// the page and overlay mode does not (with the width clamped), the close button and the page-edge
// button, the popup's count, "Save page" and "Open sidebar", axe-core on both pages, and a sidebar
// page framed by some other page getting nothing of the library.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
  FIRST,
  SECOND,
  THIRD,
  article,
  closeNewHighlightToolbox,
} from './src/extension-page'
import { frameAtPath } from './src/extension-toolbox'
import {
  SIDEBAR_PATH,
  axeViolationsIn,
  bodyBox,
  isSidebarShown,
  openPopupFor,
  sidebarBox,
  sidebarDocument,
  sidebarFrame,
} from './src/extension-sidebar'
import { pressShortcut } from './src/shortcuts'

const FOURTH = 'A fourth paragraph is here for a while, and then it is taken away again.'
const NOTE = '<img src=x onerror="document.title=\'pwned\'">'

interface StoredMark {
  _id: string
  text: string
  notes?: string
  tags: string[]
  color?: string
}

describe('the sidebar and the popup', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('article.html', article([FIRST, SECOND, THIRD]))
    await site.write('other.html', article(['Another page with one sentence to keep.']))
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  async function openArticle(): Promise<Page> {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    expect(await highlighterReady(page)).toBe('ready')
    return page
  }

  it('opens with Alt+W and lists the highlight with its note as text, then follows changes', async () => {
    const page = await openArticle()
    await selectText(page, '#p1', 0, 10)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    // The toolbox opens on the new highlight with the keyboard in its note; Escape leaves it.
    await closeNewHighlightToolbox(page)
    const bookmark = await storeCall<{ _id: string }>(
      browser,
      'getBookmarkForUrl',
      site.url('article.html'),
    )
    const [mark] = await storeCall<StoredMark[]>(browser, 'getMarksForBookmark', bookmark._id)
    await storeCall(browser, 'createOrUpdateEntities', [
      { ...mark, _objectStore: 'marks', notes: NOTE, tags: ['reading'] },
    ])

    await pressShortcut(page, 'Alt+W')
    const sidebar = await sidebarFrame(page)
    const list = sidebar.getByRole('list', { name: 'Highlights on this page' })
    const item = list.getByRole('listitem').filter({ hasText: FIRST.slice(0, 10) })
    // The note is edited in place (ADR 036): a field whose value is the note, as text.
    await expect.poll(() => item.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(NOTE)
    expect(
      await item.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents(),
    ).toEqual(['reading×'])
    const frame = sidebar
    expect(await frame.locator('img').count()).toBe(0)
    expect(await frame.evaluate(() => document.title)).toBe('Inkmark sidebar')
    expect(await page.title()).toBe('Reading list')

    // A highlight made while the sidebar is open shows up in it.
    await selectText(page, '#p3', 4, 15)
    await inkmarkUi(page).click('[data-inkmark-marker-popup] button[aria-label="Highlight green"]')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)
    // The page's highlights are the list's own items (a highlight's tags are a list in it).
    await expect.poll(() => list.locator(':scope > li').count()).toBe(2)
    await page.close()
  })

  it("lists a highlight whose text left the page as 'Highlight only visible in sidebar'", async () => {
    // A paragraph appears for a while; its highlight stays when it goes again.
    await site.write('article.html', article([FIRST, SECOND, THIRD, FOURTH]))
    let page = await openArticle()
    await selectText(page, '#p4', 0, FOURTH.length)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(3)
    await page.close()

    await site.write('article.html', article([FIRST, SECOND, THIRD]))
    page = await openArticle()
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)
    await pressShortcut(page, 'Alt+W')
    const list = (await sidebarFrame(page)).getByRole('list', { name: 'Highlights on this page' })
    const gone = list.getByRole('listitem').filter({ hasText: FOURTH })
    await gone.getByText('Highlight only visible in sidebar').waitFor()
    await expect.poll(() => list.getByText('Highlight only visible in sidebar').count()).toBe(1)
    const learnMore = gone.getByRole('button', { name: 'Learn more' })
    await learnMore.click()
    expect(await learnMore.getAttribute('aria-expanded')).toBe('true')
    await gone.getByText('could not find its text on the page again').waitFor()

    expect(await axeViolationsIn(await sidebarDocument(page))).toEqual([])
    await page.close()
  })

  it('pushes the page in push mode, covers it in overlay mode, and closes by its button', async () => {
    const page = await openArticle()
    const before = await bodyBox(page)
    await pressShortcut(page, 'Alt+W')
    // The sidebar opens after the shortcut reaches the extension and back: wait for the effect.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).transitionDuration))
      .toBe('0.3s, 0.3s')
    await sidebarDocument(page)
    // Left and 400 px wide by default; the body moves by the sidebar's width.
    await expect.poll(() => bodyBox(page)).toEqual({ left: before.left + 400, right: before.right })
    expect(await sidebarBox(page)).toMatchObject({ left: 0, width: 400 })

    await (await sidebarFrame(page)).getByRole('button', { name: 'Close sidebar' }).click()
    await expect.poll(() => isSidebarShown(page)).toBe(false)
    expect(await bodyBox(page)).toEqual(before)

    await storeCall(browser, 'updateChromeSettings', {
      sidebarOptions: { sidebarWidth: 5000, sidebarAlignment: 'right', sidebarBehavior: 'overlay' },
    })
    await page.reload()
    await highlighterReady(page)
    const windowWidth = await page.evaluate(() => window.innerWidth)
    await pressShortcut(page, 'Alt+W')
    await sidebarDocument(page)
    const clamped = Math.round((windowWidth * 2) / 3)
    await expect
      .poll(() => sidebarBox(page))
      .toEqual({ left: windowWidth - clamped, right: windowWidth, width: clamped })
    expect(await bodyBox(page)).toEqual(before)

    // Alt+W inside the sidebar closes it too.
    await (await sidebarFrame(page)).getByRole('tab', { name: 'History' }).focus()
    await pressShortcut(page, 'Alt+W')
    await expect.poll(() => isSidebarShown(page)).toBe(false)
    await storeCall(browser, 'updateChromeSettings', {
      sidebarOptions: { sidebarWidth: 400, sidebarAlignment: 'left', sidebarBehavior: 'push' },
    })
    await page.close()
  })

  it('shows history, domains, tags and search results, keyboard first, and passes axe', async () => {
    const page = await openArticle()
    await inkmarkUi(page).click('button[aria-label="Open Inkmark sidebar"]')
    const frame = await sidebarDocument(page)
    const sidebar = frame

    const thisPage = sidebar.getByRole('tab', { name: 'This page' })
    await thisPage.focus()
    await page.keyboard.press('ArrowRight')
    expect(await sidebar.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await sidebar.getByRole('link', { name: 'Reading list' }).waitFor()
    expect(await axeViolationsIn(frame)).toEqual([])

    await page.keyboard.press('ArrowRight')
    await sidebar.getByRole('button', { name: /^127\.0\.0\.1/ }).click()
    await sidebar.getByRole('link', { name: 'Reading list' }).waitFor()
    expect(await axeViolationsIn(frame)).toEqual([])

    await sidebar.getByRole('tab', { name: 'Tags' }).click()
    await sidebar.getByRole('button', { name: /^reading/ }).click()
    await sidebar.getByText(NOTE).waitFor()
    expect(await axeViolationsIn(frame)).toEqual([])

    await sidebar.getByRole('searchbox', { name: 'Search your library' }).fill('third parag')
    await sidebar.getByRole('heading', { name: 'Highlights' }).waitFor()
    await sidebar.getByText('1 result', { exact: true }).waitFor()
    expect(await axeViolationsIn(frame)).toEqual([])
    expect(await frame.locator('img').count()).toBe(0)

    // The page-edge button goes when the person turns it off.
    await storeCall(browser, 'updateChromeSettings', { showLeftSidebarWidget: false })
    await inkmarkUi(page).waitFor('[data-inkmark-sidebar-widget]', { state: 'detached' })
    await storeCall(browser, 'updateChromeSettings', { showLeftSidebarWidget: true })
    await page.close()
  })

  it('shows the count in the popup, saves the page, and opens the sidebar', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('other.html'))
    await highlighterReady(page)
    let popup = await openPopupFor(browser, page)
    await popup.getByText('No highlights on this page yet. Select text to highlight it.').waitFor()
    expect(await axeViolationsIn(popup)).toEqual([])
    await popup.getByRole('button', { name: 'Save page' }).click()
    await popup.getByText('Saved to your library.').waitFor()
    await popup.getByRole('button', { name: 'Saved', exact: true }).waitFor()
    const saved = await storeCall<{ isStarred: boolean; title: string } | undefined>(
      browser,
      'getBookmarkForUrl',
      site.url('other.html'),
    )
    expect(saved).toMatchObject({ isStarred: true, title: 'Reading list' })
    await popup.close()

    const article = await openArticle()
    await expect.poll(async () => (await paintedHighlights(article)).length).toBe(2)
    popup = await openPopupFor(browser, article)
    await popup.getByText('3 highlights on this page').waitFor()
    expect(await axeViolationsIn(popup)).toEqual([])
    await popup.getByRole('button', { name: 'Open sidebar' }).click()
    await inkmarkUi(article).waitFor('iframe[data-inkmark-sidebar]')
    await (
      await sidebarFrame(article)
    )
      .getByRole('list', { name: 'Highlights on this page' })
      .waitFor()
    await page.close()
    await article.close()
  })

  it('shows nothing of the library in a sidebar some page framed itself', async () => {
    // A page frames the sidebar page for the article (whose highlights exist) at its static
    // address and hands it a made-up pass. Chrome loads our pages only at their session addresses
    // (ADR 033), so nothing of ours loads there; a copy at a session address gets no pass either
    // (tests/extension-hostile-frames.e2e.test.ts).
    const sidebarUrl = `chrome-extension://${browser.extensionId}/tabs/sidebar.html?url=${encodeURIComponent(site.url('article.html'))}`
    await site.write(
      'framer.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Framer</title></head><body>
<iframe id="stolen" title="stolen" src="${sidebarUrl}" style="width:400px;height:600px"></iframe>
<script>document.getElementById('stolen').addEventListener('load', (event) => {
  event.target.contentWindow.postMessage({ channel: 'inkmark:frame-hello', pass: '${'ab'.repeat(24)}' }, '*')
  document.title = 'Framed'
})</script></body></html>`,
    )
    const page = await browser.context.newPage()
    await page.goto(site.url('framer.html'))
    await expect.poll(() => page.title()).toBe('Framed')
    expect(frameAtPath(page, SIDEBAR_PATH)).toBeUndefined()
    const stolen = page.frameLocator('#stolen')
    expect(await stolen.getByRole('list', { name: 'Highlights on this page' }).count()).toBe(0)
    expect(await stolen.getByText(FIRST.slice(0, 10)).count()).toBe(0)
    await page.close()
  })

  it('says highlighting is off in the popup on browser pages and blacklisted sites', async () => {
    const page = await browser.context.newPage()
    await page.goto(`chrome-extension://${browser.extensionId}/tabs/sidebar.html`)
    let popup = await openPopupFor(browser, page)
    await popup.getByText("Inkmark can't highlight on this page.", { exact: false }).waitFor()
    expect(await popup.getByRole('button', { name: 'Save page' }).count()).toBe(0)
    await popup.getByRole('button', { name: 'Open library' }).waitFor()
    expect(await axeViolationsIn(popup)).toEqual([])
    await popup.close()

    await storeCall(browser, 'updateChromeSettings', { blacklistedUrls: ['127.0.0.1'] })
    await page.goto(site.url('other.html'))
    popup = await openPopupFor(browser, page)
    await popup.getByText('Highlighting is off on this site.', { exact: false }).waitFor()
    expect(await popup.getByRole('button', { name: 'Open sidebar' }).count()).toBe(0)
    await storeCall(browser, 'updateChromeSettings', { blacklistedUrls: [] })
    await popup.close()
    await page.close()
  })
})

/** A long article: 150 paragraphs of a few lines each, #p1 … #p150. */
function longArticle(): string {
  return article(
    Array.from(
      { length: 150 },
      (_, index) =>
        `Paragraph ${index + 1} of a long read. ` +
        'Its sentences wrap over several lines, so a narrower page is a taller page. '.repeat(4),
    ),
  )
}

/** The text a quarter down the window, as a paragraph id and the top of that text (px). */
function readingPoint(page: Page): Promise<{ id: string; offset: number; top: number }> {
  return page.evaluate(() => {
    const y = Math.round(window.innerHeight / 4)
    const body = document.body.getBoundingClientRect()
    const caret = document.caretRangeFromPoint((body.left + body.right) / 2, y)!
    const paragraph = caret.startContainer.parentElement!.closest('p')!
    const range = document.createRange()
    range.setStart(caret.startContainer, caret.startOffset)
    range.setEnd(caret.startContainer, caret.startOffset + 1)
    return { id: paragraph.id, offset: caret.startOffset, top: range.getBoundingClientRect().top }
  })
}

/** Where the text at `point` is now (its top, px). */
function topOf(page: Page, point: { id: string; offset: number }): Promise<number> {
  return page.evaluate(({ id, offset }) => {
    const text = document.getElementById(id)!.firstChild!
    const range = document.createRange()
    range.setStart(text, offset)
    range.setEnd(text, offset + 1)
    return range.getBoundingClientRect().top
  }, point)
}

/** Whether the highlight `markId` is in the window and marked as just shown. */
function isShownAndFlashed(page: Page, markId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const wrapper = document.querySelector(`.inkmark-highlight[markid="${id}"]`)
    if (!wrapper) {
      return false
    }
    const box = wrapper.getBoundingClientRect()
    return (
      box.top >= 0 && box.bottom <= window.innerHeight && wrapper.hasAttribute('data-inkmark-flash')
    )
  }, markId)
}

describe('the sidebar as a workspace', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('long.html', longArticle())
    await site.write(
      'narrow.html',
      longArticle().replace('<body>', '<body style="max-width: 560px">'),
    )
    browser = await launchWithExtension()
    // The toolbox stays shut after a highlight: these tests are about the sidebar.
    await storeCall(browser, 'updateChromeSettings', { showToolboxAutomatically: false })
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  async function highlightOn(page: Page, paragraphs: string[]): Promise<void> {
    for (const [made, paragraph] of paragraphs.entries()) {
      await selectText(page, paragraph, 0, 24)
      await pressShortcut(page, 'Alt+S')
      await expect.poll(async () => (await paintedHighlights(page)).length).toBe(made + 1)
    }
  }

  it('shows a highlight on the page from the sidebar, by click and by Enter, and filters the list', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('long.html'))
    expect(await highlighterReady(page)).toBe('ready')
    await highlightOn(page, ['#p20', '#p90', '#p140'])
    const [near, middle, far] = await paintedHighlights(page)
    await page.evaluate(() => window.scrollTo(0, 0))

    await pressShortcut(page, 'Alt+W')
    const sidebar = await sidebarFrame(page)
    const list = sidebar.getByRole('list', { name: 'Highlights on this page' })
    await expect.poll(() => list.locator(':scope > li').count()).toBe(3)
    expect(await isShownAndFlashed(page, far!.id)).toBe(false)

    await list
      .locator(`[data-mark-id="${far!.id}"]`)
      .getByRole('button', { name: /^Show on page:/ })
      .click()
    await expect.poll(() => isShownAndFlashed(page, far!.id), { timeout: 10_000 }).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)

    const show = list.locator(`[data-mark-id="${middle!.id}"]`).getByRole('button', {
      name: /^Show on page:/,
    })
    await show.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => isShownAndFlashed(page, middle!.id), { timeout: 10_000 }).toBe(true)
    // The mark goes again after a moment (a pulse, not a state).
    await expect.poll(() => isShownAndFlashed(page, far!.id), { timeout: 10_000 }).toBe(false)

    // With reduced motion: no animation, still a visible mark.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await list
      .locator(`[data-mark-id="${near!.id}"]`)
      .getByRole('button', { name: /^Show on page:/ })
      .click()
    await expect.poll(() => isShownAndFlashed(page, near!.id), { timeout: 10_000 }).toBe(true)
    expect(
      await page.evaluate((id) => {
        const wrapper = document.querySelector<HTMLElement>(`.inkmark-highlight[markid="${id}"]`)!
        return { animations: wrapper.getAnimations().length, outline: wrapper.style.outlineStyle }
      }, near!.id),
    ).toEqual({ animations: 0, outline: 'solid' })
    await page.emulateMedia({ reducedMotion: 'no-preference' })

    // Filter by words, then by colour.
    const filter = sidebar.getByRole('searchbox', { name: "Filter this page's highlights" })
    await filter.fill('paragraph 90')
    await expect.poll(() => list.locator(':scope > li').count()).toBe(1)
    expect(await list.locator(':scope > li').getAttribute('data-mark-id')).toBe(middle!.id)
    await sidebar.getByText('1 of 3 highlights').waitFor()
    await filter.fill('')
    await expect.poll(() => list.locator(':scope > li').count()).toBe(3)
    await list
      .locator(`[data-mark-id="${near!.id}"]`)
      .getByRole('button', { name: 'Colour green' })
      .click()
    await sidebar.getByRole('combobox', { name: 'Colour' }).selectOption({ label: 'green' })
    await expect.poll(() => list.locator(':scope > li').count()).toBe(1)
    expect(await list.locator(':scope > li').getAttribute('data-mark-id')).toBe(near!.id)
    expect(await axeViolationsIn(sidebar)).toEqual([])
    await page.close()
  })

  it('edits the note, the tags and the colour in place, stored and painted on the page', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('narrow.html'))
    await highlighterReady(page)
    await highlightOn(page, ['#p2'])
    const [made] = await paintedHighlights(page)
    await pressShortcut(page, 'Alt+W')
    const sidebar = await sidebarFrame(page)
    const card = sidebar.locator(`[data-mark-id="${made!.id}"]`)

    // The note saves as it is typed, with no button to press.
    const note = card.getByRole('textbox', { name: 'Note' })
    await note.click()
    await page.keyboard.type('Written in the sidebar <b>as text</b>')
    await card.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    const stored = async () =>
      (await storeCall<StoredMark[]>(browser, 'getAllMarks')).find((mark) => mark._id === made!.id)
    await expect
      .poll(async () => (await stored())?.notes)
      .toBe('Written in the sidebar <b>as text</b>')

    // Tags: added cleaned, once; removed.
    const addTag = card.getByRole('combobox', { name: 'Add tag' })
    await addTag.fill(' #Deep Work ')
    await addTag.press('Enter')
    await addTag.fill('later')
    await addTag.press('Enter')
    await expect.poll(async () => (await stored())?.tags).toEqual(['DeepWork', 'later'])
    await card.getByRole('button', { name: 'Remove tag later' }).click()
    await expect.poll(async () => (await stored())?.tags).toEqual(['DeepWork'])

    // Colour: one of the offered swatches.
    await card.getByRole('button', { name: 'Colour blue' }).click()
    await expect.poll(async () => (await stored())?.color).toBe('#c3effc')
    await expect
      .poll(() =>
        page.evaluate(
          (id) =>
            getComputedStyle(document.querySelector(`.inkmark-highlight[markid="${id}"]`)!)
              .backgroundColor,
          made!.id,
        ),
      )
      .toBe('rgb(195, 239, 252)')
    await expect
      .poll(async () => (await paintedHighlights(page))[0]?.classes ?? '')
      .toContain('webhighlight-with-notes')
    expect((await paintedHighlights(page))[0]!.classes).toContain('webhighlight-with-tags')
    expect(
      await card.getByRole('button', { name: 'Colour blue' }).getAttribute('aria-pressed'),
    ).toBe('true')
    expect(await sidebar.locator('b').count()).toBe(0)

    // Light and dark, keyboard first.
    expect(await axeViolationsIn(sidebar)).toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect
      .poll(() => sidebar.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('rgb(22, 22, 24)')
    expect(await axeViolationsIn(sidebar)).toEqual([])
    await page.emulateMedia({ colorScheme: 'light' })

    // Delete: gone from the library, the page and the list.
    await card.getByRole('button', { name: 'Delete highlight' }).click()
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(0)
    await expect.poll(async () => (await stored()) === undefined).toBe(true)
    await sidebar.getByText('No highlights on this page yet.', { exact: false }).waitFor()
    await page.close()
  })

  it('keeps the reading position when it opens and closes, and scrollY where nothing re-wraps', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('long.html'))
    await highlighterReady(page)
    await page.evaluate(() => window.scrollTo(0, 6000))
    const point = await readingPoint(page)

    await pressShortcut(page, 'Alt+W')
    await sidebarDocument(page)
    // Pushed by 400 px: the text re-wraps, and what was being read stays where it was.
    await expect.poll(() => bodyBox(page).then((box) => box.left)).toBe(408)
    await expect.poll(async () => Math.abs((await topOf(page, point)) - point.top)).toBeLessThan(4)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(6000)
    await pressShortcut(page, 'Alt+W')
    await expect.poll(() => isSidebarShown(page)).toBe(false)
    await expect.poll(() => bodyBox(page).then((box) => box.left)).toBe(8)
    await expect.poll(async () => Math.abs((await topOf(page, point)) - point.top)).toBeLessThan(4)
    await page.close()

    // A page whose text keeps its width: scrollY itself is unchanged.
    const narrow = await browser.context.newPage()
    await narrow.goto(site.url('narrow.html'))
    await highlighterReady(narrow)
    await narrow.evaluate(() => window.scrollTo(0, 6000))
    const scrollY = await narrow.evaluate(() => window.scrollY)
    await pressShortcut(narrow, 'Alt+W')
    await sidebarDocument(narrow)
    await expect.poll(() => bodyBox(narrow).then((box) => box.left)).toBe(408)
    expect(Math.abs((await narrow.evaluate(() => window.scrollY)) - scrollY)).toBeLessThan(4)
    await narrow.close()
  })
})
