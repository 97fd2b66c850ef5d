// The billing settings: billing off with Ultimate by default, and loud refusals for a Paddle relay
// missing what it needs or pointed at a stand-in in production.
import { describe, expect, it } from 'vitest'
import { readBillingSettings, readPriceIds } from './billing-config'

const PADDLE = {
  INKMARK_BILLING_PROVIDER: 'paddle',
  PADDLE_API_KEY: 'pdl_live_apikey_01',
  PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_01',
  PADDLE_CLIENT_TOKEN: 'live_token',
  PADDLE_PRICE_IDS: '{"ULTIMATE_1Y":"pri_01a","PREMIUM_1M":"pri_01b"}',
}

describe('readBillingSettings', () => {
  it('turns billing off with Ultimate for everyone when nothing is set', () => {
    const settings = readBillingSettings({}, true)
    expect(settings).toMatchObject({ provider: 'none', defaultPlan: 'ULTIMATE' })
    expect(settings.paddle).toBeUndefined()
    expect(settings.testWebhookSecret.length).toBeGreaterThanOrEqual(32)
    expect(readBillingSettings({ INKMARK_DEFAULT_PLAN: 'free' }, false).defaultPlan).toBe('FREE')
  })

  it('refuses unknown providers and plans', () => {
    expect(() => readBillingSettings({ INKMARK_BILLING_PROVIDER: 'stripe' }, false)).toThrow(
      /none, test or paddle/,
    )
    expect(() => readBillingSettings({ INKMARK_DEFAULT_PLAN: 'GOLD' }, false)).toThrow(
      /FREE, PREMIUM or ULTIMATE/,
    )
  })

  it('refuses the test provider in production unless INKMARK_ALLOW_TEST_BILLING=1', () => {
    const test = { INKMARK_BILLING_PROVIDER: 'test' }
    expect(() => readBillingSettings(test, true)).toThrow(/INKMARK_ALLOW_TEST_BILLING=1/)
    expect(() => readBillingSettings({ ...test, INKMARK_ALLOW_TEST_BILLING: 'yes' }, true)).toThrow(
      /INKMARK_ALLOW_TEST_BILLING=1/,
    )
    expect(readBillingSettings({ ...test, INKMARK_ALLOW_TEST_BILLING: '1' }, true).provider).toBe(
      'test',
    )
    // Development and tests need nothing more.
    expect(readBillingSettings(test, false).provider).toBe('test')
  })

  it('reads the Paddle settings, sandbox by default', () => {
    expect(readBillingSettings(PADDLE, true).paddle).toEqual({
      apiKey: 'pdl_live_apikey_01',
      webhookSecret: 'pdl_ntfset_01',
      clientToken: 'live_token',
      environment: 'sandbox',
      priceIds: { ULTIMATE_1Y: 'pri_01a', PREMIUM_1M: 'pri_01b' },
    })
  })

  it('refuses a Paddle relay without its key, secret, token or prices', () => {
    for (const name of [
      'PADDLE_API_KEY',
      'PADDLE_WEBHOOK_SECRET',
      'PADDLE_CLIENT_TOKEN',
      'PADDLE_PRICE_IDS',
    ] as const) {
      expect(() => readBillingSettings({ ...PADDLE, [name]: '' }, false)).toThrow(name)
    }
    expect(() => readBillingSettings({ ...PADDLE, PADDLE_ENVIRONMENT: 'staging' }, false)).toThrow(
      /sandbox or production/,
    )
  })

  it('refuses the stand-in address in production, and takes it otherwise', () => {
    const withStandIn = { ...PADDLE, PADDLE_API_URL: 'http://127.0.0.1:9999' }
    expect(() => readBillingSettings(withStandIn, true)).toThrow(/never in production/)
    expect(readBillingSettings(withStandIn, false).paddle?.apiUrl).toBe('http://127.0.0.1:9999')
  })
})

describe('readPriceIds', () => {
  it('refuses what is not a map of known plans to distinct price ids', () => {
    expect(() => readPriceIds('not json')).toThrow(/JSON object/)
    expect(() => readPriceIds('["pri_1"]')).toThrow(/JSON object/)
    expect(() => readPriceIds('{}')).toThrow(/names no price/)
    expect(() => readPriceIds('{"GOLD_1Y":"pri_1"}')).toThrow(/unknown plan 'GOLD_1Y'/)
    expect(() => readPriceIds('{"ULTIMATE_1Y":"price-1"}')).toThrow(/pri_/)
    expect(() => readPriceIds('{"ULTIMATE_1Y":"pri_1","PREMIUM_1Y":"pri_1"}')).toThrow(
      /given for two plans/,
    )
  })
})
