// The web app's backup relay in Chromium: a build whose main relay does not answer (a closed
// loopback port) and whose backup relay (VITE_RELAY_FALLBACK_URL) is a real relay still signs up,
// reads GET /config (cached as serverConfigJsonString with fetchedAt) and syncs, every call going
// to the backup with the three wh- headers.
import './src/fake-indexeddb-setup'
import { PLAN_DISPLAY_NAMES, Plan } from '@inkmark/shared'
import { chromium, type Browser, type Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { closedPortUrl, createRelayProcess, type RelayProcess } from './src/relay-process'
import { startWebapp, type WebappServer } from './src/webapp-server'

const PASSWORD = 'correct horse battery'

describe('web app with its main relay down', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let mainUrl: string

  beforeAll(async () => {
    const env: Record<string, string> = {}
    relay = await createRelayProcess(env)
    mainUrl = await closedPortUrl()
    const previous = {
      main: process.env.VITE_RELAY_URL,
      backup: process.env.VITE_RELAY_FALLBACK_URL,
    }
    process.env.VITE_RELAY_URL = mainUrl
    process.env.VITE_RELAY_FALLBACK_URL = relay.url
    try {
      server = await startWebapp()
    } finally {
      for (const [name, value] of [
        ['VITE_RELAY_URL', previous.main],
        ['VITE_RELAY_FALLBACK_URL', previous.backup],
      ] as const) {
        if (value === undefined) {
          delete process.env[name]
        } else {
          process.env[name] = value
        }
      }
    }
    env.INKMARK_WEB_ORIGINS = server.url
    await relay.start()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('signs up, reads the config and syncs through the backup, with the wh- headers', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const toBackup: Request[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(relay.url) && request.method() !== 'OPTIONS') {
        toBackup.push(request)
      }
    })
    await page.goto(`${server.url}/auth?tab=sign-up`)
    await page.getByLabel('Email').fill(`backup-${Date.now()}@example.org`)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[Plan.FREE_TRIAL]}`)
    await expect
      .poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state'), {
        timeout: 20_000,
      })
      .toBe('UP_TO_DATE')

    const cached = await page.evaluate(() => localStorage.getItem('serverConfigJsonString'))
    const parsed = JSON.parse(cached!) as {
      config?: { cacheTtlInMillis?: unknown }
      fetchedAt?: unknown
    }
    expect(typeof parsed.config?.cacheTtlInMillis).toBe('number')
    expect(typeof parsed.fetchedAt).toBe('number')

    const paths = toBackup.map((request) => new URL(request.url()).pathname)
    for (const expected of ['/config', '/users/register', '/users/userinfo/', '/sync']) {
      expect(paths.some((path) => path.startsWith(expected))).toBe(true)
    }
    const withoutHeaders: string[] = []
    for (const request of toBackup) {
      const headers = await request.allHeaders()
      if (
        !headers['wh-timezone'] ||
        headers['wh-browser-type'] !== 'web' ||
        headers['wh-app-type'] !== 'webapp'
      ) {
        withoutHeaders.push(`${request.method()} ${new URL(request.url()).pathname}`)
      }
    }
    expect(withoutHeaders).toEqual([])
    await context.close()
  })
})
