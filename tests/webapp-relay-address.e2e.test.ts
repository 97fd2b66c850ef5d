// The web app built for a relay at a plain http address beyond this computer, in Chromium: the
// log-in and sign-up forms say the address must be https and send nothing (no request leaves for
// that relay, the submit button is off), so a password never crosses a network in plain text
// (shared/src/domain/relay-address.ts, docs/adr/028).
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startWebapp, type WebappServer } from './src/webapp-server'

const INSECURE_RELAY = 'http://relay.example.org'

describe('the web app with an http relay beyond loopback', () => {
  let server: WebappServer
  let browser: Browser

  beforeAll(async () => {
    const previous = process.env.VITE_RELAY_URL
    process.env.VITE_RELAY_URL = INSECURE_RELAY
    try {
      server = await startWebapp()
    } finally {
      if (previous === undefined) {
        delete process.env.VITE_RELAY_URL
      } else {
        process.env.VITE_RELAY_URL = previous
      }
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('says why in the account forms and sends nothing', async () => {
    const page = await browser.newPage()
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    for (const [path, submit] of [
      ['/login', 'Log in'],
      ['/sign-up', 'Sign up'],
    ] as const) {
      await page.goto(server.url + path)
      await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.org')
      await page.getByLabel('Password').fill('correct horse battery')
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toMatch(/must start with https:\/\//)
      const button = page.getByRole('button', { name: submit })
      expect(await button.isDisabled()).toBe(true)
      await page.getByLabel('Password').press('Enter')
    }
    // The form's own request would be the last thing the page did: nothing went to that relay.
    expect(requests.filter((url) => url.startsWith(INSECURE_RELAY))).toEqual([])
    await page.close()
  })
})
