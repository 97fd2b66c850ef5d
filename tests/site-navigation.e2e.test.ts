// The site's top navigation bar in real Chromium over the prerendered build (spec section 2, "Top
// navigation bar"). On a 1280 px desktop with a mouse: a menu opens on hover and closes 150 ms
// after the pointer leaves (the page's clock is Playwright's, so the delay is run, not waited),
// Escape closes it and gives focus back to its button, an outside click closes it, a chosen link
// navigates and closes it; both menus work from the keyboard alone (Tab, Enter, Space, Escape);
// the bar is hidden on /partners, has the light background on home and a border elsewhere, and
// shows 'Open App' or the install button by path. At 390 px on a touch phone: the hamburger opens
// and closes the menu, a menu opens on tap, the social links sit inside it. axe checks the open
// states.
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { APP_PLACEHOLDER_URL } from './src/site-build'
import {
  SITE_BUILD_TIMEOUT_MS,
  startSite,
  waitForHydration,
  type SiteServer,
} from './src/site-server'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The addresses of the bar's social networks the operator set, in the content file's order. */
async function operatorBarSocialLinks(): Promise<string[]> {
  const links = JSON.parse(await readFile(join(repoRoot, 'site/content/links.json'), 'utf8')) as {
    social: Record<string, string | null>
  }
  return ['twitter', 'linkedin', 'youtube']
    .map((network) => links.social[network])
    .filter((url): url is string => typeof url === 'string')
}

/** The close delay of a menu the pointer left (spec section 9). */
const CLOSE_DELAY_MS = 150

let site: SiteServer
let browser: Browser

beforeAll(async () => {
  ;[site, browser] = await Promise.all([
    startSite(),
    chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
  ])
}, SITE_BUILD_TIMEOUT_MS)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

/** The bar's parts on `page`. */
function bar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  return {
    nav,
    platform: nav.getByRole('button', { name: 'Our platform' }),
    resources: nav.getByRole('button', { name: 'Resources' }),
    hamburger: nav.getByRole('button', { name: 'Menu' }),
    /** The panel a menu button controls. */
    panelOf: async (button: Locator) =>
      page.locator(`#${await button.getAttribute('aria-controls')}`),
  }
}

/** Opens `path` and waits until the page hydrated (its links navigate on the client). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(site.url + path)
  await waitForHydration(page)
}

const expanded = (button: Locator) => button.getAttribute('aria-expanded')

/** Stops the page's clock where it is: its timers (the close delay) run only when the test says. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500)
}

/** Hovers `button` and waits until its menu is open (a pointer's way in on a desktop). */
async function hoverOpen(button: Locator): Promise<void> {
  await button.hover()
  await expect.poll(() => expanded(button)).toBe('true')
}

describe('the top bar on a 1280 px desktop', () => {
  let context: BrowserContext
  let page: Page

  // A page of its own per test: a test that stops the page's clock leaves no other test waiting.
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    await page.clock.install()
  })

  afterEach(async () => {
    await context?.close()
  })

  it('opens a menu on hover and closes it 150 ms after the pointer leaves', async () => {
    await open(page, '/')
    await pauseClock(page)
    const { platform, panelOf } = bar(page)
    const panel = await panelOf(platform)
    await expect.poll(() => panel.isVisible()).toBe(false)

    await platform.hover()
    await expect.poll(() => expanded(platform)).toBe('true')
    await expect.poll(() => panel.isVisible()).toBe(true)
    // Moving from the button into its panel keeps it open.
    await panel.getByRole('link').first().hover()
    await page.clock.runFor(CLOSE_DELAY_MS * 2)
    expect(await expanded(platform)).toBe('true')
    // axe-core waits on timers of its own: the clock runs while it checks the open menu.
    await page.clock.resume()
    expect(await seriousAxeViolations(page)).toEqual([])
    await pauseClock(page)

    // Leaving it: still open just before the delay, closed once it has run.
    await page.mouse.move(1200, 800)
    await page.clock.runFor(CLOSE_DELAY_MS - 50)
    expect(await expanded(platform)).toBe('true')
    await page.clock.runFor(60)
    await expect.poll(() => expanded(platform)).toBe('false')
    await expect.poll(() => panel.isVisible()).toBe(false)

    // Coming back within the delay keeps it open.
    await platform.hover()
    await expect.poll(() => expanded(platform)).toBe('true')
    await page.mouse.move(1200, 800)
    await page.clock.runFor(CLOSE_DELAY_MS / 3)
    await platform.hover()
    await page.clock.runFor(CLOSE_DELAY_MS * 2)
    expect(await expanded(platform)).toBe('true')
    await page.mouse.move(1200, 800)
    await page.clock.runFor(CLOSE_DELAY_MS + 10)
    await expect.poll(() => expanded(platform)).toBe('false')
  })

  it('closes a menu on Escape, giving focus back to its button, and on an outside click', async () => {
    await open(page, '/')
    await pauseClock(page)
    const { resources, panelOf } = bar(page)
    const panel = await panelOf(resources)
    await hoverOpen(resources)
    await panel.getByRole('link', { name: 'FAQ' }).focus()
    await page.keyboard.press('Escape')
    await expect.poll(() => expanded(resources)).toBe('false')
    await expect
      .poll(() => resources.evaluate((button) => button === document.activeElement))
      .toBe(true)
    await expect.poll(() => panel.isVisible()).toBe(false)

    // Opened by a click (the pointer already on it), closed by a click outside: the clock stands
    // still, so it is the click that closes it, not the delay after the pointer left.
    await resources.click()
    await expect.poll(() => expanded(resources)).toBe('true')
    await page.getByRole('main').click({ position: { x: 5, y: 5 } })
    await expect.poll(() => expanded(resources)).toBe('false')
  })

  it('navigates to a chosen link and closes the menu', async () => {
    await open(page, '/')
    const { resources, panelOf } = bar(page)
    await hoverOpen(resources)
    const panel = await panelOf(resources)
    await panel.getByRole('link', { name: 'FAQ' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/faq')
    await expect.poll(() => expanded(bar(page).resources)).toBe('false')
    await expect.poll(() => panel.isVisible()).toBe(false)
  })

  it('works from the keyboard alone: Tab, Enter, Space and Escape through both menus', async () => {
    await open(page, '/about')
    const { platform, resources, panelOf } = bar(page)
    await page.locator('body').focus()
    // Tab reaches 'Our platform' (skip link and brand first).
    for (let presses = 0; presses < 6; presses += 1) {
      await page.keyboard.press('Tab')
      if (await platform.evaluate((button) => button === document.activeElement)) {
        break
      }
    }
    expect(await platform.evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => expanded(platform)).toBe('true')
    const platformPanel = await panelOf(platform)
    await page.keyboard.press('Tab')
    const firstLink = platformPanel.getByRole('link').first()
    await expect
      .poll(() => firstLink.evaluate((link) => link === document.activeElement))
      .toBe(true)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => expanded(platform)).toBe('false')
    expect(await platform.evaluate((button) => button === document.activeElement)).toBe(true)

    // Enter opened it, Enter again closes it; Tab moves to 'Resources', Space opens it.
    await page.keyboard.press('Enter')
    await expect.poll(() => expanded(platform)).toBe('true')
    await page.keyboard.press('Enter')
    await expect.poll(() => expanded(platform)).toBe('false')
    await page.keyboard.press('Tab')
    expect(await resources.evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press('Space')
    await expect.poll(() => expanded(resources)).toBe('true')
    // Tab through its links to FAQ, and Enter follows it.
    const faq = (await panelOf(resources)).getByRole('link', { name: 'FAQ' })
    for (let presses = 0; presses < 8; presses += 1) {
      await page.keyboard.press('Tab')
      if (await faq.evaluate((link) => link === document.activeElement)) {
        break
      }
    }
    expect(await faq.evaluate((link) => link === document.activeElement)).toBe(true)
    // Focus on a link is visible.
    expect(await faq.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe('none')
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/faq')
    await expect.poll(() => expanded(bar(page).resources)).toBe('false')
  })

  it('hides on /partners, has the light background on home and a border elsewhere', async () => {
    await open(page, '/partners')
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)

    await open(page, '/')
    const homeHeader = page.locator('header').first()
    const home = await homeHeader.evaluate((header) => getComputedStyle(header).backgroundColor)
    expect(home).not.toBe('rgba(0, 0, 0, 0)')
    expect(home).not.toBe('rgb(255, 255, 255)')

    await open(page, '/pricing')
    const border = await page
      .locator('header')
      .first()
      .evaluate((header) => {
        const style = getComputedStyle(header)
        return {
          width: style.borderBottomWidth,
          style: style.borderBottomStyle,
          background: style.backgroundColor,
        }
      })
    expect(border.style).not.toBe('none')
    expect(border.width).not.toBe('0px')
    expect(border.background).not.toBe(home)
  })

  it("shows 'Open App' on most paths and the install button on the listed ones", async () => {
    for (const path of ['/', '/pricing', '/legal/privacy-policy']) {
      await open(page, path)
      const nav = bar(page).nav
      const openApp = nav.getByRole('link', { name: 'Open App' })
      expect(await openApp.getAttribute('href'), path).toMatch(
        new RegExp(`^${APP_PLACEHOLDER_URL}`),
      )
      expect(
        await nav.getByRole('link', { name: /^Add to .* Browser - it's free$/ }).count(),
        path,
      ).toBe(0)
    }
    for (const path of [
      '/about',
      '/faq',
      '/tools',
      '/tutorials',
      '/discover',
      '/testimonials',
      '/user-interviews',
    ]) {
      await open(page, path)
      const nav = bar(page).nav
      expect(await nav.getByRole('link', { name: 'Open App' }).count(), path).toBe(0)
      // Chromium is Chrome to the site.
      await expect
        .poll(() => nav.getByRole('link', { name: "Add to Chrome Browser - it's free" }).count(), {
          message: path,
        })
        .toBe(1)
    }
  })
})

describe('the top bar on a 390 px touch phone', () => {
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    page = await context.newPage()
  })

  afterAll(async () => {
    await context?.close()
  })

  it("opens and closes the menu with the hamburger, opens a menu on tap, with the operator's social links inside", async () => {
    await open(page, '/')
    const { hamburger, platform, resources, panelOf } = bar(page)
    const menu = await panelOf(hamburger)
    expect(await hamburger.isVisible()).toBe(true)
    expect(await menu.isVisible()).toBe(false)
    expect(await platform.isVisible()).toBe(false)

    await hamburger.tap()
    await expect.poll(() => expanded(hamburger)).toBe('true')
    await expect.poll(() => menu.isVisible()).toBe(true)
    expect(await seriousAxeViolations(page)).toEqual([])

    await resources.tap()
    await expect.poll(() => expanded(resources)).toBe('true')
    const resourcesPanel = await panelOf(resources)
    await expect
      .poll(() => resourcesPanel.getByRole('link', { name: 'FAQ' }).isVisible())
      .toBe(true)
    expect(await seriousAxeViolations(page)).toEqual([])
    await platform.tap()
    await expect.poll(() => expanded(platform)).toBe('true')
    await expect.poll(() => expanded(resources)).toBe('false')

    // The bar's social links (LinkedIn, Twitter, YouTube) sit inside the open menu: those the
    // operator set in site/content/links.json, and none invented where none is set.
    const social = page.getByRole('list', { name: 'Inkmark on social media' })
    const barLinks = await operatorBarSocialLinks()
    if (barLinks.length > 0) {
      await expect
        .poll(() => menu.getByRole('list', { name: 'Inkmark on social media' }).isVisible())
        .toBe(true)
      expect(
        await menu
          .getByRole('list', { name: 'Inkmark on social media' })
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).toEqual(barLinks)
    } else {
      expect(await social.count()).toBe(0)
    }

    await hamburger.tap()
    await expect.poll(() => expanded(hamburger)).toBe('false')
    await expect.poll(() => menu.isVisible()).toBe(false)
  })

  it('closes the open menu when a link is tapped, and navigates', async () => {
    await open(page, '/')
    const { hamburger, resources, panelOf } = bar(page)
    await hamburger.tap()
    await resources.tap()
    await (await panelOf(resources)).getByRole('link', { name: 'FAQ' }).tap()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/faq')
    await expect.poll(() => expanded(bar(page).hamburger)).toBe('false')
    await expect
      .poll(() => panelOf(bar(page).hamburger).then((menu) => menu.isVisible()))
      .toBe(false)
  })
})
