// The web app's prompts, notifications, too-large review and token refresh in Chromium against the
// built app and a real relay: the sign-up prompt appears at 4 bookmarks, keeps the focus, closes
// on Escape and stays away after a reload (its flag is in the backup file); each prompt dialog
// passes axe and its action leads where it should; the bell shows the relay's notification as
// unread until the list is opened, and an offline app says it has none; a page content over the
// relay's body limit raises the spec's toast whose Review leads to the list where it is kept or
// deleted; an ageing token is renewed and an expired one signs out with the spec's message.
import './src/fake-indexeddb-setup'
import { readFile } from 'node:fs/promises'
import { Message, createBookmark, createPageContent, type BackupFile } from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { registerAccount } from './src/sync-device'
import { claimsOf, expiredCopy, signToken } from './src/tokens'
import { SEED_PAGE_PATH, type WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const TOKEN_KEY = 'jwt_webmarker'
const DAY_SECONDS = 24 * 60 * 60
/** The relay's body limit (relay/src/app.ts BODY_LIMIT_BYTES). */
const BODY_LIMIT_BYTES = 8 * 1024 * 1024
const SIGN_UP_PROMPT = 'Keep your highlights safe'

function bookmarks(count: number, prefix: string) {
  return Array.from({ length: count }, (_, i) =>
    createBookmark(
      {
        _id: `${prefix}-${i}`,
        url: `https://example.org/${prefix}/${i}`,
        title: `${prefix} page ${i}`,
        isStarred: true,
      },
      Date.now() - i * 60_000,
    ),
  )
}

async function seed(page: Page, server: WebappServer, entities: unknown[]): Promise<void> {
  await page.goto(server.url + SEED_PAGE_PATH)
  await page.waitForFunction(() => window.inkmarkSeed !== undefined)
  const result = await page.evaluate((list) => window.inkmarkSeed!(list), entities)
  expect(result.rejected).toEqual([])
}

async function focusIsInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('[role=dialog]') != null)
}

/** No serious or critical axe violations, in the light and the dark colour scheme. */
async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousAxeViolations(page)).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)
}

describe('web app prompts, notifications, too-large review and token refresh', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  const contexts: BrowserContext[] = []

  async function freshPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options })
    contexts.push(context)
    return context.newPage()
  }

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay(createRelayProcess))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    for (const context of contexts) {
      await context.close()
    }
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('shows the sign-up prompt at 4 bookmarks, once: dismissed, it stays away after a reload', async () => {
    const page = await freshPage()
    await page.clock.install()
    await seed(page, server, bookmarks(4, 'four'))
    await page.goto(server.url + '/')
    const prompt = page.getByRole('dialog', { name: SIGN_UP_PROMPT })
    await expect.poll(() => prompt.isVisible()).toBe(true)
    await expectAccessible(page)

    // The focus is inside and stays inside on Tab and Shift+Tab.
    expect(await focusIsInDialog(page)).toBe(true)
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      expect(await focusIsInDialog(page)).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

    await page.reload()
    await expect.poll(() => page.locator('article.card').count()).toBe(4)
    // Well past the prompt's 250 ms on the page's clock: nothing opens.
    await page.clock.runFor(5_000)
    await page.getByRole('button', { name: /^Notifications/ }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Notifications' }).count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(await prompt.count()).toBe(0)

    // The flag is stored with the settings (so every device knows the prompt was shown).
    await page.goto(server.url + '/settings?view=backup')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download backup' }).click(),
    ])
    const backup = JSON.parse(await readFile(await download.path(), 'utf8')) as BackupFile
    expect(backup.chromeSettings).toMatchObject({ signUpPromptDismissed: true })
  })

  it('opens each prompt dialog by its name, accessible, with working actions', async () => {
    const page = await freshPage()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    })

    await page.goto(server.url + '/?dialog=chrome-rating-prompt')
    const rating = page.getByRole('dialog', { name: 'Enjoying Inkmark?' })
    await expect.poll(() => rating.isVisible()).toBe(true)
    expect(await rating.getByRole('link', { name: 'Rate Inkmark' }).getAttribute('href')).toBe(
      'https://chromewebstore.google.com/search/Inkmark',
    )
    await expectAccessible(page)

    await page.goto(server.url + '/?dialog=upgrade-deal-prompt')
    const deal = page.getByRole('dialog', { name: /% off a yearly plan$/ })
    await expect.poll(() => deal.isVisible()).toBe(true)
    expect(await deal.getByRole('link', { name: 'See the deal' }).getAttribute('href')).toMatch(
      /^https:\/\/inkmark\.app\/pricing\?discountCode=(SPECIAL20|BLACKFRIDAY)$/,
    )
    await expectAccessible(page)

    await page.goto(server.url + '/?dialog=spread-the-word-prompt')
    const spread = page.getByRole('dialog', { name: 'Spread the word' })
    await expect.poll(() => spread.isVisible()).toBe(true)
    expect(await spread.getByRole('button', { name: 'Close' }).count()).toBe(0)
    await expectAccessible(page)
    await spread.getByRole('button', { name: 'Copy link' }).click()
    await expect.poll(() => page.getByText('Thank you for spreading the word!').count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://inkmark.app')
    // Under 900 px it fills the window and has a close button.
    await page.setViewportSize({ width: 800, height: 700 })
    await spread.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(new URL(page.url()).searchParams.get('dialog')).toBe(null)
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.goto(server.url + '/?dialog=sign-up-prompt')
    const signUp = page.getByRole('dialog', { name: SIGN_UP_PROMPT })
    await expect.poll(() => signUp.isVisible()).toBe(true)
    await expectAccessible(page)
    await signUp.getByRole('link', { name: 'Sign up' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-up')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  })

  it('shows the relay notification as unread until the list is opened', async () => {
    const page = await freshPage()
    await page.goto(server.url + '/')
    const bell = page.getByRole('button', { name: /^Notifications/ })
    // The relay's list: the announcements, plus the Black Friday offer from 23 to 30 November.
    const served = (await (await fetch(`${relay.url}/notifications`)).json()) as {
      notifications: { title: string }[]
    }
    const count = served.notifications.length
    expect(served.notifications.map((n) => n.title)).toContain('Your library on the web')
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`Notifications, ${count} unread`)
    expect(await page.getByTestId('unread-badge').textContent()).toBe(String(count))
    await expectAccessible(page)

    await bell.click()
    const list = page.getByRole('dialog', { name: 'Notifications' })
    await expect.poll(() => list.isVisible()).toBe(true)
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('notifications-list')
    expect(await list.getByRole('listitem').count()).toBe(count)
    const item = list.getByRole('listitem').filter({ hasText: 'Your library on the web' })
    expect(await item.getByRole('heading').textContent()).toBe('New: Your library on the web')
    const link = item.getByRole('link', { name: 'Read more' })
    expect(await link.getAttribute('href')).toBe('https://inkmark.app/')
    expect(await link.getAttribute('target')).toBe('_blank')
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications')
    expect(await page.getByTestId('unread-badge').count()).toBe(0)

    // Read stays read; the settings view lists the same notification, no longer new.
    await page.goto(server.url + '/settings?view=notifications')
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your library on the web' }).count())
      .toBe(1)
    expect(await bell.getAttribute('aria-label')).toBe('Notifications')
    await expectAccessible(page)
  })

  it('says there are no notifications when the relay cannot be reached', async () => {
    const page = await freshPage()
    await page.context().route(`${relay.url}/**`, (route) => route.abort('connectionrefused'))
    await page.goto(server.url + '/settings?view=notifications')
    await expect.poll(() => page.getByText(/^No notifications yet/).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Notifications' }).count()).toBe(1)
    await expectAccessible(page)
  })

  it('lists content too large to sync from the toast, to keep or delete', async () => {
    const token = await registerAccount(relay.url, `too-large-${Date.now()}@example.org`)
    const page = await freshPage()
    const page1 = createBookmark(
      { _id: 'big-page', url: 'https://example.org/huge', title: 'A huge page', isStarred: true },
      Date.now(),
    )
    const huge = createPageContent(
      {
        _id: 'big-content',
        url: 'https://example.org/huge',
        title: 'A huge page',
        content: `<p>${'x'.repeat(BODY_LIMIT_BYTES + 100_000)}</p>`,
      },
      Date.now(),
    )
    await seed(page, server, [page1, huge])
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: TOKEN_KEY,
      value: token,
    })
    await page.goto(server.url + '/')
    const toast = page.locator('[data-toast-id="too-large-to-sync"]')
    await expect
      .poll(() => toast.textContent(), { timeout: 30_000 })
      .toContain(Message.TOO_LARGE_TO_SYNC)
    expect(await toast.getAttribute('role')).toBe('alert')
    await toast.getByRole('button', { name: 'Review' }).click()

    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('backup')
    const section = page.getByRole('region', { name: 'Too large to sync' })
    await expect.poll(() => section.getByRole('listitem').count()).toBe(1)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Too large to sync')
    const item = section.getByRole('listitem')
    expect(await item.textContent()).toContain('Saved page: A huge page')
    expect(await item.textContent()).toContain('https://example.org/huge')
    await expectAccessible(page)

    await item.getByRole('button', { name: 'Keep in this browser: A huge page' }).click()
    await expect.poll(() => item.getByText('Kept in this browser only.').count()).toBe(1)
    // Kept: the next sync leaves it alone and the library is up to date.
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect
      .poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state'))
      .toBe('UP_TO_DATE')
    expect(await section.getByRole('listitem').count()).toBe(1)

    await item.getByRole('button', { name: 'Delete A huge page' }).click()
    await expect.poll(() => section.getByRole('listitem').count()).toBe(0)
    expect(await section.textContent()).toContain('Nothing here')
    // The page itself is still in the library (only its saved copy was deleted).
    await page.goto(server.url + '/')
    await expect
      .poll(() => page.getByRole('link', { name: 'A huge page' }).count())
      .toBeGreaterThan(0)
  })

  it('renews an ageing token, and signs out with the spec message once it has expired', async () => {
    const token = await registerAccount(relay.url, `refresh-${Date.now()}@example.org`)
    const now = Math.floor(Date.now() / 1000)
    const ageing = signToken({
      ...claimsOf(token),
      iat: now - 5 * DAY_SECONDS,
      exp: now + 2 * DAY_SECONDS,
    })
    const page = await freshPage()
    await page.goto(server.url + '/login')
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: TOKEN_KEY,
      value: ageing,
    })
    await page.goto(server.url + '/')
    await expect.poll(() => storedToken(page)).not.toBe(ageing)
    const renewed = await storedToken(page)
    expect(renewed).not.toBeNull()
    expect(claimsOf(renewed!)._id).toBe(claimsOf(token)._id)
    expect(Number(claimsOf(renewed!).exp)).toBeGreaterThan(now + 6 * DAY_SECONDS)
    // The header shows the plan once the renewed session is read (a render later, not at once).
    await expect.poll(() => page.getByTestId('plan-name').count()).toBe(1)

    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: TOKEN_KEY,
      value: expiredCopy(token),
    })
    await page.goto(server.url + '/')
    await expect.poll(() => storedToken(page)).toBeNull()
    // The spec's warning toast (10 s) with the way to sign in again.
    const expiredToast = page
      .locator('.ink-toast--warning')
      .filter({ hasText: Message.TOKEN_EXPIRED })
    await expect.poll(() => expiredToast.count()).toBe(1)
    expect(await expiredToast.getByRole('button', { name: 'Log in' }).count()).toBe(1)
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBeGreaterThan(0)
    await expectAccessible(page)
  })
})
