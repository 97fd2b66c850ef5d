// The web app against a real relay whose /sync limit is tiny (INKMARK_LIMIT_SYNC=2: two requests,
// then one every 30 s): once the relay answers 429, the header's sync indicator says that sync is
// paused for too many requests and when it retries, instead of failing silently or hammering.
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { startWebappWithRelay } from './src/webapp-with-relay'
import type { WebappServer } from './src/webapp-server'

const EMAIL = `limits-${Date.now()}@example.org`
const PASSWORD = 'correct horse battery'

describe('web app sync under the relay’s rate limit', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay((env) => {
      env.INKMARK_LIMIT_SYNC = '2'
      return createRelayProcess(env)
    }))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('shows “Sync paused: too many requests, retrying in N s” after a 429', async () => {
    await page.goto(server.url + '/sign-up')
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    const syncNow = page.getByRole('button', { name: 'Sync now' })
    await expect.poll(() => syncNow.count()).toBe(1)
    const paused = page.locator('[data-sync-pause="rate-limited"]')
    // Each run pulls once at least: by the third the relay refuses.
    for (let click = 0; click < 3 && (await paused.count()) === 0; click += 1) {
      await syncNow.click()
    }
    await expect
      .poll(() => paused.textContent(), { timeout: 20_000 })
      .toMatch(/^Sync paused: too many requests, retrying in \d+ s\.$/)
  })
})
