// One library per browser (ADR 035): the built extension and the built web app in one Chromium
// profile, with no relay running and nobody signed in. A highlight made on a page with the mouse
// and the marker popup appears in the web app's dashboard; a note added in the web app's page
// detail reaches the extension's library; a page deleted in the web app takes its highlights off
// the page; the bridge comes back after the service worker was stopped. A page on another
// loopback origin gets no content script and no port, whatever it posts. Each direction is
// waited for as an effect; the measured latencies are printed (no timing assertion).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BridgeHandshake, LIBRARY_BRIDGE_ORIGINS, matchPatternOf } from '@inkmark/shared'
import { seriousAxeViolations } from './src/axe'
import { inkmarkUi } from './src/closed-shadow'
import {
  CHROME_EXTENSION_DIR,
  launchWithExtension,
  type ExtensionBrowser,
} from './src/extension-browser'
import {
  highlighterReady,
  paintedHighlights,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { E2E_WEBAPP_PORT, holdE2eWebappOriginDuringBlock } from './src/e2e-webapp-origin'
import { closeNewHighlightToolbox } from './src/extension-toolbox'
import { startWebapp, type WebappServer } from './src/webapp-server'

/** The e2e origin among the configured web app origins (shared/src/library-bridge/origins.ts). */
const WEBAPP_PORT = E2E_WEBAPP_PORT
const TITLE = 'Bridge test: field notes on tidal pools'
const PARAGRAPH =
  'Tidal pools hold small worlds that change twice a day, and their residents have learned to wait.'
const SECOND_PARAGRAPH = 'Anemones close when the water leaves and open again when it returns.'
const NOTE = 'Written in the web app, read by the extension.'
/** Generous: an effect, not a deadline. */
const WAIT = { timeout: 20_000, interval: 20 }

const latencies: string[] = []

function pageHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title></head>
<body><main><h1>${TITLE}</h1><p id="p1">${PARAGRAPH}</p><p id="p2">${SECOND_PARAGRAPH}</p></main></body></html>`
}

/** Selects the start of a paragraph with a real mouse drag (trusted events, ADR 027). */
async function dragSelect(page: Page, selector: string): Promise<void> {
  const box = (await page.locator(selector).boundingBox())!
  const y = box.y + 8
  await page.mouse.move(box.x + 1, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 })
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 })
  await page.mouse.up()
}

/** Highlights the start of `selector` with the mouse and the marker popup; resolves at the click. */
async function highlightWithMouse(page: Page, selector: string): Promise<number> {
  await dragSelect(page, selector)
  const button = '[data-inkmark-marker-popup] button[aria-label="Highlight green"]'
  await inkmarkUi(page).waitFor(button)
  const clickedAt = Date.now()
  await inkmarkUi(page).click(button)
  return clickedAt
}

/**
 * Starts watching the web app's document for a link with `text`; `seenAt` resolves with the time
 * it appeared (a MutationObserver, so the time is the DOM's, not a poll's).
 */
async function watchForLink(app: Page, text: string): Promise<void> {
  await app.evaluate((wanted) => {
    const seen = new Promise<number>((resolve) => {
      const look = () =>
        [...document.querySelectorAll('a')].some((link) => link.textContent?.trim() === wanted)
      if (look()) {
        resolve(Date.now())
        return
      }
      const observer = new MutationObserver(() => {
        if (look()) {
          observer.disconnect()
          resolve(Date.now())
        }
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    ;(globalThis as { inkmarkSeenAt?: Promise<number> }).inkmarkSeenAt = seen
  }, text)
}

/** Starts watching a page for the moment its last painted highlight is gone. */
async function watchForUnpainted(page: Page): Promise<void> {
  await page.evaluate(() => {
    const painted = () => document.querySelector('.inkmark-highlight[markid]') !== null
    ;(globalThis as { inkmarkUnpaintedAt?: Promise<number> }).inkmarkUnpaintedAt = new Promise(
      (resolve) => {
        const observer = new MutationObserver(() => {
          if (!painted()) {
            observer.disconnect()
            resolve(Date.now())
          }
        })
        observer.observe(document.body, { subtree: true, childList: true, attributes: true })
      },
    )
  })
}

function seenAt(app: Page): Promise<number> {
  return app.evaluate(
    () => (globalThis as unknown as { inkmarkSeenAt: Promise<number> }).inkmarkSeenAt,
  )
}

interface StoredMark {
  _id: string
  notes?: string
}

/** What an extension watcher waits for in the background's library. */
type LibraryCondition = { method: 'getAllMarks'; note: string } | { method: 'getAllBookmarks' }

/**
 * An extension page that reads the background's library when the background announces a change,
 * and every 20 ms besides, until `condition` holds (a mark with the note; no bookmark left);
 * `inkmarkLibrarySeenAt` resolves with when it did.
 */
async function watchExtension(
  browser: ExtensionBrowser,
  condition: LibraryCondition,
): Promise<Page> {
  const page = await browser.context.newPage()
  await page.goto(`chrome-extension://${browser.extensionId}/popup.html`)
  await page.evaluate((wanted) => {
    const runtime = (
      globalThis as unknown as {
        chrome: {
          runtime: {
            sendMessage(message: unknown): Promise<unknown>
            onMessage: { addListener(listener: (message: unknown) => void): void }
          }
        }
      }
    ).chrome.runtime
    ;(globalThis as { inkmarkLibrarySeenAt?: Promise<number> }).inkmarkLibrarySeenAt = new Promise(
      (resolve) => {
        const look = () =>
          void runtime
            .sendMessage({ channel: 'inkmark:store', method: wanted.method, args: [] })
            .then((answer) => {
              const { ok, value } = answer as { ok: boolean; value?: { notes?: string }[] }
              const holds =
                wanted.method === 'getAllMarks'
                  ? value?.some((mark) => mark.notes === wanted.note)
                  : value?.length === 0
              if (ok && holds === true) {
                clearInterval(timer)
                resolve(Date.now())
              }
            })
        const timer = setInterval(look, 20)
        runtime.onMessage.addListener(look)
      },
    )
  }, condition)
  return page
}

function librarySeenAt(watcher: Page): Promise<number> {
  return watcher.evaluate(
    () => (globalThis as unknown as { inkmarkLibrarySeenAt: Promise<number> }).inkmarkLibrarySeenAt,
  )
}

/**
 * What a page's window hears after it asks for a bridge port: its own messages, and a port only
 * where the bridge content script runs. Two markers posted after the hello bound the wait: a
 * content script's answer to the hello is queued before the second marker, so once that marker
 * arrived, any answer would have.
 */
function askForBridgePort(page: Page): Promise<{ types: unknown[]; ports: number }> {
  return page.evaluate(
    ({ hello }) =>
      new Promise<{ types: unknown[]; ports: number }>((resolve) => {
        const types: unknown[] = []
        let ports = 0
        window.addEventListener('message', (event: MessageEvent) => {
          const type = (event.data as { type?: unknown } | null)?.type
          types.push(type)
          ports += event.ports.length
          if (type === 'marker-1') {
            window.postMessage({ type: 'marker-2' }, '*')
          } else if (type === 'marker-2') {
            resolve({ types, ports })
          }
        })
        window.postMessage({ type: hello }, window.location.origin)
        window.postMessage({ type: hello }, '*')
        window.postMessage({ type: 'marker-1' }, '*')
      }),
    { hello: BridgeHandshake.HELLO },
  )
}

describe('one library per browser: the extension and the web app share it', () => {
  // The e2e web app origin is one fixed port: held for this whole file (ADR 070).
  holdE2eWebappOriginDuringBlock()

  let browser: ExtensionBrowser
  let site: WrittenSite
  let webapp: WebappServer
  let app: Page
  let article: Page

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('tidal.html', pageHtml())
    webapp = await startWebapp({ port: WEBAPP_PORT })
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    if (latencies.length > 0) {
      console.info(`Library bridge latencies (no relay):\n  ${latencies.join('\n  ')}`)
    }
    await browser?.close()
    await webapp?.close()
    await site?.close()
  })

  it('ships the bridge content script for exactly the configured web app origins', async () => {
    const manifest = JSON.parse(
      await readFile(join(CHROME_EXTENSION_DIR, 'manifest.json'), 'utf8'),
    ) as { content_scripts: { matches: string[]; js: string[]; all_frames?: boolean }[] }
    const bridge = manifest.content_scripts.filter((script) =>
      script.js.some((file) => file.startsWith('library-bridge')),
    )
    expect(bridge).toHaveLength(1)
    // Production, and the one web app this (test) build names: PLASMO_PUBLIC_WEBAPP_URL, which
    // `npm test` sets to this file's origin. No other loopback origin.
    expect(webapp.url).toBe(`http://127.0.0.1:${WEBAPP_PORT}`)
    expect(bridge[0]!.matches).toEqual([...LIBRARY_BRIDGE_ORIGINS, webapp.url].map(matchPatternOf))
    expect(bridge[0]!.all_frames).toBe(false)
  })

  it('shows a highlight made on a page in the web app, with no relay', async () => {
    app = await browser.context.newPage()
    await app.goto(`${webapp.url}/`)
    await app.getByText('Library shared with the Inkmark extension').waitFor(WAIT)
    expect(await seriousAxeViolations(app)).toEqual([])
    await app.emulateMedia({ colorScheme: 'dark' })
    expect(await seriousAxeViolations(app)).toEqual([])
    await app.emulateMedia({ colorScheme: 'light' })
    await watchForLink(app, TITLE)

    article = await browser.context.newPage()
    await article.goto(site.url('tidal.html'))
    await highlighterReady(article)
    const clickedAt = await highlightWithMouse(article, '#p1')
    await expect.poll(() => paintedHighlights(article), WAIT).toHaveLength(1)

    await app.getByRole('link', { name: TITLE }).first().waitFor(WAIT)
    latencies.push(
      `extension -> web app (highlight to dashboard card): ${(await seenAt(app)) - clickedAt} ms`,
    )
    await closeNewHighlightToolbox(article)
  })

  it("brings a note added in the web app's page detail to the extension", async () => {
    await app.bringToFront()
    await app.getByRole('link', { name: TITLE }).first().click()
    const item = app.locator('.mark-item').first()
    await item.waitFor(WAIT)
    await item.getByRole('button', { name: 'Add note' }).click()
    await item.getByRole('textbox', { name: 'Note' }).fill(NOTE)
    const watcher = await watchExtension(browser, { method: 'getAllMarks', note: NOTE })
    await app.bringToFront()
    const savedAt = Date.now()
    await item.getByRole('button', { name: 'Save note' }).click()
    const arrivedAt = await librarySeenAt(watcher)
    latencies.push(
      `web app -> extension (note saved to background library): ${arrivedAt - savedAt} ms`,
    )
    await watcher.close()
    const marks = await storeCall<StoredMark[]>(browser, 'getAllMarks')
    expect(marks.map((mark) => mark.notes)).toEqual([NOTE])
    // The page shows it too: its highlight now carries a note.
    await expect
      .poll(async () => (await paintedHighlights(article))[0]?.classes ?? '', WAIT)
      .toContain('webhighlight-with-notes')
  })

  it('takes the highlights of a page deleted in the web app off the page', async () => {
    // The web app reloaded: it finds the extension again.
    await app.reload()
    await app.getByText('Library shared with the Inkmark extension').waitFor(WAIT)
    await app.getByRole('button', { name: 'Delete page' }).click()
    await watchForUnpainted(article)
    const watcher = await watchExtension(browser, { method: 'getAllBookmarks' })
    await app.bringToFront()
    const deletedAt = Date.now()
    await app.getByRole('button', { name: 'Delete page and highlights' }).click()
    // The page's tab is in the background, as it would be: the browser throttles its timers.
    await expect.poll(() => paintedHighlights(article), WAIT).toHaveLength(0)
    const unpaintedAt = await article.evaluate(
      () => (globalThis as unknown as { inkmarkUnpaintedAt: Promise<number> }).inkmarkUnpaintedAt,
    )
    latencies.push(
      `web app -> extension (page deleted in the background library): ${(await librarySeenAt(watcher)) - deletedAt} ms`,
      `web app -> page in a background tab (its highlight unpainted): ${unpaintedAt - deletedAt} ms`,
    )
    await watcher.close()
    expect(await storeCall<{ title: string }[]>(browser, 'getAllBookmarks')).toEqual([])
  })

  it('shares again after the service worker was stopped', async () => {
    await app.goto(`${webapp.url}/`)
    await app.getByText('Library shared with the Inkmark extension').waitFor(WAIT)
    await watchForLink(app, TITLE)
    // The worker stops (as the browser stops an idle one): the bridge's port to it closes. The
    // next highlight wakes it, and the web app, not reloaded, gets the highlight all the same.
    const cdp = await browser.context.newCDPSession(article)
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.stopAllWorkers')
    await article.bringToFront()
    const clickedAt = await highlightWithMouse(article, '#p2')
    await expect.poll(() => paintedHighlights(article), WAIT).toHaveLength(1)
    await app.getByRole('link', { name: TITLE }).first().waitFor(WAIT)
    latencies.push(
      `extension -> web app after the worker was stopped: ${(await seenAt(app)) - clickedAt} ms`,
    )
    await closeNewHighlightToolbox(article)
  })

  it('gives a page on another loopback origin no bridge, whatever it posts', async () => {
    const hostile = await browser.context.newPage()
    await hostile.goto(site.url('tidal.html'))
    // The extension is at work on that page (its highlighter), the bridge is not.
    await highlighterReady(hostile)
    expect(new URL(hostile.url()).origin).not.toBe(webapp.url)
    const heard = await askForBridgePort(hostile)
    expect(heard.ports).toBe(0)
    expect(heard.types).not.toContain(BridgeHandshake.PORT)
    expect(heard.types).not.toContain(BridgeHandshake.PRESENT)
    // Nor can it reach the extension directly: no externally_connectable, no runtime for pages.
    expect(
      await hostile.evaluate(
        () => typeof (globalThis as { chrome?: { runtime?: unknown } }).chrome?.runtime,
      ),
    ).toBe('undefined')
    // The same question on the web app's origin is answered with a port (the control).
    const answered = await askForBridgePort(app)
    expect(answered.ports).toBeGreaterThan(0)
    await hostile.close()
  })
})
