// The web app's accounts and sync in Chromium against a real relay: the account routes pass axe
// (light and dark) and check their fields, signing up shows the plan in the header, a page written
// on a second device (same token) reaches the dashboard by sync, logging out and a wrong password
// (the relay's message, shown as it is), a refused token signs out with the spec's message, and
// a reset link carries its token in the fragment (never sent to a server), changing the password
// and deleting the account need the current one and end the other sessions, and with the relay
// killed the app says 'All servers offline' and keeps what it has.
import './src/fake-indexeddb-setup'
import {
  Message,
  PLAN_DISPLAY_NAMES,
  Plan,
  confirmationEmailSentMessage,
  createBookmark,
} from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { openDevice, type SyncDevice } from './src/sync-device'
import { startWebappWithRelay } from './src/webapp-with-relay'
import type { WebappServer } from './src/webapp-server'

const EMAIL = `ada-${Date.now()}@example.org`
const PASSWORD = 'correct horse battery'
const TOKEN_KEY = 'jwt_webmarker'
const RESET_PASSWORD = 'a password from the reset link'

describe('web app accounts and sync', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let page: Page
  let device: SyncDevice | undefined

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay(createRelayProcess))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
  })

  afterAll(async () => {
    await device?.close()
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('has accessible account routes that check their fields', async () => {
    for (const [path, heading] of [
      ['/login', 'Log in'],
      ['/sign-up', 'Sign up'],
      ['/reset-password', 'Reset password'],
      ['/reset-password?token=abcdefghijklmnop', 'Reset password'],
      ['/reset-password#token=abcdefghijklmnop', 'Reset password'],
      ['/account', 'Account'],
    ] as const) {
      await page.goto(server.url + path)
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: heading }).count())
        .toBe(1)
      for (const colorScheme of ['light', 'dark'] as const) {
        // Reduced motion: no colour transition is half-way when axe-core reads the colours.
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
        expect(await seriousAxeViolations(page)).toEqual([])
      }
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(server.url + '/login')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText(Message.EMAIL_REQUIRED).count()).toBe(1)
    await expect.poll(() => page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true')
    expect(await seriousAxeViolations(page)).toEqual([])
  })

  it('signs up and shows the plan in the header', async () => {
    await page.goto(server.url + '/sign-up')
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.FREE_TRIAL]}`)
    await expect
      .poll(() => page.getByRole('button', { name: 'Resend confirmation email' }).count())
      .toBe(1)
    await page.getByRole('button', { name: 'Resend confirmation email' }).click()
    await expect.poll(() => page.getByText(confirmationEmailSentMessage(EMAIL)).count()).toBe(1)
    await expect
      .poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state'))
      .toBe('UP_TO_DATE')
    expect(await seriousAxeViolations(page)).toEqual([])
  })

  it("brings a second device's page to the dashboard by sync", async () => {
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)
    expect(token).toBeTruthy()
    device = await openDevice(relay.url, token!, 'second-device')
    const written = await device.store.createOrUpdateEntities([
      createBookmark(
        {
          _id: 'page-from-second-device',
          url: 'https://example.org/written-elsewhere',
          title: 'Written on another device',
          isStarred: true,
        },
        Date.now(),
      ),
    ])
    expect(written.rejected).toEqual([])
    const outcome = await device.engine.sync()
    expect(outcome.pushed).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect
      .poll(() => page.getByRole('link', { name: 'Written on another device' }).count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0)
  })

  it('logs out, and a wrong password shows the relay message', async () => {
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).count()).toBe(1)
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull()

    await page.getByRole('link', { name: 'Log in' }).click()
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The email or the password is wrong')
    expect(await seriousAxeViolations(page)).toEqual([])
  })

  it('signs out with the spec message when the relay refuses the token', async () => {
    const context = await browser.newContext()
    const other = await context.newPage()
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const forged = `${part({ alg: 'HS256' })}.${part({ _id: 'someone', premium: true, exp: 4e9 })}.bad`
    await other.goto(server.url + '/login')
    await other.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: TOKEN_KEY,
      value: forged,
    })
    await other.goto(server.url + '/')
    await expect
      .poll(() => other.evaluate((key) => localStorage.getItem(key), TOKEN_KEY), {
        timeout: 20_000,
      })
      .toBeNull()
    // The spec's warning toast (10 s) with the way to sign in again.
    const expiredToast = other
      .locator('.ink-toast--warning')
      .filter({ hasText: Message.TOKEN_EXPIRED })
    await expect.poll(() => expiredToast.count()).toBe(1)
    expect(await expiredToast.getByRole('button', { name: 'Log in' }).count()).toBe(1)
    expect(await other.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull()
    await context.close()
  })

  it('resets the password by the mailed link, whose token no server ever sees in a URL', async () => {
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    await page.goto(server.url + '/reset-password')
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect.poll(() => page.getByRole('status').count()).toBe(1)
    const mails = (await (await fetch(`${relay.url}/dev/outbox`)).json()) as {
      to: string
      text: string
    }[]
    const link = /https?:\/\/\S+\/reset-password#token=([A-Za-z0-9_-]+)/.exec(
      mails.filter((mail) => mail.to === EMAIL).at(-1)?.text ?? '',
    )
    expect(link).not.toBeNull()
    const [, token] = link!
    await page.goto(`${server.url}/reset-password#token=${token}`)
    // The page took the token out of the address bar.
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('')
    await page.getByLabel('New password').fill(RESET_PASSWORD)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('Your password has been changed')
    page.removeAllListeners('request')
    expect(requested.filter((url) => url.includes(token!))).toEqual([])
  })

  it('changes the password only with the current one, and signs out the other devices', async () => {
    const login = await fetch(`${relay.url}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: RESET_PASSWORD }),
    })
    const other = await openDevice(
      relay.url,
      ((await login.json()) as { token: string }).token,
      'other-device',
    )
    await page.goto(server.url + '/login')
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(RESET_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByTestId('plan-name').count()).toBe(1)
    await page.getByRole('link', { name: 'Account', exact: true }).click()
    const form = page.getByRole('form', { name: 'Change password' })
    await form.getByLabel('New password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect.poll(() => form.getByText('Type your current password').count()).toBe(1)
    await form.getByLabel('Current password').fill('not my password')
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('The current password is wrong')
    expect(await seriousAxeViolations(page)).toEqual([])
    await form.getByLabel('Current password').fill(RESET_PASSWORD)
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect
      .poll(() => page.getByText('Every other device has been signed out').count())
      .toBe(1)
    // This tab stays signed in on its new token; the other device is signed out by the relay.
    await expect.poll(() => page.getByTestId('plan-name').count()).toBe(1)
    await other.engine.sync()
    expect(other.token).toBeUndefined()
    await other.close()
  })

  it('deletes an account only with its current password', async () => {
    const context = await browser.newContext()
    const tab = await context.newPage()
    const email = `grace-${Date.now()}@example.org`
    await tab.goto(server.url + '/sign-up')
    await tab.getByLabel('Email').fill(email)
    await tab.getByLabel('Password').fill(PASSWORD)
    await tab.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => tab.getByTestId('plan-name').count()).toBe(1)
    await tab.getByRole('link', { name: 'Account', exact: true }).click()
    const form = tab.getByRole('form', { name: 'Delete account' })
    await form.getByLabel('Current password').fill('not my password')
    await form.getByRole('button', { name: 'Delete account' }).click()
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('The current password is wrong')
    await form.getByLabel('Current password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Delete account' }).click()
    await expect
      .poll(() => tab.getByRole('alert').allTextContents())
      .toEqual([expect.stringContaining('Your account and its synced data have been deleted.')])
    const login = await fetch(`${relay.url}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(login.status).toBe(401)
    await context.close()
  })

  it('keeps working with the relay down', async () => {
    // Still signed in, on the token the password change gave this tab.
    await page.goto(server.url + '/')
    await expect.poll(() => page.getByTestId('plan-name').count()).toBe(1)
    await relay.kill()
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect
      .poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state'))
      .toBe('ALL_SERVERS_OFFLINE')
    await page.goto(server.url + '/')
    await expect
      .poll(() => page.getByRole('link', { name: 'Written on another device' }).count())
      .toBeGreaterThan(0)
  })
})
