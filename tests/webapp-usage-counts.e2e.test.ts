// Anonymous usage counts in the web app, in Chromium, against a real relay: the Settings view's
// "Send anonymous usage counts" switch is on by default; turned off, downloading backups sends
// nothing to the relay; turned on again, the next download's count arrives (and only it). The
// relay's stored totals and the browser's requests to POST /events both say so. axe-core finds
// nothing serious or critical on the view, light and dark.
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { getProductEventTotals } from './src/relay-sqlite'
import type { WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

describe('anonymous usage counts in the web app', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let page: Page
  const eventRequests: string[] = []

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay(createRelayProcess))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
    // Counts go out with fetch keepalive, also from a page going away: recorded where the
    // context's requests leave (a route), which sees those too, not by the page's request event.
    await context.route(`${relay.url}/events`, async (route) => {
      eventRequests.push(route.request().postData() ?? '')
      await route.continue()
    })
    page = await context.newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  async function downloadBackup() {
    await page.goto(server.url + '/settings?view=backup')
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download backup' }).first().click(),
    ])
  }

  async function setUsageCounts(on: boolean) {
    await page.goto(server.url + '/settings?view=settings')
    const toggle = page.getByRole('switch', { name: 'Send anonymous usage counts' })
    await expect.poll(() => toggle.count()).toBe(1)
    if ((await toggle.isChecked()) !== on) {
      // By keyboard, as the switch is meant to be used without a mouse too.
      await toggle.focus()
      await page.keyboard.press('Space')
    }
    await expect.poll(() => toggle.isChecked()).toBe(on)
  }

  it('is on by default and says what is and is not sent', async () => {
    await page.goto(server.url + '/settings?view=settings')
    const toggle = page.getByRole('switch', { name: 'Send anonymous usage counts' })
    await expect.poll(() => toggle.isChecked()).toBe(true)
    expect(await page.getByText('never your pages, addresses, notes or who you are').count()).toBe(
      1,
    )
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
      expect(await seriousAxeViolations(page)).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('sends nothing while off, and only what happens after it is on again', async () => {
    await setUsageCounts(false)
    await downloadBackup()
    await downloadBackup()

    await setUsageCounts(true)
    await downloadBackup()
    await expect
      .poll(() => getProductEventTotals(relay.dataDir), { timeout: 20_000 })
      .toEqual({ export_completed: 1 })
    expect(eventRequests).toHaveLength(1)
    expect(JSON.parse(eventRequests[0]!)).toEqual({
      events: [{ name: 'export_completed', count: 1 }],
    })
  })
})
