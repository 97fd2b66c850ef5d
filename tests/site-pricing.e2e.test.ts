// The site's /pricing page in Chromium over the prerendered build, against a real relay: the
// prerendered HTML has the shared default prices; after hydration the relay's catalogue for the
// browser's country replaces them; Black Friday (banner and 40% off yearly) shows inside 23-30
// November by the page's clock and not outside it, even though the relay (pinned inside the week)
// sends the discount; the monthly / yearly / lifetime switch works by keyboard and "Buy" leads to
// the web app's /pricing with the choice; a relay that does not answer leaves the defaults and says
// so. axe-core finds nothing serious or critical in each state.
import {
  DiscountStatus,
  UserPlanDuration,
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
import { APP_PLACEHOLDER_URL, RELAY_PLACEHOLDER_URL, routeToServer } from './src/site-build'
import { startSite, waitForHydration, type SiteServer } from './src/site-server'

/** Noon UTC on the Wednesday of Black Friday week, and a day in June. */
const IN_BLACK_FRIDAY = Date.UTC(2026, 10, 25, 12, 0, 0)
const OUTSIDE_BLACK_FRIDAY = Date.UTC(2026, 5, 15, 12, 0, 0)

describe('the site pricing page', () => {
  let site: SiteServer
  let relay: RelayProcess
  let browser: Browser
  let germanPrices: Price[]

  beforeAll(async () => {
    site = await startSite()
    relay = await createRelayProcess({
      INKMARK_WEB_ORIGINS: site.url,
      ...relayClockEnv(IN_BLACK_FRIDAY),
    })
    await relay.start()
    const answer = await fetch(`${relay.url}/pricing?countryCode=DE`)
    germanPrices = (await answer.json()) as Price[]
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await browser?.close()
    await relay?.dispose()
    await site?.close()
  })

  /** A German-speaking visitor whose clock reads `now`, the site's relay calls sent to `relayUrl`. */
  async function visitor(
    now: number,
    relayUrl: string | null,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      locale: 'de-DE',
      viewport: { width: 1280, height: 900 },
    })
    await context.clock.install({ time: now })
    if (relayUrl === null) {
      await context.route(`${RELAY_PLACEHOLDER_URL}/**`, (route) =>
        route.abort('connectionrefused'),
      )
    } else {
      await routeToServer(context, RELAY_PLACEHOLDER_URL, relayUrl)
    }
    const page = await context.newPage()
    return { context, page }
  }

  function priceOf(plan: 'PREMIUM' | 'ULTIMATE', interval: UserPlanDuration): Price {
    const price = germanPrices.find((entry) => entry.plan === plan && entry.interval === interval)
    if (price === undefined) {
      throw new Error(`The relay has no ${plan} ${interval} price`)
    }
    return price
  }

  const card = (page: Page, plan: 'PREMIUM' | 'ULTIMATE') => page.locator(`[data-plan="${plan}"]`)

  it('prerenders the shared default prices with the yearly choice', async () => {
    const html = await (await fetch(`${site.url}/pricing`)).text()
    expect(html).toContain('$19.99')
    expect(html).toContain('$29.99')
    expect(html).not.toContain('Black Friday')
  })

  it('shows Black Friday and the relay’s prices for the visitor’s country inside the week', async () => {
    const { context, page } = await visitor(IN_BLACK_FRIDAY, relay.url)
    await page.goto(`${site.url}/pricing`)
    await waitForHydration(page)
    const yearly = priceOf('ULTIMATE', UserPlanDuration.ONE_YEAR)
    expect(yearly.discount?.status).toBe(DiscountStatus.VALID)
    await expect
      .poll(() => card(page, 'ULTIMATE').locator('.mk-plan-amount').textContent())
      .toBe(formatPrice(effectivePrice(yearly), yearly.currency))
    expect(await card(page, 'ULTIMATE').locator('del').textContent()).toContain(
      formatPrice(yearly.amount, yearly.currency),
    )
    expect(await page.getByRole('heading', { name: /Black Friday/ }).count()).toBe(1)
    expect(
      await card(page, 'ULTIMATE').getByRole('link', { name: 'Buy Ultimate' }).getAttribute('href'),
    ).toBe(`${APP_PLACEHOLDER_URL}/pricing?plan=ULTIMATE&duration=1Y&discountCode=BLACKFRIDAY`)
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  })

  it('switches monthly, yearly and lifetime by keyboard', async () => {
    const { context, page } = await visitor(IN_BLACK_FRIDAY, relay.url)
    await page.goto(`${site.url}/pricing`)
    await waitForHydration(page)
    const monthly = priceOf('PREMIUM', UserPlanDuration.ONE_MONTH)
    const lifetime = priceOf('PREMIUM', UserPlanDuration.LIFETIME)
    const yearly = priceOf('PREMIUM', UserPlanDuration.ONE_YEAR)
    const amount = card(page, 'PREMIUM').locator('.mk-plan-amount')
    // The relay's catalogue has arrived (its currency replaced the default dollars).
    await expect
      .poll(() => amount.textContent())
      .toBe(formatPrice(effectivePrice(yearly), yearly.currency))
    await page.getByRole('radio', { name: 'Yearly' }).focus()
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true)
    await expect
      .poll(() => amount.textContent())
      .toBe(formatPrice(monthly.amount, monthly.currency))
    expect(await card(page, 'PREMIUM').locator('del').count()).toBe(0)
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => page.getByRole('radio', { name: 'Lifetime' }).isChecked()).toBe(true)
    await expect
      .poll(() => amount.textContent())
      .toBe(formatPrice(lifetime.amount, lifetime.currency))
    expect(
      await card(page, 'PREMIUM').getByRole('link', { name: 'Buy Premium' }).getAttribute('href'),
    ).toBe(`${APP_PLACEHOLDER_URL}/pricing?plan=PREMIUM&duration=Lifetime`)
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  })

  it('shows no Black Friday outside the week, though the relay sends its discount', async () => {
    const { context, page } = await visitor(OUTSIDE_BLACK_FRIDAY, relay.url)
    await page.goto(`${site.url}/pricing`)
    await waitForHydration(page)
    const yearly = priceOf('ULTIMATE', UserPlanDuration.ONE_YEAR)
    await expect
      .poll(() => card(page, 'ULTIMATE').locator('.mk-plan-amount').textContent())
      .toBe(formatPrice(yearly.amount, yearly.currency))
    expect(await card(page, 'ULTIMATE').locator('del').count()).toBe(0)
    expect(await page.getByRole('heading', { name: /Black Friday/ }).count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  })

  it('keeps the default prices and says so when the relay does not answer', async () => {
    const { context, page } = await visitor(OUTSIDE_BLACK_FRIDAY, null)
    await page.goto(`${site.url}/pricing`)
    await waitForHydration(page)
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('The prices could not be refreshed')
    expect(await card(page, 'PREMIUM').locator('.mk-plan-amount').textContent()).toBe('$19.99')
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  })
})
