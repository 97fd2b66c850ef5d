// "Saved" in the web app means durable: a page saved from the add-content dialog is still in the
// library after its tab is closed the moment the app says it is saved (it opens the page), and the
// app is opened again in the same browser profile. y-indexeddb commits a write in a transaction of
// its own, after the store's write resolved; closing the tab in between lost the write. To make
// that window wide on every run (not only when the machine is slow), a test-only init script keeps
// the library's update transaction busy for a few thousand IndexedDB round trips before letting it
// commit: the app must not say "saved" before then, and nothing else changes.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startWebapp, type WebappServer } from './src/webapp-server'

/** IndexedDB requests the held transaction makes before it may commit. */
const HELD_ROUND_TRIPS = 3000

declare global {
  interface Window {
    /** Set by the test: hold the next library update's transaction open (see above). */
    inkmarkHoldNextLibraryWrite?: boolean
    /**
     * How many library update transactions were held, how many of those have committed, and how
     * many had when the app last changed its URL (it opens a page once it is saved).
     */
    inkmarkHeldWrites?: { held: number; committed: number; committedAtNavigation?: number }
  }
}

/** Runs in the page before the app: holds a library update's transaction when asked. */
function installWriteHold(roundTrips: number): void {
  window.inkmarkHeldWrites = { held: 0, committed: 0 }
  // Both are called back with `apply` and their own `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const pushState = history.pushState
  history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
    window.inkmarkHeldWrites!.committedAtNavigation = window.inkmarkHeldWrites!.committed
    pushState.apply(this, args)
  }
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const add = IDBObjectStore.prototype.add
  IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args) {
    const request = add.apply(this, args)
    const { transaction } = this
    if (
      window.inkmarkHoldNextLibraryWrite === true &&
      this.name === 'updates' &&
      transaction.db.name === 'inkmark'
    ) {
      window.inkmarkHoldNextLibraryWrite = false
      const counts = window.inkmarkHeldWrites!
      counts.held += 1
      transaction.addEventListener('complete', () => {
        counts.committed += 1
      })
      let left = roundTrips
      const again = () => {
        left -= 1
        if (left > 0) {
          this.count().onsuccess = again
        }
      }
      again()
    }
    return request
  } as IDBObjectStore['add']
}

async function openApp(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(url)
  return page
}

describe('web app writes are durable once saved', () => {
  let server: WebappServer
  let browser: Browser

  beforeAll(async () => {
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('keeps a saved page when the tab is closed as soon as the app says saved', async () => {
    const context = await browser.newContext()
    await context.addInitScript(installWriteHold, HELD_ROUND_TRIPS)
    const address = 'https://durable.example.org/articles/kept'
    const page = await openApp(context, `${server.url}/?dialog=add-content&contentType=url`)
    const dialog = page.getByRole('dialog', { name: 'Add content' })
    await dialog.getByLabel('Page address').fill(address)
    await page.evaluate(() => {
      window.inkmarkHoldNextLibraryWrite = true
    })
    await dialog.getByRole('button', { name: 'Save page' }).click()
    // The app opens the saved page once its write resolved: close the tab right then.
    await page.waitForURL(/\/page\/[^/?]+$/)
    const held = await page.evaluate(() => window.inkmarkHeldWrites)
    await page.close({ runBeforeUnload: false })

    const reopened = await openApp(context, `${server.url}/`)
    await expect
      .poll(() => reopened.getByRole('link', { name: 'durable.example.org/articles/kept' }).count())
      .toBe(1)
    expect(held?.held).toBe(1)
    // The app said saved (opened the page) only once the write had committed.
    expect(held?.committedAtNavigation).toBe(1)
    await context.close()
  })
})
