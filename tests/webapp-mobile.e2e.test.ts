// The web app on a phone (390x844, touch; docs/adr/040-mobile-layout.md): the header is one compact
// row whose links and account are in a menu that opens by keyboard and by tap and reaches every
// destination; nothing is wider than the screen; the first card starts in the first screen and the
// window itself scrolls to later ones (no strip scrolling inside the page); the View menu changes
// the view; axe-core finds nothing serious or critical, in light and dark. The library's prompts
// (sign-up from 4 pages ...) are answered in the seed: one opening over the menu took its keys in CI,
// and they have their own test (webapp-prompts).
import { createBookmark, createMark } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startClockAtTestNow, TEST_NOW } from './src/test-clock'
import {
  SEED_PAGE_PATH,
  startWebapp,
  type WebappServer,
  answeredPrompts,
} from './src/webapp-server'

const HOUR = 3_600_000
const PAGE_COUNT = 40
const pages = Array.from({ length: PAGE_COUNT }, (_, index) =>
  createBookmark(
    {
      _id: `page-${index}`,
      url: `https://site${index % 4}.example.org/a-rather-long-address-for-a-small-screen-${index}`,
      origin: `site${index % 4}.example.org`,
      title: `Article number ${index} with a title long enough to wrap on a phone`,
      description: 'A description of the article, also long enough to need more than one line.',
      tags: index % 2 === 0 ? ['reading', 'phone'] : [],
    },
    TEST_NOW - index * HOUR,
  ),
)
const marks = pages.slice(0, 5).map((bookmark, index) =>
  createMark(
    {
      _id: `mark-${index}`,
      _bookmark: bookmark._id,
      url: bookmark.url,
      title: bookmark.title,
      text: `Highlight ${index} of a page read on a phone.`,
    },
    TEST_NOW - index * HOUR,
  ),
)

describe('the web app at 390x844', () => {
  let server: WebappServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    })
    await startClockAtTestNow(context)
    page = await context.newPage()
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await page.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [...pages, ...marks, answeredPrompts],
    )
    expect(result.rejected).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  async function openDashboard() {
    await page.goto(server.url + '/')
    await expect
      .poll(() => page.locator('.dashboard:not([data-first-screen]) article.card').count())
      .toBeGreaterThan(0)
  }

  it('lays the dashboard out for the phone: one header row, no overflow, the window scrolls', async () => {
    await openDashboard()
    const header = await page.locator('.app-header').boundingBox()
    expect(header?.height).toBeLessThanOrEqual(64)
    // Every control of the header is on its one row.
    const rows = await page.evaluate(() => {
      const header = document.querySelector('.app-header')!.getBoundingClientRect()
      return [...document.querySelectorAll('.app-header a, .app-header button')]
        .map((element) => element.getBoundingClientRect())
        .filter((rect) => rect.width > 0)
        .every((rect) => rect.top >= header.top && rect.bottom <= header.bottom)
    })
    expect(rows).toBe(true)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    const firstCard = await page.locator('article.card').first().boundingBox()
    expect(firstCard!.y).toBeLessThan(400)
    // One card per row.
    const boxes = await page
      .locator('article.card')
      .evaluateAll((cards) => cards.slice(0, 3).map((card) => card.getBoundingClientRect().top))
    expect(new Set(boxes).size).toBe(boxes.length)
    // The window scrolls (not a box inside the page) and brings the last page into the list.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 2),
    ).toBe(true)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(844)
    const last = page.getByRole('link', { name: new RegExp(`^Article number ${PAGE_COUNT - 1} `) })
    await expect.poll(() => last.isVisible()).toBe(true)
    const lastBox = await last.boundingBox()
    expect(lastBox!.y).toBeGreaterThanOrEqual(0)
    expect(lastBox!.y).toBeLessThan(844)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
  })

  it('opens the header menu by keyboard and reaches a destination with it', async () => {
    await openDashboard()
    const menuButton = page.getByRole('button', { name: 'Menu' })
    await menuButton.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu', { name: 'Menu' })
    const focusedItem = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'menuitem'
          ? document.activeElement.textContent
          : null,
      )
    await expect.poll(() => menu.isVisible()).toBe(true)
    // Keys wait for the menu to have taken the focus (it does so just after it opens).
    await expect.poll(focusedItem).toBe('Dashboard')
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Dashboard',
      'Learning',
      'Sharing',
      'Discover',
      'Ask your library',
      'Add content',
      'Search',
      'Settings',
      'Log in',
      'Sign up',
    ])
    await page.keyboard.press('Escape')
    await expect.poll(() => menu.count()).toBe(0)
    await expect
      .poll(() => menuButton.evaluate((element) => element === document.activeElement))
      .toBe(true)
    // Enter opens it on its first item; ArrowDown seven times is Settings. Each key waits for the
    // focus to arrive (the menu moves it into itself after it opens).
    await page.keyboard.press('Enter')
    await expect.poll(() => menu.isVisible()).toBe(true)
    await expect.poll(focusedItem).toBe('Dashboard')
    for (const next of [
      'Learning',
      'Sharing',
      'Discover',
      'Ask your library',
      'Add content',
      'Search',
      'Settings',
    ]) {
      await page.keyboard.press('ArrowDown')
      await expect.poll(focusedItem).toBe(next)
    }
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings')
  })

  it('opens the header menu by tap and reaches every destination', async () => {
    const destinations: [string, () => Promise<unknown>][] = [
      ['Dashboard', () => expect.poll(() => new URL(page.url()).pathname).toBe('/')],
      ['Learning', () => expect.poll(() => new URL(page.url()).pathname).toBe('/learning')],
      ['Sharing', () => expect.poll(() => new URL(page.url()).pathname).toBe('/sharing')],
      ['Discover', () => expect.poll(() => new URL(page.url()).pathname).toBe('/discover')],
      ['Ask your library', () => expect.poll(() => new URL(page.url()).pathname).toBe('/ask')],
      [
        'Add content',
        () => expect.poll(() => page.getByRole('dialog', { name: /add content/i }).count()).toBe(1),
      ],
      [
        'Search',
        () => expect.poll(() => page.getByRole('dialog', { name: 'Search' }).count()).toBe(1),
      ],
      ['Settings', () => expect.poll(() => new URL(page.url()).pathname).toBe('/settings')],
      ['Log in', () => expect.poll(() => new URL(page.url()).pathname).toBe('/login')],
      ['Sign up', () => expect.poll(() => new URL(page.url()).pathname).toBe('/sign-up')],
    ]
    for (const [name, arrived] of destinations) {
      await page.goto(`${server.url}/page/${pages[0]!._id}`)
      await page.getByRole('button', { name: 'Menu' }).tap()
      const item = page.getByRole('menuitem', { name, exact: true })
      await expect.poll(() => item.isVisible()).toBe(true)
      await item.tap()
      await arrived()
    }
  })

  it('changes the view from the View menu', async () => {
    await openDashboard()
    const view = page.getByRole('button', { name: /^View:/ })
    await view.tap()
    const menu = page.getByRole('menu', { name: 'View' })
    await expect.poll(() => menu.isVisible()).toBe(true)
    await menu.getByRole('menuitemradio', { name: 'Website', exact: true }).tap()
    await expect.poll(() => new URL(page.url()).searchParams.get('groupBy')).toBe('website')
    await expect
      .poll(() => page.locator('.group-heading').first().textContent())
      .toContain('example.org')
    await view.tap()
    await expect.poll(() => menu.isVisible()).toBe(true)
    await menu.getByRole('menuitemradio', { name: 'List', exact: true }).tap()
    await expect.poll(() => page.locator('.card-row-list').count()).toBeGreaterThan(0)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
  })

  it('has no serious accessibility violations, light and dark, menus open or not', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // Reduced motion: no colour transition is half-way when axe-core reads the colours.
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
      await openDashboard()
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Menu' }).tap()
      await expect.poll(() => page.getByRole('menu', { name: 'Menu' }).isVisible()).toBe(true)
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: /^View:/ }).tap()
      await expect.poll(() => page.getByRole('menu', { name: 'View' }).isVisible()).toBe(true)
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
    }
    await page.emulateMedia({ colorScheme: 'light' })
  })
})
