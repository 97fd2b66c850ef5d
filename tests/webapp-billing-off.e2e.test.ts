// The web app against a relay with billing off (INKMARK_BILLING_PROVIDER=none, ADR 051/055): the
// pricing page still shows the plans and their prices but no buy button, and says payments are off
// and which plan the signed-in person has (the operator's default, Ultimate). axe-core, light and
// dark.
import './src/fake-indexeddb-setup'
import { PLAN_DISPLAY_NAMES, Plan } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { relayClockEnv } from './src/relay-clock'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { TEST_NOW } from './src/test-clock'
import { startWebappWithRelay } from './src/webapp-with-relay'
import type { WebappServer } from './src/webapp-server'

describe('the web app with billing off', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay((env) =>
      createRelayProcess(Object.assign(env, relayClockEnv(TEST_NOW)), { billing: 'none' }),
    ))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    })
    await context.clock.install({ time: TEST_NOW })
    page = await context.newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('shows the plans without buy buttons and says what everyone gets', async () => {
    await page.goto(server.url + '/sign-up')
    await page.getByLabel('Email').fill(`off-${Date.now()}@example.org`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect
      .poll(() => page.getByTestId('plan-name').textContent(), { timeout: 15_000 })
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.ULTIMATE]}`)

    await page.goto(server.url + '/pricing')
    const off = page.locator('[data-billing="off"]')
    await off.waitFor()
    expect(await off.textContent()).toContain(
      `Payments are switched off on this server: there is nothing to buy, every account gets the plan its operator chose (yours: ${PLAN_DISPLAY_NAMES[Plan.ULTIMATE]}).`,
    )
    await page.locator('[data-price="PREMIUM"]').waitFor()
    expect(await page.getByRole('button', { name: /^Buy / }).count()).toBe(0)
    expect(await page.getByRole('link', { name: /^Sign in to buy/ }).count()).toBe(0)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
      expect(await seriousAxeViolations(page)).toEqual([])
    }
  })
})
