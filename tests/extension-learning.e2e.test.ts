// Learning in the built extension (issue 14), in Chromium: the popup's reminder teaser counts
// today's session from the background's library ("6 cards to learn today" with 4 of the 10 already
// learned today), is reached by keyboard, closes for the rest of the day (the synced setting, the
// popup opened again stays without it), Learn now opens the web app's /learning; the sidebar shows
// each highlight's memory level; axe finds nothing serious in light or dark. The next day's return
// of a closed teaser is the day rule's unit test (learning-teaser.test.ts): the service worker's
// clock, which dates the library's "learned today", cannot be moved from a test.
import {
  createLearningItem,
  LearningRating,
  memoryLevel,
  memoryLevelLabel,
  MemoryLevel,
  reviewLearningItem,
} from '@inkmark/shared'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { E2E_WEBAPP_URL, holdE2eWebappOriginDuringBlock } from './src/e2e-webapp-origin'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  article,
  closeNewHighlightToolbox,
  FIRST,
  highlighterReady,
  paintedHighlights,
  SECOND,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { axeViolationsIn, openPopupFor, sidebarFrame } from './src/extension-sidebar'
import { pressShortcut } from './src/shortcuts'

/** The web app the shared extension build names (PLASMO_PUBLIC_WEBAPP_URL of the e2e build). */
const WEBAPP_URL = E2E_WEBAPP_URL
const DAY = 86_400_000

interface StoredMark {
  _id: string
  text: string
}

describe('learning in the extension', () => {
  // The e2e web app origin is one fixed port: held for this whole file (ADR 070).
  holdE2eWebappOriginDuringBlock()

  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('article.html', article([FIRST, SECOND]))
  })

  afterAll(async () => {
    await site?.close()
  })

  // A library of its own for each test: the figures count every card in it.
  beforeEach(async () => {
    browser = await launchWithExtension()
  })

  afterEach(async () => {
    await browser?.close()
  })

  it("shows today's cards in the popup, closes for today, and opens /learning", async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    expect(await highlighterReady(page)).toBe('ready')
    // Nothing to learn yet: no teaser.
    let popup = await openPopupFor(browser, page)
    await popup.locator('main[data-learning-teaser="hidden"]').waitFor()
    expect(await popup.getByTestId('learning-teaser').count()).toBe(0)
    await popup.close()

    // One highlight made on the page, learned earlier today ("now" is the library's clock: the
    // background's), and a seeded page of eleven more: three learned today, eight new.
    await selectText(page, '#p1', 0, 20)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    await closeNewHighlightToolbox(page)
    const now = await browser.serviceWorker.evaluate(() => Date.now())
    const learned = reviewLearningItem(createLearningItem(), LearningRating.KNOW, now)
    const bookmark = await storeCall<{ _id: string }>(
      browser,
      'getBookmarkForUrl',
      site.url('article.html'),
    )
    const [made] = await storeCall<StoredMark[]>(browser, 'getMarksForBookmark', bookmark._id)
    const seededUrl = 'https://example.com/learning-seed'
    await storeCall(browser, 'createOrUpdateEntities', [
      { ...made, _objectStore: 'marks', learningItem: learned },
      {
        _objectStore: 'bookmarks',
        _id: 'learning-seed',
        url: seededUrl,
        title: 'Seeded notes',
        createdAt: now - 3 * DAY,
      },
      ...Array.from({ length: 11 }, (_, index) => ({
        _objectStore: 'marks',
        _id: `learning-seed-${index}`,
        _bookmark: 'learning-seed',
        url: seededUrl,
        text: `Seeded highlight number ${index + 1}`,
        createdAt: now - 3 * DAY + index,
        ...(index < 3 ? { learningItem: learned } : {}),
      })),
    ])
    const status = await storeCall<{ learnedToday: number; dueCount: number }>(
      browser,
      'getLearningStatus',
    )
    expect(status).toMatchObject({ learnedToday: 4, dueCount: 8 })

    // Ten a day, four done: six of the eight new cards make today's session.
    popup = await openPopupFor(browser, page)
    const teaser = popup.getByTestId('learning-teaser')
    await teaser.getByText('6 cards to learn today').waitFor()
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])

    // By keyboard: past Open library, the close button, then Learn now.
    const focused = () =>
      popup.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ??
          document.activeElement?.textContent ??
          '',
      )
    await popup.keyboard.press('Tab')
    await expect.poll(focused).toBe('Open library')
    await popup.keyboard.press('Tab')
    await expect.poll(focused).toBe('Close the learning reminder for today')
    await popup.keyboard.press('Tab')
    await expect.poll(focused).toBe('Learn now')

    // Learn now opens the web app's learning screen in a new tab.
    const opened = browser.context.waitForEvent('request', {
      predicate: (request) => request.url() === `${WEBAPP_URL}/learning`,
    })
    // Learn now closes the popup itself (as the toolbar's popup closes), maybe before the key's
    // press has been answered.
    const pressed = popup.keyboard.press('Enter').catch(() => undefined)
    expect((await opened).url()).toBe(`${WEBAPP_URL}/learning`)
    await pressed
    await popup.close().catch(() => undefined)

    // Closed with the keyboard: gone, stored in the settings, and still gone in a new popup.
    popup = await openPopupFor(browser, page)
    await popup.getByTestId('learning-teaser').getByText('6 cards to learn today').waitFor()
    await popup.keyboard.press('Tab')
    await popup.keyboard.press('Tab')
    await expect.poll(focused).toBe('Close the learning reminder for today')
    await popup.keyboard.press('Enter')
    await popup.locator('main[data-learning-teaser="hidden"]').waitFor()
    expect(await popup.getByTestId('learning-teaser').count()).toBe(0)
    // The keyboard is not dropped on the body: it goes on at the page's section.
    await expect.poll(focused).toBe('This page')
    const settings = await storeCall<{ lastTeaserClosedDateInMillis?: number }>(
      browser,
      'getChromeSettings',
    )
    expect(settings.lastTeaserClosedDateInMillis).toBeGreaterThanOrEqual(now)
    await popup.close()
    popup = await openPopupFor(browser, page)
    await popup.locator('main[data-learning-teaser="hidden"]').waitFor()
    expect(await popup.getByTestId('learning-teaser').count()).toBe(0)
    await popup.close()
    await page.close()
  })

  it("shows each highlight's memory level in the sidebar, following a review", async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    expect(await highlighterReady(page)).toBe('ready')
    await selectText(page, '#p2', 0, 18)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    await closeNewHighlightToolbox(page)

    await pressShortcut(page, 'Alt+W')
    const sidebar = await sidebarFrame(page)
    const list = sidebar.getByRole('list', { name: 'Highlights on this page' })
    const item = list.getByRole('listitem').filter({ hasText: SECOND.slice(0, 18) })
    await item.getByText('Learning: Not Yet Learned').waitFor()

    // Reviewed twice, days apart (on another device, say): the open sidebar follows.
    const bookmark = await storeCall<{ _id: string }>(
      browser,
      'getBookmarkForUrl',
      site.url('article.html'),
    )
    const [made] = await storeCall<StoredMark[]>(browser, 'getMarksForBookmark', bookmark._id)
    const now = await browser.serviceWorker.evaluate(() => Date.now())
    const reviewed = reviewLearningItem(
      reviewLearningItem(createLearningItem(), LearningRating.KNOW, now - 6 * DAY),
      LearningRating.KNOW,
      now - DAY,
    )
    const level = memoryLevel(reviewed)
    expect(level).not.toBe(MemoryLevel.NOT_YET_LEARNED)
    await storeCall(browser, 'createOrUpdateEntities', [
      { ...made, _objectStore: 'marks', learningItem: reviewed },
    ])
    await item.getByText(`Learning: ${memoryLevelLabel(level)}`).waitFor()

    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await axeViolationsIn(sidebar)).toEqual([])
    await page.emulateMedia({ colorScheme: 'light' })
    expect(await axeViolationsIn(sidebar)).toEqual([])
    await page.close()
  })
})
