// The web app's pricing and checkout in Chromium against a real relay with the test payment
// provider (ADR 055): the /pricing page's monthly / yearly / lifetime switch (keyboard too) with the
// relay's prices, signed out sending to sign-in; Black Friday prices and the banner inside the week
// and neither outside it (the browser's and the relay's clocks pinned); a Free account whose sync
// is refused (Premium required) upgrades through the upgrade-needed dialog, the pricing dialog and
// the test checkout page, and sync and Ultimate unlock without signing in again. axe-core checks
// every new view and dialog, light and dark.
import './src/fake-indexeddb-setup'
import {
  BLACK_FRIDAY,
  PLAN_DISPLAY_NAMES,
  Plan,
  UserPlanDuration,
  UserPlanType,
  effectivePrice,
  formatPrice,
  type Price,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { relayClockEnv } from './src/relay-clock'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { TEST_NOW } from './src/test-clock'
import { startWebappWithRelay } from './src/webapp-with-relay'
import type { WebappServer } from './src/webapp-server'

/** A day inside the Black Friday week (23-30 November), and TEST_NOW (June) outside it. */
const BLACK_FRIDAY_NOW = Date.UTC(2026, 10, 25, 12)
const PASSWORD = 'correct horse battery'
const DAY_MILLIS = 24 * 60 * 60 * 1000

/** Picks a period on the pricing switch (its label: the radio itself is visually hidden). */
async function chooseDuration(page: Page, label: string): Promise<void> {
  await page.locator('.pricing-switch__option', { hasText: label }).click()
  await expect.poll(() => page.getByRole('radio', { name: label }).isChecked()).toBe(true)
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    // Reduced motion: no colour transition is half-way when axe-core reads the colours.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    expect(await seriousAxeViolations(page)).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('web app pricing and checkout with the test provider', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let relayEnv: Record<string, string> = {}

  /** Restarts the relay (same data, same port) with its clock at `millis`. */
  async function pinRelayClock(millis: number): Promise<void> {
    await relay.stop()
    Object.assign(relayEnv, relayClockEnv(millis))
    await relay.start()
  }

  async function newPage(now: number): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    })
    await context.clock.install({ time: now })
    return { context, page: await context.newPage() }
  }

  async function relayPrices(): Promise<Price[]> {
    const response = await fetch(`${relay.url}/pricing?countryCode=US`)
    return (await response.json()) as Price[]
  }

  function shownPrice(prices: Price[], plan: string, interval: string): string {
    const price = prices.find((entry) => entry.plan === plan && entry.interval === interval)
    expect(price).toBeDefined()
    return formatPrice(effectivePrice(price!), price!.currency)
  }

  async function signUp(page: Page, email: string): Promise<void> {
    await page.goto(server.url + '/sign-up')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => page.getByTestId('plan-name').count(), { timeout: 15_000 }).toBe(1)
  }

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay((env) => {
      // The relay reads `env` when it starts: the web app's origin is added to it, and
      // pinRelayClock changes its clock. Sign-ups get a one-day trial, which the relay's clock
      // can run out.
      relayEnv = env
      Object.assign(env, { INKMARK_TRIAL_DAYS: '1' }, relayClockEnv(TEST_NOW))
      return createRelayProcess(env, { billing: 'test' })
    }))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('switches the pricing page between monthly, yearly and lifetime prices', async () => {
    const { context, page } = await newPage(TEST_NOW)
    const prices = await relayPrices()
    await page.goto(server.url + '/pricing')
    await page.getByRole('heading', { level: 1, name: 'Plans and prices' }).waitFor()
    const premium = page.locator('[data-price="PREMIUM"]')
    const ultimate = page.locator('[data-price="ULTIMATE"]')
    await expect
      .poll(() => premium.textContent())
      .toBe(`${shownPrice(prices, UserPlanType.PREMIUM, UserPlanDuration.ONE_YEAR)} / year`)
    expect(await page.getByRole('radio', { name: 'Yearly' }).isChecked()).toBe(true)
    await expectNoAxeViolations(page)

    await chooseDuration(page, 'Monthly')
    await expect
      .poll(() => premium.textContent())
      .toBe(`${shownPrice(prices, UserPlanType.PREMIUM, UserPlanDuration.ONE_MONTH)} / month`)
    // The keyboard moves along the switch.
    await page.getByRole('radio', { name: 'Monthly' }).focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    expect(await page.getByRole('radio', { name: 'Lifetime' }).isChecked()).toBe(true)
    await expect
      .poll(() => ultimate.textContent())
      .toBe(`${shownPrice(prices, UserPlanType.ULTIMATE, UserPlanDuration.LIFETIME)} once`)
    expect(await page.getByText('Black Friday', { exact: false }).count()).toBe(0)

    // Signed out, buying starts with signing in, which comes back here.
    const signIn = page.getByRole('link', { name: 'Sign in to buy Ultimate' })
    expect(await signIn.getAttribute('href')).toBe(
      '/auth?redirectPath=%2Fpricing%3Fduration%3DLifetime',
    )
    await page.goto(`${server.url}/pricing?duration=Lifetime`)
    await expect.poll(() => page.getByRole('radio', { name: 'Lifetime' }).isChecked()).toBe(true)
    await context.close()
  })

  it('shows Black Friday prices and the banner inside the week only', async () => {
    await pinRelayClock(BLACK_FRIDAY_NOW)
    try {
      const { context, page } = await newPage(BLACK_FRIDAY_NOW)
      const prices = await relayPrices()
      const yearly = prices.find(
        (entry) =>
          entry.plan === UserPlanType.PREMIUM && entry.interval === UserPlanDuration.ONE_YEAR,
      )!
      await page.goto(server.url + '/')
      const banner = page.getByRole('complementary', { name: 'Black Friday offer' })
      await banner.waitFor()
      await expectNoAxeViolations(page)
      await banner.getByRole('link', { name: 'Upgrade now' }).click()
      await page.waitForURL(`${server.url}/pricing`)
      const premium = page.locator('[data-price="PREMIUM"]')
      await expect
        .poll(() => premium.textContent())
        .toBe(
          `Was ${formatPrice(yearly.amount, yearly.currency)} ${shownPrice(prices, UserPlanType.PREMIUM, UserPlanDuration.ONE_YEAR)} / year`,
        )
      expect(effectivePrice(yearly)).toBeLessThan(yearly.amount)
      await page.getByText(`Black Friday: code ${BLACK_FRIDAY.code} applied`).first().waitFor()
      await expectNoAxeViolations(page)
      // Monthly prices have no Black Friday discount.
      await chooseDuration(page, 'Monthly')
      await expect.poll(() => page.locator('.pricing-card__old').count()).toBe(0)

      // Dismissed, the banner stays away for the session.
      await page.goto(server.url + '/')
      await banner.getByRole('button', { name: 'Dismiss' }).click()
      await expect.poll(() => banner.count()).toBe(0)
      await page.reload()
      await page.getByRole('main').waitFor()
      expect(await banner.count()).toBe(0)
      await context.close()
    } finally {
      await pinRelayClock(TEST_NOW)
    }

    const { context, page } = await newPage(TEST_NOW)
    await page.goto(server.url + '/pricing')
    await page.locator('[data-price="PREMIUM"]').waitFor()
    expect(await page.locator('.pricing-card__old').count()).toBe(0)
    expect(await page.getByRole('complementary', { name: 'Black Friday offer' }).count()).toBe(0)
    await context.close()
  })

  it('upgrades an account whose trial ran out: sync and Ultimate unlock without signing in again', async () => {
    const { context, page } = await newPage(TEST_NOW)
    await signUp(page, `trial-${Date.now()}@example.org`)
    expect(await page.getByTestId('plan-name').textContent()).toBe(
      `Plan: ${PLAN_DISPLAY_NAMES[Plan.FREE_TRIAL]}`,
    )
    // Two days on, on the relay's clock (the truth), the one-day trial is over: sync is refused.
    await pinRelayClock(TEST_NOW + 2 * DAY_MILLIS)
    try {
      await page.getByRole('button', { name: 'Sync now' }).click()
      await expect
        .poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state'), {
          timeout: 15_000,
        })
        .toBe('PREMIUM_REQUIRED')
      await upgradeToUltimate(page)
    } finally {
      await pinRelayClock(TEST_NOW)
    }
    await context.close()
  })

  async function upgradeToUltimate(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Upgrade to sync' }).click()
    const upgradeNeeded = page.getByRole('dialog', { name: 'Sync needs Premium' })
    await upgradeNeeded.waitFor()
    await expectNoAxeViolations(page)
    await upgradeNeeded.getByRole('button', { name: 'See plans' }).click()

    const pricing = page.getByRole('dialog', { name: 'Plans and prices' })
    await pricing.waitFor()
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('pricing')
    await pricing.locator('[data-price="ULTIMATE"]').waitFor()
    await expectNoAxeViolations(page)
    await pricing.getByRole('button', { name: 'Buy Ultimate' }).click()

    await page.waitForURL(/\/test-checkout\//)
    await page.getByText('Test payment provider: no money moves.').waitFor()
    await page.locator('[data-test-order]').waitFor()
    expect(await page.locator('[data-test-order]').textContent()).toContain('Ultimate')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Complete test payment' }).click()

    await expect
      .poll(() => page.locator('[data-upgrade]').getAttribute('data-upgrade'), { timeout: 30_000 })
      .toBe('done')
    expect(await page.getByText('Thank you! You are on Ultimate now.').count()).toBe(1)
    await expectNoAxeViolations(page)
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.ULTIMATE]}`)
    await expect
      .poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state'), {
        timeout: 15_000,
      })
      .toBe('UP_TO_DATE')
    expect(await page.getByRole('button', { name: 'Upgrade to sync' }).count()).toBe(0)
    // No banner for a paid plan, and the pricing dialog marks the plan.
    await page.goto(`${server.url}/?dialog=pricing`)
    await page
      .getByRole('dialog', { name: 'Plans and prices' })
      .getByText('Your current plan')
      .waitFor()
    expect(await page.getByRole('button', { name: 'Buy Ultimate' }).count()).toBe(0)
  }
})
