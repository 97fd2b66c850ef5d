// The cancellation flow at /cancel-subscription in Chromium against a real relay with the test
// payment provider (ADR 055): an account buys a plan on the test checkout page, then goes through
// Reason, Feedback and the retention offer. Redeeming the monthly plan's free month keeps the
// subscription; declining the yearly plan's offer and confirming cancels at the end of the paid
// period, the plan staying until then, and Upgrade & Billing shows it with its payment and resumes
// it; closing the tab mid-flow records ABORTED. axe-core checks every step, light and dark.
import './src/fake-indexeddb-setup'
import { PLAN_DISPLAY_NAMES, Plan } from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { relayClockEnv } from './src/relay-clock'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { getCancellationFeedbackStatuses } from './src/relay-sqlite'
import { TEST_NOW } from './src/test-clock'
import { startWebappWithRelay } from './src/webapp-with-relay'
import type { WebappServer } from './src/webapp-server'

const PASSWORD = 'correct horse battery'

async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    expect(await seriousAxeViolations(page)).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('the web app cancellation flow with the test provider', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay((env) =>
      createRelayProcess(Object.assign(env, relayClockEnv(TEST_NOW)), { billing: 'test' }),
    ))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  /** A new account that bought Premium for `period` on the test checkout page. */
  async function subscriber(
    period: 'Monthly' | 'Yearly',
  ): Promise<{ context: BrowserContext; page: Page; email: string }> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    })
    await context.clock.install({ time: TEST_NOW })
    const page = await context.newPage()
    await page.goto(server.url + '/sign-up')
    const email = `subscriber-${period}-${Date.now()}@example.org`
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByTestId('plan-name').waitFor({ timeout: 15_000 })
    await page.goto(server.url + '/pricing')
    await page.locator('.pricing-switch__option', { hasText: period }).click()
    await expect.poll(() => page.getByRole('radio', { name: period }).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Buy Premium' }).click()
    await page.getByRole('button', { name: 'Complete test payment' }).click()
    await expect
      .poll(() => page.locator('[data-upgrade]').getAttribute('data-upgrade'), { timeout: 30_000 })
      .toBe('done')
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.PREMIUM]}`)
    return { context, page, email }
  }

  /** Goes through Reason and Feedback to the offer step. */
  async function reachOffer(page: Page): Promise<void> {
    await page.goto(server.url + '/cancel-subscription')
    await page.getByRole('heading', { level: 1, name: 'Cancel subscription' }).waitFor()
    await page.getByRole('heading', { level: 2, name: /^Reason/ }).waitFor()
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)
    await expectNoAxeViolations(page)
    // The reasons are a radio group: the keyboard picks one.
    await page.getByRole('radio', { name: 'It is too expensive' }).focus()
    await page.keyboard.press('Space')
    await expect
      .poll(() => page.getByRole('radio', { name: 'It is too expensive' }).isChecked())
      .toBe(true)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('heading', { level: 2, name: /^Feedback/ }).waitFor()
    await page
      .getByLabel('Anything you want to tell us? (optional)')
      .fill('Fine, just too much for me.')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('heading', { level: 2, name: /^Offer/ }).waitFor()
  }

  it('keeps a monthly subscription that takes the free month', async () => {
    const { context, page } = await subscriber('Monthly')
    await reachOffer(page)
    await page.locator('[data-offer="free_month"]').waitFor()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Accept the offer' }).click()
    await page.locator('[data-cancel-result="redeemed"]').waitFor()
    await page.getByRole('heading', { level: 2, name: 'You keep your plan' }).waitFor()
    await expectNoAxeViolations(page)
    expect(await page.getByTestId('plan-name').textContent()).toBe(
      `Plan: ${PLAN_DISPLAY_NAMES[Plan.PREMIUM]}`,
    )
    // The offer is spent: a second run offers to keep the discount it gave (keep_offer).
    await reachOffer(page)
    const existing = page.locator('[data-offer="existing-discount"]')
    await existing.waitFor()
    expect(await existing.textContent()).toContain('Your subscription has a free month')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Keep my discount' }).click()
    await page.locator('[data-cancel-result="kept"]').waitFor()
    await context.close()
  })

  it('records ABORTED when the person closes the tab in the middle of the flow', async () => {
    const { context, page, email } = await subscriber('Monthly')
    await reachOffer(page)
    await expect
      .poll(() => getCancellationFeedbackStatuses(relay.dataDir, email))
      .toEqual(['PENDING'])
    await page.close({ runBeforeUnload: true })
    await expect
      .poll(() => getCancellationFeedbackStatuses(relay.dataDir, email), { timeout: 15_000 })
      .toEqual(['ABORTED'])
    await context.close()
  })

  it('cancels a yearly subscription after declining the offer, the plan staying until the end', async () => {
    const { context, page } = await subscriber('Yearly')
    await reachOffer(page)
    await page.locator('[data-offer="half_price_next_year"]').waitFor()
    await page.getByRole('button', { name: 'No thanks, continue' }).click()
    await page.getByRole('heading', { level: 2, name: /^Cancel/ }).waitFor()
    await expectNoAxeViolations(page)
    // Back returns to the offer, and on again.
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('button', { name: 'No thanks, continue' }).click()
    await page.getByRole('button', { name: 'Cancel subscription' }).click()
    const result = page.locator('[data-cancel-result="cancelled"]')
    await result.waitFor()
    expect(await result.textContent()).toMatch(/Premium stays until .+; nothing more is charged/)
    await expectNoAxeViolations(page)
    // Cancelled at the end of the paid period: the plan is still Premium now.
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.PREMIUM]}`)

    // Upgrade & Billing shows the scheduled cancellation and the payment; Resume undoes it.
    await page.goto(server.url + '/settings?view=billing')
    await page.getByRole('heading', { level: 1, name: 'Upgrade & Billing' }).waitFor()
    const scheduled = page.locator('[data-scheduled-cancel]')
    await scheduled.waitFor()
    expect(await scheduled.textContent()).toMatch(/Cancelled: your plan stays until /)
    const payments = page.getByRole('table')
    await payments.waitFor()
    expect(await payments.getByRole('row').count()).toBe(2)
    expect(await payments.textContent()).toContain('Not available')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Resume subscription' }).click()
    await page.getByRole('link', { name: 'Cancel subscription' }).waitFor()
    expect(await scheduled.count()).toBe(0)
    expect(
      await page.locator('[data-subscription-state]').getAttribute('data-subscription-state'),
    ).toBe('active')
    await context.close()
  })
})
