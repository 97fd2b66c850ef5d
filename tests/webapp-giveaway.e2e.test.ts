// Gift links in the web app, in Chromium, against a real relay: a subscriber's link (made by the
// relay's POST /giveaway) shows its gift to a visitor with the way to sign in; a person who signed
// up (and has no plan left) redeems it with one button, the relay grants a month of Premium, and
// the header shows Premium without signing in again; the link then says it was redeemed, and a
// wrong link says so. axe-core finds nothing serious or critical on the page, light and dark.
import { PLAN_DISPLAY_NAMES, Plan } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { getStoredPlan, setStoredPlan } from './src/relay-sqlite'
import { registerAccount } from './src/sync-device'
import type { WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const DAY_MS = 24 * 60 * 60 * 1000
const GIVER = `giver-${Date.now()}@example.org`
const RECIPIENT = `recipient-${Date.now()}@example.org`
const PASSWORD = 'correct horse battery'

async function expectAccessible(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    expect(await seriousAxeViolations(page)).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('gift links in the web app', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let page: Page
  let giveawayId: string

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay(createRelayProcess))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()

    // A subscriber (the plan a verified webhook would have stored) makes a gift link.
    const token = await registerAccount(relay.url, GIVER)
    setStoredPlan(relay.dataDir, GIVER, {
      type: 'PREMIUM',
      expiresDateMillis: Date.now() + 365 * DAY_MS,
      subscription_id: 'sub_giver',
      userPlanDuration: '1Y',
    })
    const made = await fetch(`${relay.url}/giveaway`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(made.status).toBe(201)
    giveawayId = ((await made.json()) as { giveaway: { id: string } }).giveaway.id
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('shows the gift to a visitor, with the way to sign in', async () => {
    await page.goto(`${server.url}/giveaway/${giveawayId}`)
    await expect
      .poll(() =>
        page.getByRole('heading', { level: 1, name: 'A gift: a month of Premium' }).count(),
      )
      .toBe(1)
    await expect
      .poll(() => page.getByText('Log in or create a free account to redeem it').count())
      .toBe(1)
    expect(await page.getByRole('button', { name: 'Redeem the gift' }).count()).toBe(0)
    await expectAccessible(page)
  })

  it('redeems it for a signed-in person: Premium at once, without signing in again', async () => {
    await page.goto(`${server.url}/sign-up`)
    await page.getByLabel('Email').fill(RECIPIENT)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.FREE_TRIAL]}`)
    // The trial is over by now (what the relay's storage says after it ends).
    setStoredPlan(relay.dataDir, RECIPIENT, null)

    await page.goto(`${server.url}/giveaway/${giveawayId}`)
    const redeem = page.getByRole('button', { name: 'Redeem the gift' })
    await expect.poll(() => redeem.count()).toBe(1)
    await expectAccessible(page)
    await redeem.click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'The gift is yours' }).count())
      .toBe(1)
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.PREMIUM]}`)
    const plan = getStoredPlan(relay.dataDir, RECIPIENT)
    expect(plan?.type).toBe('PREMIUM')
    expect(plan!.expiresDateMillis - Date.now()).toBeGreaterThan(29 * DAY_MS)
    await expectAccessible(page)

    await page.reload()
    await expect.poll(() => page.getByText('This gift has been redeemed already.').count()).toBe(1)
  })

  it('says so for a link that does not exist', async () => {
    await page.goto(`${server.url}/giveaway/${'A'.repeat(22)}`)
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'does not exist' }).count())
      .toBe(1)
    await expectAccessible(page)
  })
})
