// Where the extension keeps its login token, in Chromium with the built extension and a real relay
// on loopback: after signing in, a content script (its isolated world, reached through the
// DevTools protocol as the browser's tooling does) finds no token in chrome.storage, and the page
// finds none anywhere; the token lives in the extension origin's IndexedDB, where a stopped
// service worker finds it again. A session an older version left in chrome.storage.local moves
// there on the worker's next start and leaves chrome.storage.local. An http relay beyond loopback
// is refused in the popup's form before any password is sent.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  FIRST,
  article,
  highlighterReady,
  sessionCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { registerAccount } from './src/sync-device'

const PASSWORD = 'correct horse battery'

interface Status {
  signedIn: boolean
  email?: string
  state: string
}

interface StorageArea {
  get(keys: null): Promise<Record<string, unknown>>
  set(items: Record<string, unknown>): Promise<void>
}

/** Runs `expression` (a promise) in the content script's isolated world of `page`. */
async function inContentScriptWorld(
  browser: ExtensionBrowser,
  page: Page,
  expression: string,
): Promise<unknown> {
  const cdp = await browser.context.newCDPSession(page)
  try {
    const contexts: {
      id: number
      origin: string
      auxData?: { type?: string; isDefault?: boolean }
    }[] = []
    cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context))
    await cdp.send('Runtime.enable')
    const world = contexts.find(
      (context) =>
        context.auxData?.type === 'isolated' &&
        context.origin === `chrome-extension://${browser.extensionId}`,
    )
    if (!world) {
      throw new Error("The content script's isolated world is not on the page")
    }
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression,
      contextId: world.id,
      awaitPromise: true,
      returnByValue: true,
    })
    if (exceptionDetails) {
      throw new Error(`In the content script: ${exceptionDetails.exception?.description}`)
    }
    return result.value as unknown
  } finally {
    await cdp.detach()
  }
}

/** Stops the extension's service worker (the next message starts it again). */
async function stopServiceWorker(browser: ExtensionBrowser): Promise<void> {
  const page = await browser.context.newPage()
  try {
    const cdp = await browser.context.newCDPSession(page)
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.stopAllWorkers')
    await cdp.detach()
  } finally {
    await page.close()
  }
}

/** chrome.storage.local as an extension page reads it. */
async function extensionStorageLocal(browser: ExtensionBrowser): Promise<Record<string, unknown>> {
  const page = await browser.context.newPage()
  try {
    await page.goto(`chrome-extension://${browser.extensionId}/popup.html`)
    return await page.evaluate(() =>
      (
        globalThis as unknown as { chrome: { storage: { local: StorageArea } } }
      ).chrome.storage.local.get(null),
    )
  } finally {
    await page.close()
  }
}

describe('the login token in the extension', () => {
  let relay: RelayProcess
  let browser: ExtensionBrowser
  let site: WrittenSite
  let token: string
  const email = `token-${Date.now()}@example.com`

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
    token = await registerAccount(relay.url, email, PASSWORD)
    site = await writtenSite()
    await site.write('page.html', article([FIRST]))
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await relay?.dispose()
  })

  it('moves a session an older version kept in chrome.storage.local out of it', async () => {
    await browser.serviceWorker.evaluate(
      (session) =>
        (
          globalThis as unknown as { chrome: { storage: { local: StorageArea } } }
        ).chrome.storage.local.set({ 'inkmark.session': session }),
      { token, relayUrl: relay.url, email },
    )
    await stopServiceWorker(browser)
    await expect
      .poll(async () => (await sessionCall<Status>(browser, 'getStatus')).email)
      .toBe(email)
    expect(await extensionStorageLocal(browser)).not.toHaveProperty('inkmark.session')
    expect(await sessionCall<Status>(browser, 'signOut')).toMatchObject({ signedIn: false })
  })

  it('keeps the token out of every content script, and finds it again after a worker stop', async () => {
    expect(await sessionCall<Status>(browser, 'signIn', relay.url, email, PASSWORD)).toMatchObject({
      signedIn: true,
    })
    const page = await browser.context.newPage()
    await page.goto(site.url('page.html'))
    await highlighterReady(page)

    const seenByContentScript = (await inContentScriptWorld(
      browser,
      page,
      `(async () => {
        const read = async (area) => {
          try {
            return await chrome.storage[area].get(null)
          } catch (error) {
            return 'refused: ' + error.message
          }
        }
        return JSON.stringify([
          await read('local'),
          await read('sync'),
          await read('session'),
          await indexedDB.databases(),
        ])
      })()`,
    )) as string
    expect(seenByContentScript).toMatch(/refused/)
    expect(seenByContentScript).not.toContain(token.split('.')[2]!)
    expect(seenByContentScript).not.toContain('inkmark.session')
    expect(seenByContentScript).not.toContain('inkmark-session')
    const seenByPage = await page.evaluate(async () =>
      JSON.stringify([
        await indexedDB.databases(),
        Object.keys(localStorage),
        Object.keys(sessionStorage),
      ]),
    )
    expect(seenByPage).not.toContain('inkmark')
    await page.close()

    // The extension's own pages share the token's database.
    const popup = await browser.context.newPage()
    await popup.goto(`chrome-extension://${browser.extensionId}/popup.html`)
    const databases = await popup.evaluate(async () =>
      (await indexedDB.databases()).map((database) => database.name),
    )
    expect(databases).toContain('inkmark-session')
    await popup.close()

    await stopServiceWorker(browser)
    expect(await sessionCall<Status>(browser, 'getStatus')).toMatchObject({
      signedIn: true,
      email,
    })
  })

  it('refuses an http relay beyond this computer in the popup, before sending the password', async () => {
    await sessionCall<Status>(browser, 'signOut')
    const popup = await browser.context.newPage()
    await popup.goto(`chrome-extension://${browser.extensionId}/popup.html`)
    const requests: string[] = []
    browser.context.on('request', (request) => requests.push(request.url()))
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByText('Advanced').click()
    await popup.getByRole('textbox', { name: 'Server address' }).fill('http://relay.example.org')
    await popup.getByRole('textbox', { name: 'Email' }).fill(email)
    await popup.getByLabel('Password').fill(PASSWORD)
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await expect
      .poll(() => popup.getByRole('alert').textContent())
      .toMatch(/must start with https:\/\//)
    expect(
      await popup.getByRole('textbox', { name: 'Server address' }).getAttribute('aria-invalid'),
    ).toBe('true')
    // The background refuses it too, for a page that skips the form.
    await expect(
      sessionCall(browser, 'signIn', 'http://relay.example.org', email, PASSWORD),
    ).rejects.toThrow(/must start with https:\/\//)
    expect(requests.filter((url) => url.includes('relay.example.org'))).toEqual([])
    await popup.close()
  })
})
