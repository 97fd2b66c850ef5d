// The web app on the design system (ADR 034), in Chromium: page cards show the site's icon and
// the page's cover picture (served by this test's own loopback server, the web app's origin); a
// picture that fails becomes a letter avatar or nothing, never an empty box; axe finds nothing
// serious or critical on the dashboard and a page detail, light and dark; the tokens follow the
// dark scheme and reduced motion; a dialog and a menu opened from the keyboard keep the focus
// inside and give it back on close.
import { createBookmark, createMark } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startClockAtTestNow, TEST_NOW } from './src/test-clock'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

const HOUR = 3_600_000
/** A 2x2 PNG, for the cover and the favicon. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNwtjgFRAwQCgAhfgUVCJDuCAAAAABJRU5ErkJggg==',
  'base64',
)

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

const card = (page: Page, title: string) => page.locator('article.card', { hasText: title })

describe('the web app on the design system', () => {
  let server: WebappServer
  let browser: Browser
  let page: Page
  let pictured: ReturnType<typeof createBookmark>

  beforeAll(async () => {
    server = await startWebapp({
      extraFiles: { 'favicon.ico': PNG, 'pictures/cover.png': PNG },
    })
    // Same origin as the app, so the CSP's img-src 'self' lets the pictures in.
    pictured = createBookmark(
      {
        _id: 'page-pictured',
        url: `${server.url}/articles/memory`,
        title: 'A page with pictures',
        description: 'Sleep turns the day into memories.',
        image: `${server.url}/pictures/cover.png`,
      },
      TEST_NOW - HOUR,
    )
    const broken = createBookmark(
      {
        _id: 'page-broken',
        url: 'https://broken.invalid/story',
        title: 'A page whose pictures fail',
        image: `${server.url}/pictures/missing.png`,
      },
      TEST_NOW - 2 * HOUR,
    )
    const plain = createBookmark(
      { _id: 'page-plain', url: 'about:blank', title: 'A page without pictures' },
      TEST_NOW - 3 * HOUR,
    )
    const mark = createMark(
      {
        _id: 'mark-pictured',
        _bookmark: pictured._id,
        url: pictured.url,
        title: pictured.title,
        text: 'Memories are rebuilt each time they are recalled.',
        notes: 'Worth a card.',
        tags: ['memory'],
      },
      TEST_NOW - HOUR,
    )
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await startClockAtTestNow(context)
    page = await context.newPage()
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await page.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [pictured, broken, plain, mark],
    )
    expect(result.rejected).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('shows site icons and cover pictures, and no empty box where a picture failed', async () => {
    await page.goto(server.url + '/')
    await expect.poll(() => page.locator('article.card').count()).toBe(3)

    const withPictures = card(page, 'A page with pictures')
    const loaded = (selector: string) =>
      withPictures
        .locator(selector)
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
    await expect.poll(() => loaded('img.ink-site-icon')).toBe(true)
    await expect.poll(() => loaded('.ink-cover img')).toBe(true)
    expect(await withPictures.locator('.ink-cover img').getAttribute('referrerpolicy')).toBe(
      'no-referrer',
    )
    // The cover keeps its ratio (16:9) whatever the picture's own shape.
    const box = await withPictures.locator('.ink-cover').boundingBox()
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1)
    expect(await withPictures.textContent()).toContain('Sleep turns the day into memories.')
    expect(await withPictures.textContent()).toContain('1 highlight · 1 note')

    // The failing icon becomes the site's letter; the failing cover leaves nothing behind.
    const broken = card(page, 'A page whose pictures fail')
    await expect.poll(() => broken.locator('.ink-site-icon--letter').textContent()).toBe('B')
    await expect.poll(() => broken.locator('.ink-cover').count()).toBe(0)
    expect(await broken.locator('img').count()).toBe(0)

    const plain = card(page, 'A page without pictures')
    expect(await plain.locator('.ink-cover').count()).toBe(0)
    expect(await plain.locator('.ink-site-icon--letter').count()).toBe(1)
    // No tall empty box: the card's text column is as tall as its text, at most the card.
    const plainBody = await plain.locator('.ink-page-card__body').boundingBox()
    const plainCard = await plain.boundingBox()
    expect(plainBody!.height).toBeLessThanOrEqual(plainCard!.height)
  })

  it('has no serious accessibility violations on the dashboard and a page, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await page.goto(server.url + '/')
      await expect.poll(() => page.locator('article.card').count()).toBe(3)
      await expectNoSeriousViolations(page)
      await page.goto(`${server.url}/page/${pictured._id}`)
      await expect.poll(() => page.locator('.mark-item').count()).toBe(1)
      await expectNoSeriousViolations(page)
    }
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('follows the dark scheme and stills motion under reduced motion', async () => {
    await page.goto(server.url + '/')
    const cardBackground = () =>
      card(page, 'A page with pictures').evaluate(
        (element) => getComputedStyle(element).backgroundColor,
      )
    await expect.poll(cardBackground).toBe('rgb(255, 255, 255)')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(cardBackground).toBe('rgb(38, 38, 43)')
    // In milliseconds (the build writes 200ms as .2s).
    const duration = () =>
      page.evaluate(() => {
        const value = getComputedStyle(document.documentElement)
          .getPropertyValue('--ink-duration-normal')
          .trim()
        return value.endsWith('ms') ? parseFloat(value) : parseFloat(value) * 1000
      })
    expect(await duration()).toBe(200)
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await expect.poll(duration).toBe(0)
    await page.emulateMedia({ reducedMotion: 'no-preference' })
  })

  it('keeps the focus in a dialog opened from the keyboard and gives it back on close', async () => {
    await page.goto(server.url + '/')
    await expect.poll(() => page.locator('article.card').count()).toBe(3)
    const opener = page.getByRole('button', { name: /^Search/ })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.count()).toBe(1)
    const focusInDialog = () =>
      page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)
    await expect.poll(focusInDialog).toBe(true)
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await focusInDialog()).toBe(true)
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInDialog()).toBe(true)
    }
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await expect
      .poll(() => opener.evaluate((element) => element === document.activeElement))
      .toBe(true)
  })

  it('moves through a menu opened from the keyboard and gives the focus back on Escape', async () => {
    await page.goto(`${server.url}/page/${pictured._id}`)
    const trigger = page.getByRole('button', { name: 'More actions' })
    await trigger.focus()
    await page.keyboard.press('Enter')
    // Named by its button.
    const menu = page.getByRole('menu', { name: 'More actions' })
    await expect.poll(() => menu.count()).toBe(1)
    const focusedItem = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'menuitem'
          ? document.activeElement.textContent
          : null,
      )
    await expect.poll(focusedItem).toBe('Open the original')
    await page.keyboard.press('ArrowDown')
    expect(await focusedItem()).toBe('Copy address')
    await page.keyboard.press('ArrowDown')
    expect(await focusedItem()).toBe('Preview saved text')
    await page.keyboard.press('ArrowDown')
    expect(await focusedItem()).toBe('Save page')
    // Arrow keys wrap round inside the menu; Tab does not leave it open behind the focus.
    await page.keyboard.press('ArrowDown')
    expect(await focusedItem()).toBe('Open the original')
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')
    await expect.poll(() => menu.count()).toBe(0)
    await expect
      .poll(() => trigger.evaluate((element) => element === document.activeElement))
      .toBe(true)

    // Chosen with Enter, Save page saves the page (the Save page button shows it pressed).
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => menu.count()).toBe(1)
    await page.keyboard.press('End')
    expect(await focusedItem()).toBe('Save page')
    await page.keyboard.press('Enter')
    await expect.poll(() => menu.count()).toBe(0)
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Save page', exact: true }).getAttribute('aria-pressed'),
      )
      .toBe('true')
    await expect
      .poll(() => trigger.evaluate((element) => element === document.activeElement))
      .toBe(true)
  })
})
