// The web app's Paddle checkout (ADR 055) in Chromium: a build for a Paddle relay
// (VITE_PADDLE_ENVIRONMENT=sandbox, so its CSP lets Paddle.js in), the relay on the Paddle API
// stand-in, and Paddle.js's stand-in served at its CDN address. Buying opens Paddle's checkout with
// the relay's price id, the account's email and the relay's custom data; the plan changes only when
// the stand-in's signed webhooks reach the relay, and the page then says so without a new sign-in.
import './src/fake-indexeddb-setup'
import { PLAN_DISPLAY_NAMES, Plan } from '@inkmark/shared'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { PADDLE_JS_STAND_IN, PADDLE_JS_URL } from './src/paddle-js-stand-in'
import { startPaddleStandIn, type PaddleStandIn } from './src/paddle-stand-in'
import { relayClockEnv } from './src/relay-clock'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { TEST_NOW } from './src/test-clock'
import { startWebappWithRelay } from './src/webapp-with-relay'
import type { WebappServer } from './src/webapp-server'

const PRICE_IDS = {
  ULTIMATE_1M: 'pri_01ultimatemonthly0000000000',
  ULTIMATE_1Y: 'pri_01ultimateyearly00000000000',
  ULTIMATE_Lifetime: 'pri_01ultimatelifetime000000000',
}
const API_KEY = 'pdl_sdbx_apikey_01standintests000000000'
const WEBHOOK_SECRET = 'pdl_ntfset_01standin_secret_0123456789'
const CLIENT_TOKEN = 'test_standinclienttoken'

interface OpenedCheckout {
  items: { priceId: string; quantity: number }[]
  customer: { email: string }
  customData: Record<string, unknown>
}

describe('the web app checkout through Paddle', () => {
  let paddle: PaddleStandIn
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser

  beforeAll(async () => {
    paddle = await startPaddleStandIn({
      apiKey: API_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: {
        [PRICE_IDS.ULTIMATE_1M]: { amount: '399', currency: 'USD', interval: 'month' },
        [PRICE_IDS.ULTIMATE_1Y]: { amount: '2999', currency: 'USD', interval: 'year' },
        [PRICE_IDS.ULTIMATE_Lifetime]: { amount: '8999', currency: 'USD', interval: null },
      },
    })
    const previous = process.env.VITE_PADDLE_ENVIRONMENT
    process.env.VITE_PADDLE_ENVIRONMENT = 'sandbox'
    try {
      ;({ relay, server } = await startWebappWithRelay((env) =>
        createRelayProcess(
          Object.assign(env, relayClockEnv(TEST_NOW), {
            PADDLE_API_KEY: API_KEY,
            PADDLE_WEBHOOK_SECRET: WEBHOOK_SECRET,
            PADDLE_CLIENT_TOKEN: CLIENT_TOKEN,
            PADDLE_ENVIRONMENT: 'sandbox',
            PADDLE_PRICE_IDS: JSON.stringify(PRICE_IDS),
            PADDLE_API_URL: paddle.url,
          }),
          { billing: 'paddle' },
        ),
      ))
    } finally {
      if (previous === undefined) {
        delete process.env.VITE_PADDLE_ENVIRONMENT
      } else {
        process.env.VITE_PADDLE_ENVIRONMENT = previous
      }
    }
    paddle.webhookUrl = `${relay.url}/billing/webhooks/paddle`
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
    await paddle?.close()
  })

  it('opens Paddle checkout with the relay data and unlocks Ultimate once the webhook arrives', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    })
    await context.clock.install({ time: TEST_NOW })
    await context.route(PADDLE_JS_URL, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: PADDLE_JS_STAND_IN }),
    )
    const page = await context.newPage()
    const email = `paddle-${Date.now()}@example.org`
    await page.goto(server.url + '/sign-up')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByTestId('plan-name').waitFor({ timeout: 15_000 })

    await page.goto(server.url + '/pricing')
    await page.locator('.pricing-switch__option', { hasText: 'Monthly' }).click()
    // Paddle.js's own price (taxes included) shows beside the relay's.
    await page.getByText('At checkout: US$1.00 (taxes included)').first().waitFor()
    await page.getByRole('button', { name: 'Buy Ultimate' }).click()

    const opened = async () =>
      page.evaluate(
        () =>
          (window as unknown as { __paddleStandIn: { record: { opened: unknown[] } } })
            .__paddleStandIn.record.opened,
      ) as Promise<OpenedCheckout[]>
    await expect.poll(async () => (await opened()).length).toBe(1)
    const [checkout] = await opened()
    expect(checkout!.items).toEqual([{ priceId: PRICE_IDS.ULTIMATE_1M, quantity: 1 }])
    expect(checkout!.customer).toEqual({ email })
    expect(
      await page.evaluate(
        () =>
          (
            window as unknown as {
              __paddleStandIn: { record: { environment: string; initialize: { token: string } } }
            }
          ).__paddleStandIn.record,
      ),
    ).toMatchObject({
      environment: 'sandbox',
      initialize: { token: CLIENT_TOKEN },
    })

    // Paddle completes the payment and tells the relay (signed webhooks); Paddle.js tells the page.
    await paddle.completeCheckout({
      priceId: PRICE_IDS.ULTIMATE_1M,
      customData: checkout!.customData,
    })
    await page.evaluate(() =>
      (
        window as unknown as { __paddleStandIn: { complete: () => void } }
      ).__paddleStandIn.complete(),
    )
    await expect
      .poll(() => page.locator('[data-upgrade]').getAttribute('data-upgrade'), { timeout: 30_000 })
      .toBe('done')
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.ULTIMATE]}`)
    await context.close()
  })
})
