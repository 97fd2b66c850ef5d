// Only our own bridge content script, in a web app tab's top frame, is let in; it gets the
// library's step 1 and answers once the library is open, and nothing after its tab went away.
import { LIBRARY_BRIDGE_PORT, type BridgeMessage } from '@inkmark/shared'
import { createBookmarkFixture, openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { acceptLibraryBridge, isBridgeSender, type BridgeSender } from './library-bridge'

const asBookmark = (overrides: { _id: string; url: string }) => ({
  ...createBookmarkFixture(overrides),
  _objectStore: 'bookmarks' as const,
})

const ID = 'abcdefghijklmnopabcdefghijklmnop'
const good = { id: ID, url: 'https://app.inkmark.app/page/1', frameId: 0, tab: { id: 3 } }

describe('the library bridge sender check', () => {
  it('lets in our content script on a configured origin', () => {
    expect(isBridgeSender(good, ID)).toBe(true)
    expect(isBridgeSender({ ...good, origin: 'https://app.inkmark.app' }, ID)).toBe(true)
    // The web app this build names (a development build in unit tests: the Vite dev server).
    expect(isBridgeSender({ ...good, url: 'http://localhost:5173/' }, ID)).toBe(true)
    expect(isBridgeSender({ ...good, url: 'http://127.0.0.1:5173/' }, ID)).toBe(false)
    expect(isBridgeSender({ ...good, url: 'http://127.0.0.1:5273/' }, ID)).toBe(false)
  })

  it('keeps out other origins, frames, extensions and non-tab senders', () => {
    for (const sender of [
      undefined,
      { ...good, id: 'another-extension' },
      { ...good, url: 'https://evil.example/' },
      { ...good, url: 'http://127.0.0.1:5274/' },
      { ...good, url: 'http://app.inkmark.app/' },
      { ...good, url: 'not a url' },
      { ...good, url: undefined },
      { ...good, frameId: 2 },
      { ...good, frameId: undefined },
      { ...good, tab: undefined },
      { ...good, origin: 'https://evil.example' },
    ]) {
      expect(isBridgeSender(sender, ID), JSON.stringify(sender)).toBe(false)
    }
  })
})

/** A port as the browser hands it to onConnect, recording what the background does with it. */
function fakePort(sender: BridgeSender | undefined) {
  const messageListeners: ((message: unknown) => void)[] = []
  const disconnectListeners: (() => void)[] = []
  const port = {
    name: LIBRARY_BRIDGE_PORT,
    sender,
    posted: [] as BridgeMessage[],
    disconnected: false,
    postMessage(message: BridgeMessage) {
      port.posted.push(message)
    },
    disconnect() {
      port.disconnected = true
    },
    onMessage: {
      addListener: (listener: (message: unknown) => void) => messageListeners.push(listener),
    },
    onDisconnect: { addListener: (listener: () => void) => disconnectListeners.push(listener) },
    /** The content script sends a message. */
    send(message: unknown) {
      for (const listener of messageListeners) {
        listener(message)
      }
    },
    /** The tab goes away. */
    close() {
      for (const listener of disconnectListeners) {
        listener()
      }
    },
  }
  return port
}

describe('the background end of the bridge', () => {
  let harness: TestStore | undefined
  afterEach(async () => {
    await harness?.store.close()
    harness = undefined
  })

  it('closes a port from anyone else without opening the library or saying anything', () => {
    const port = fakePort({ ...good, url: 'https://evil.example/' })
    let opened = false
    acceptLibraryBridge(port as unknown as chrome.runtime.Port, {
      extensionId: ID,
      library: () => {
        opened = true
        return Promise.reject(new Error('not opened'))
      },
    })
    expect(port.disconnected).toBe(true)
    expect(port.posted).toEqual([])
    expect(opened).toBe(false)
  })

  it('answers our content script once the library is open, messages sent meanwhile included', async () => {
    harness = await openTestStore()
    await harness.store.createOrUpdateEntities([
      asBookmark({ _id: 'b1', url: 'https://a.example/' }),
    ])
    const store = harness.store
    const port = fakePort(good)
    acceptLibraryBridge(port as unknown as chrome.runtime.Port, {
      extensionId: ID,
      library: () => Promise.resolve(store),
    })
    // The page's step 1 (an empty library) arrives before the library is open.
    port.send({ t: 'sync1', stateVector: 'AA==', synced: [] })
    port.send({ t: 'nonsense' })
    await vi.waitFor(() =>
      expect(port.posted.map((message) => message.t)).toEqual(['sync1', 'sync2']),
    )
    expect(port.disconnected).toBe(false)
    // After the tab went away, changes are no longer sent.
    port.close()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b2', url: 'https://b.example/' })])
    expect(port.posted).toHaveLength(2)
  })
})
