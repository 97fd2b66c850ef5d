// The extension in Debian's Firefox ESR signed in at a real relay on loopback: the sign-in keeps
// the token in the extension origin's IndexedDB (ADR 028), a highlight made there with real input
// (a mouse-drawn selection, Alt+S) reaches the relay, and another device signed in as the same
// person pulls it.
import './src/fake-indexeddb-setup'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FIREFOX_EXTENSION_DIR,
  launchFirefoxWithExtension,
  type FirefoxBrowser,
} from './src/firefox-bidi'
import {
  extensionCall,
  highlighterReady,
  paintedHighlights,
  pressShortcut,
  selectByMouse,
} from './src/firefox-page'
import { FIRST, SECOND, article, writtenSite, type WrittenSite } from './src/extension-page'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from './src/sync-device'

const PASSWORD = 'correct horse battery'

interface Status {
  signedIn: boolean
  email?: string
  state: string
}

describe('sync from Firefox ESR', () => {
  let relay: RelayProcess
  let firefox: FirefoxBrowser
  let site: WrittenSite
  let other: SyncDevice | undefined

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
    site = await writtenSite()
    firefox = await launchFirefoxWithExtension(FIREFOX_EXTENSION_DIR)
  })

  afterAll(async () => {
    await other?.close()
    await firefox?.close()
    await site?.close()
    await relay?.dispose()
  })

  it('signs in, and a highlight made in Firefox reaches the relay and another device', async () => {
    const email = `firefox-sync-${Date.now()}@example.com`
    const token = await registerAccount(relay.url, email, PASSWORD)
    const session = <T>(method: string, ...args: unknown[]) =>
      extensionCall<T>(firefox, 'inkmark:session', method, ...args)
    expect(await session<Status>('signIn', relay.url, email, PASSWORD)).toMatchObject({
      signedIn: true,
      email,
    })
    await expect.poll(async () => (await session<Status>('getStatus')).state).toBe('UP_TO_DATE')

    const url = site.url('synced.html')
    await site.write('synced.html', article([FIRST, SECOND]))
    const tab = await firefox.open(url)
    await highlighterReady(firefox, tab)
    const chosen = await selectByMouse(firefox, tab, '#p1', 0, 24)
    await pressShortcut(firefox, tab, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(firefox, tab)).length).toBe(1)
    expect((await session<Status>('syncNow')).state).toBe('UP_TO_DATE')

    // On the relay, under this account.
    const response = await fetch(`${relay.url}/marks`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const body = (await response.json()) as { text?: string }[] | { marks: { text?: string }[] }
    const onRelay = Array.isArray(body) ? body : body.marks
    expect(onRelay.map((mark) => mark.text)).toEqual([chosen])

    // Another device signed in as the same person pulls it.
    other = await openDevice(relay.url, token, 'firefox-peer')
    await other.engine.sync()
    const pulled = other.store.getAllMarks()
    expect(pulled.map((mark) => [mark.url, mark.text])).toEqual([[url, chosen]])
  })
})
