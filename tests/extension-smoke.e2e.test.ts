import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { startStaticServer, type StaticServer } from './src/static-server'

describe('the built extension in Chromium', () => {
  let browser: ExtensionBrowser
  let server: StaticServer

  beforeAll(async () => {
    server = await startStaticServer(join(import.meta.dirname, 'pages'))
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('registers its background service worker', () => {
    expect(browser.extensionId).toMatch(/^[a-p]{32}$/)
  })

  it("marks a page served on loopback with the content script's status", async () => {
    const page = await browser.context.newPage()
    await page.goto(`${server.url}/article.html`)
    await page.waitForSelector('html[data-inkmark-extension]')
    expect(await page.getAttribute('html', 'data-inkmark-extension')).toBe('ready')
    await page.close()
  })

  it('opens its popup page', async () => {
    const page = await browser.context.newPage()
    await page.goto(`chrome-extension://${browser.extensionId}/popup.html`)
    await expect(page.getByRole('heading', { name: 'Inkmark' }).textContent()).resolves.toBe(
      'Inkmark',
    )
    await page.close()
  })
})
