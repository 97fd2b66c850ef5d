// The extension offline and online: signed in at a real relay on loopback, it highlights while the
// relay is down, and the highlight reaches the relay once it is back; a highlight survives the
// service worker being stopped right after it was made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inkmarkUi } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { openedToolbox } from './src/extension-toolbox'
import {
  highlighterReady,
  paintedHighlights,
  selectText,
  sessionCall,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { registerAccount } from './src/sync-device'
import { pressShortcut } from './src/shortcuts'

const PASSWORD = 'correct horse battery'
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Offline</title></head>
<body><main><h1>Offline</h1><p id="p1">Written on a train without any network at all.</p>
<p id="p2">Another line to highlight after a restart of the worker.</p>
<p id="p3">A third line for the advanced highlighter.</p>
<img id="picture" src="picture.svg" alt="A red square" width="40" height="40"></main></body></html>`
const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>'

interface Status {
  signedIn: boolean
  state: string
}

describe('the extension with a relay that comes and goes', () => {
  let relay: RelayProcess
  let browser: ExtensionBrowser
  let site: WrittenSite
  let token: string
  const email = `extension-${Date.now()}@example.com`

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
    token = await registerAccount(relay.url, email, PASSWORD)
    site = await writtenSite()
    await site.write('offline.html', PAGE)
    await site.write('picture.svg', PICTURE)
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await relay?.dispose()
  })

  it('signs in, highlights while the relay is down, and syncs when it is back', async () => {
    const signedIn = await sessionCall<Status>(browser, 'signIn', relay.url, email, PASSWORD)
    expect(signedIn).toMatchObject({ signedIn: true })
    await expect
      .poll(async () => (await sessionCall<Status>(browser, 'getStatus')).state)
      .toBe('UP_TO_DATE')

    await relay.stop()
    const page = await browser.context.newPage()
    await page.goto(site.url('offline.html'))
    await highlighterReady(page)
    const text = await selectText(page, '#p1', 0, 22)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    expect((await sessionCall<Status>(browser, 'syncNow')).state).toBe('ALL_SERVERS_OFFLINE')

    await relay.start()
    expect((await sessionCall<Status>(browser, 'syncNow')).state).toBe('UP_TO_DATE')
    const response = await fetch(`${relay.url}/marks`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const marks = (await response.json()) as { text?: string }[] | { marks: { text?: string }[] }
    const list = Array.isArray(marks) ? marks : marks.marks
    expect(list.map((mark) => mark.text)).toEqual([text])
    await page.close()
  })

  it('keeps a highlight made just before the service worker was stopped', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('offline.html'))
    await highlighterReady(page)
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    await selectText(page, '#p2', 0, 12)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)

    const cdp = await browser.context.newCDPSession(page)
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.stopAllWorkers')
    await page.reload()
    await highlighterReady(page)
    await expect
      .poll(async () => (await paintedHighlights(page)).map((highlight) => highlight.text))
      .toEqual(['Written on a train wit', 'Another line'])
    expect(await storeCall<unknown[]>(browser, 'getAllMarks')).toHaveLength(2)
    await page.close()
  })

  it('highlights an image from the context menu on a plan that has image highlighting', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('offline.html'))
    await highlighterReady(page)
    const pictureUrl = site.url('picture.svg')
    // What the "Highlight image" menu item sends the tab (a headless browser has no menu to click).
    await browser.serviceWorker.evaluate(async (srcUrl) => {
      const tabs = (
        globalThis as unknown as {
          chrome: {
            tabs: {
              query(filter: { url: string }): Promise<{ id?: number }[]>
              sendMessage(tabId: number, message: unknown): Promise<unknown>
            }
          }
        }
      ).chrome.tabs
      const [tab] = await tabs.query({ url: srcUrl.replace('picture.svg', 'offline.html') })
      await tabs.sendMessage(tab!.id!, { channel: 'inkmark:highlight-image', srcUrl })
    }, pictureUrl)
    await page.waitForSelector('img#picture.inkmark-highlight[markid][media-type="image"]')
    const marks = await storeCall<{ mediaType?: string; imageSrc?: string; imageAlt?: string }[]>(
      browser,
      'getAllMarks',
    )
    expect(marks.find((mark) => mark.mediaType === 'image')).toMatchObject({
      imageSrc: pictureUrl,
      imageAlt: 'A red square',
    })
    await page.reload()
    await highlighterReady(page)
    await page.waitForSelector('img#picture.inkmark-highlight[markid]')
    await page.close()
  })

  it('signs out and in again from the popup', async () => {
    const popup = await browser.context.newPage()
    await popup.goto(`chrome-extension://${browser.extensionId}/popup.html`)
    await popup.getByText(`Signed in as ${email}`).waitFor()
    await popup.getByRole('button', { name: 'Sign out' }).click()
    await popup.getByText('Not signed in: everything stays on this device.').waitFor()
    await popup.getByRole('button', { name: 'Sign in' }).click()
    // Not the relay this extension was built for: the address is changed under Advanced.
    await popup.getByText('Advanced').click()
    await popup.getByRole('textbox', { name: 'Server address' }).fill(relay.url)
    await popup.getByRole('textbox', { name: 'Email' }).fill(email)
    await popup.getByLabel('Password').fill('wrong password')
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByRole('alert').waitFor()
    await popup.getByLabel('Password').fill(PASSWORD)
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByText(`Signed in as ${email}`).waitFor()
    await popup.getByRole('button', { name: 'Sync now' }).click()
    await popup.getByText('Up to date').waitFor()
    await popup.close()
  })

  it('offers the strong palette and Highlight and add note in Advanced mode', async () => {
    await storeCall(browser, 'updateChromeSettings', { highlighterMode: 'EXPERT' })
    const page = await browser.context.newPage()
    await page.goto(site.url('offline.html'))
    await highlighterReady(page)
    await selectText(page, '#p3', 2, 12)
    const ui = inkmarkUi(page)
    await ui.waitFor('[data-inkmark-marker-popup] button[aria-label="Highlight orange"]')
    await ui.click({
      selector: '[data-inkmark-marker-popup] button',
      hasText: 'Highlight and add note',
    })
    const toolbox = await openedToolbox(page)
    await toolbox.getByRole('textbox', { name: 'Note' }).fill('Worth a second look')
    await toolbox.getByRole('button', { name: 'Save note' }).click()
    await expect
      .poll(async () => (await paintedHighlights(page)).map((highlight) => highlight.classes))
      .toContainEqual(expect.stringContaining('webhighlight-with-notes'))
    await storeCall(browser, 'updateChromeSettings', { highlighterMode: 'BASIC' })
    await page.close()
  })
})
