// The web app's account views in Chromium against a real relay with its dev outbox: the new views
// (/auth, its google-sso message, /email-confirmation-success, /legal, /unsubscribe without an id,
// the Account view signed out and in) pass axe in light and dark; signing up and opening the
// mailed confirmation link takes the confirm-email notice away in every open tab, and the link's
// token leaves the address bar; /auth comes back to a same-origin redirectPath and refuses an
// outside one; `?auth=1` opens sign-in from any route and leaves the URL; changing the password
// signs out a second browser on its next call with the spec's token-expired toast; deleting the
// account removes it and its synced data from the relay while the library stays on the device.
import './src/fake-indexeddb-setup'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  Message,
  Plan,
  PLAN_DISPLAY_NAMES,
  UserPlanDuration,
  UserPlanType,
  createBookmark,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { setStoredPlan } from './src/relay-sqlite'
import { claimsOf } from './src/tokens'
import { SEED_PAGE_PATH, answeredPrompts, type WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const TOKEN_KEY = 'jwt_webmarker'
const PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a new and longer password'
const EMAIL = `account-${Date.now()}@example.org`
/** A string only the deleted account's synced page carries. */
const SYNCED_MARKER = `synced-page-${Date.now()}`

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)
}

async function fillCredentials(page: Page, email: string, password: string, submit: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: submit, exact: true }).click()
}

async function expectAccessible(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
}

function pathOf(page: Page): string {
  const url = new URL(page.url())
  return `${url.pathname}${url.search}`
}

describe('web app account views', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let first: BrowserContext
  let page: Page
  const contexts: BrowserContext[] = []

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    contexts.push(context)
    return context
  }

  async function seed(target: Page, entities: unknown[]): Promise<void> {
    await target.goto(server.url + SEED_PAGE_PATH)
    await target.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await target.evaluate((list) => window.inkmarkSeed!(list), entities)
    expect(result.rejected).toEqual([])
  }

  async function mailedConfirmationLink(email: string): Promise<string> {
    let link: string | undefined
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${relay.url}/dev/outbox`)).json()) as {
          to: string
          text: string
        }[]
        const text = mails.filter((mail) => mail.to === email).at(-1)?.text ?? ''
        link = /https?:\/\/\S+\/email-confirmation-success#token=[A-Za-z0-9_-]+/.exec(text)?.[0]
        return link !== undefined
      })
      .toBe(true)
    // The relay mails links to its configured app address; the test's app is elsewhere.
    return server.url + new URL(link!).pathname + new URL(link!).hash
  }

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay(createRelayProcess))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    first = await newContext()
    page = await first.newPage()
  })

  afterAll(async () => {
    for (const context of contexts) {
      await context.close()
    }
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('shows the new views, accessible in light and dark, each saying what it is for', async () => {
    await page.goto(server.url + '/auth')
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Log in or sign up' }).count())
      .toBe(1)
    expect(await page.getByText('An account is optional').count()).toBe(1)
    await expectAccessible(page)

    await page.goto(server.url + '/auth?google-sso=true')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Single sign-on with Google is not set up on this server')
    // The email form is still there to use instead.
    expect(await page.getByRole('button', { name: 'Log in', exact: true }).count()).toBe(1)
    await expectAccessible(page)

    await page.goto(server.url + '/email-confirmation-success')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('This confirmation link is incomplete')
    await expectAccessible(page)

    await page.goto(server.url + '/legal')
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Legal' }).count()).toBe(1)
    const legalLinks = await page
      .locator('.account-page a[target=_blank]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      )
    expect(legalLinks).toEqual([
      '/legal/privacy-policy',
      '/legal/terms-of-service',
      '/legal/imprint',
    ])
    await expectAccessible(page)

    await page.goto(server.url + '/unsubscribe')
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Unsubscribe from emails' }).count())
      .toBe(1)
    expect(await page.getByText(Message.PAGE_NOT_FOUND_TITLE).count()).toBe(0)
    await expectAccessible(page)

    await page.goto(server.url + '/settings?view=account')
    await expect
      .poll(() => page.getByRole('heading', { name: 'You are not logged in' }).count())
      .toBe(1)
    expect(await page.getByText('An account is optional.').count()).toBe(1)
    await expectAccessible(page)
  })

  it('signs up, confirms by the mailed link, and the notice goes in every open tab', async () => {
    await page.goto(
      `${server.url}/auth?tab=sign-up&redirectPath=${encodeURIComponent('/settings?view=account')}`,
    )
    await fillCredentials(page, EMAIL, PASSWORD, 'Sign up')
    await expect.poll(() => pathOf(page)).toBe('/settings?view=account')
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(EMAIL)
    await expect
      .poll(() => page.getByTestId('email-state').textContent())
      .toContain('Not confirmed yet')
    expect(await page.getByTestId('account-plan').textContent()).toBe(
      PLAN_DISPLAY_NAMES[Plan.FREE_TRIAL],
    )
    expect(await page.getByTestId('account-plan-expiry').textContent()).toMatch(
      /^Your trial ends on /,
    )
    // The token was renewed after signing in (refreshAccount), under the spec's key.
    expect(claimsOf((await storedToken(page))!).email).toBe(EMAIL)
    await expectAccessible(page)

    const other = await first.newPage()
    await other.goto(server.url + '/')
    await expect.poll(() => other.locator('.confirm-email-notice').count()).toBe(1)

    const link = await mailedConfirmationLink(EMAIL)
    await page.goto(link)
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('Your email is confirmed. Thank you!')
    // The one-time token left the address bar.
    expect(await page.evaluate(() => window.location.href)).toBe(
      `${server.url}/email-confirmation-success`,
    )
    await expectAccessible(page)
    // The other tab's notice goes without a reload.
    await expect.poll(() => other.locator('.confirm-email-notice').count()).toBe(0)
    expect(await page.locator('.confirm-email-notice').count()).toBe(0)

    // A second use of the link (in a new tab) changes nothing and says so.
    const again = await first.newPage()
    await again.goto(link)
    await expect
      .poll(() => again.getByRole('status').allTextContents())
      .toContain('Your email is already confirmed.')
    await again.close()

    await page.goto(server.url + '/settings?view=account')
    await expect.poll(() => page.getByTestId('email-state').textContent()).toBe('Confirmed.')
    await other.close()
  })

  it('opens sign-in from any route with ?auth=1 and comes back; refuses an outside redirect', async () => {
    const context = await newContext()
    const tab = await context.newPage()
    await tab.goto(server.url + '/learning?auth=1')
    await expect
      .poll(() => pathOf(tab))
      .toBe(`/auth?redirectPath=${encodeURIComponent('/learning')}`)
    await fillCredentials(tab, EMAIL, PASSWORD, 'Log in')
    await expect.poll(() => pathOf(tab)).toBe('/learning')
    await expect.poll(() => tab.getByTestId('plan-name').count()).toBe(1)
    await tab.getByRole('button', { name: 'Log out' }).click()

    for (const outside of ['https://evil.example/steal', '//evil.example/steal']) {
      await tab.goto(`${server.url}/auth?redirectPath=${encodeURIComponent(outside)}`)
      await expect
        .poll(() => tab.getByRole('status').allTextContents())
        .toContain(
          'The link asked to go to a page outside Inkmark after signing in. You will go to your library instead.',
        )
      await fillCredentials(tab, EMAIL, PASSWORD, 'Log in')
      await expect.poll(() => tab.getByTestId('plan-name').count()).toBe(1)
      expect(new URL(tab.url()).origin).toBe(server.url)
      expect(pathOf(tab)).toBe('/')
      await tab.getByRole('button', { name: 'Log out' }).click()
    }
  })

  it('changing the password signs out a second browser on its next call, with the toast', async () => {
    const context = await newContext()
    const second = await context.newPage()
    await second.goto(server.url + '/auth')
    await fillCredentials(second, EMAIL, PASSWORD, 'Log in')
    await expect.poll(() => second.getByTestId('plan-name').count()).toBe(1)

    await page.goto(server.url + '/settings?view=account')
    const form = page.getByRole('form', { name: 'Change password' })
    await form.getByLabel('Current password').fill(PASSWORD)
    await form.getByLabel('New password').fill(NEW_PASSWORD)
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect
      .poll(() => page.getByText('Every other device has been signed out').count())
      .toBe(1)
    // This browser keeps its session on the token the change gave it.
    expect(await page.getByTestId('plan-name').count()).toBe(1)

    // The second browser's session ends with its next contact with the relay (its live room is
    // closed by the relay, or its next call refused): signed out, with the spec's warning toast.
    const toast = second.locator('.ink-toast--warning').filter({ hasText: Message.TOKEN_EXPIRED })
    await expect.poll(() => toast.count(), { timeout: 9_000 }).toBe(1)
    expect(await storedToken(second)).toBeNull()
    expect(await second.getByTestId('plan-name').count()).toBe(0)
    await expectAccessible(second)
    await toast.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => new URL(second.url()).pathname).toBe('/auth')
  })

  it('deletes the account and its synced data; the library stays on this device', async () => {
    const context = await newContext()
    const tab = await context.newPage()
    const email = `deleted-${Date.now()}@example.org`
    await seed(tab, [
      answeredPrompts,
      createBookmark(
        {
          _id: 'kept-on-this-device',
          url: `https://example.org/${SYNCED_MARKER}`,
          title: 'Kept on this device',
          isStarred: true,
        },
        Date.now(),
      ),
    ])
    await tab.goto(`${server.url}/auth?tab=sign-up`)
    await fillCredentials(tab, email, PASSWORD, 'Sign up')
    await expect
      .poll(() => tab.locator('[data-sync-state]').getAttribute('data-sync-state'), {
        timeout: 20_000,
      })
      .toBe('UP_TO_DATE')
    // The relay's files (SQLite and its WAL) hold the synced page, and after deletion nothing of
    // it or of the account is readable there (the relay deletes securely: storage/at-rest.test.ts).
    const relayFilesContain = (text: string) =>
      ['inkmark-relay.sqlite', 'inkmark-relay.sqlite-wal'].some((name) => {
        const file = join(relay.dataDir, name)
        return existsSync(file) && readFileSync(file).includes(Buffer.from(text))
      })
    await expect.poll(() => relayFilesContain(SYNCED_MARKER)).toBe(true)

    await tab.goto(server.url + '/settings?view=account')
    const form = tab.getByRole('form', { name: 'Delete account' })
    expect(await form.textContent()).toContain('The library on this device stays')
    await form.getByLabel('Current password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Delete account' }).click()
    await expect
      .poll(() => tab.getByRole('alert').allTextContents())
      .toEqual([expect.stringContaining('Your account and its synced data have been deleted.')])
    expect(await storedToken(tab)).toBeNull()
    await expect.poll(() => relayFilesContain(SYNCED_MARKER)).toBe(false)
    expect(relayFilesContain(email)).toBe(false)
    const login = await fetch(`${relay.url}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(login.status).toBe(401)

    await tab.goto(server.url + '/')
    await expect
      .poll(() => tab.getByRole('link', { name: 'Kept on this device' }).count())
      .toBeGreaterThan(0)
  })

  it('shows a plan the relay now has at once, and sync that the old plan stopped runs again', async () => {
    const context = await newContext()
    const tab = await context.newPage()
    const email = `trial-${Date.now()}@example.org`
    await seed(tab, [answeredPrompts])
    await tab.goto(`${server.url}/auth?tab=sign-up`)
    await fillCredentials(tab, email, PASSWORD, 'Sign up')
    const syncState = () => tab.locator('[data-sync-state]').getAttribute('data-sync-state')
    await expect.poll(syncState, { timeout: 20_000 }).toBe('UP_TO_DATE')

    // The trial ends on the relay: the next sync is refused for the plan.
    setStoredPlan(relay.dataDir, email, {
      type: UserPlanType.FREE_TRIAL,
      expiresDateMillis: Date.now() - 60_000,
      userPlanDuration: UserPlanDuration.ONE_YEAR,
    })
    await tab.getByRole('button', { name: 'Sync now' }).click()
    await expect.poll(syncState, { timeout: 20_000 }).toBe('PREMIUM_REQUIRED')

    // A plan arrives (as a purchase's webhook would store it); opening the Account view reads the
    // account again, without a reload or a new sign-in: the header and the view show it, and sync runs.
    setStoredPlan(relay.dataDir, email, {
      type: UserPlanType.ULTIMATE,
      expiresDateMillis: Date.now() + 30 * 24 * 60 * 60 * 1000,
      userPlanDuration: UserPlanDuration.ONE_MONTH,
    })
    await tab.getByRole('link', { name: 'Account', exact: true }).click()
    await expect
      .poll(() => tab.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.ULTIMATE]}`)
    expect(await tab.getByTestId('account-plan').textContent()).toBe(
      PLAN_DISPLAY_NAMES[Plan.ULTIMATE],
    )
    expect(await tab.getByTestId('account-plan-expiry').textContent()).toMatch(/^Paid until /)
    await expect.poll(syncState, { timeout: 20_000 }).toBe('UP_TO_DATE')
  })
})
