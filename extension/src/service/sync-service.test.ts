import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runSessionCall } from './session-calls'
import { LEGACY_SESSION_KEY, SessionStore, type LegacySessionStorage } from './session-store'
import { SyncService } from './sync-service'

/** A library the tests never reach: signing in is refused before, and signed out needs none. */
const noLibrary = () => Promise.reject(new Error('the library is not used here'))

function emptyLegacyStorage(): LegacySessionStorage {
  return { get: () => Promise.resolve({}), remove: () => Promise.resolve() }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('SyncService and the relay address', () => {
  it('refuses to send a password to an http relay beyond loopback', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in unit tests')))
    vi.stubGlobal('fetch', fetchSpy)
    const sync = new SyncService(noLibrary, { sessions: new SessionStore(new IDBFactory()) })
    await expect(
      sync.signIn('http://relay.example.org', 'reader@example.org', 'secret'),
    ).rejects.toThrow(/must start with https:\/\//)
    await expect(
      runSessionCall(sync, {
        method: 'signIn',
        args: ['http://192.168.1.2:8787', 'reader@example.org', 'secret'],
      }),
    ).rejects.toThrow(/must start with https:\/\//)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('drops a stored session whose relay is http beyond loopback and asks to sign in again', async () => {
    const sessions = new SessionStore(new IDBFactory())
    await sessions.put({ token: 'a.b.c', relayUrl: 'http://relay.example.org', email: 'r@e.org' })
    const sync = new SyncService(noLibrary, { sessions, legacyStorage: emptyLegacyStorage() })
    await sync.start()
    expect(sync.status()).toMatchObject({ signedIn: false })
    expect(sync.status().message).toMatch(/must start with https:\/\/.*sign in again/i)
    expect(await sessions.get()).toBeUndefined()
  })

  it('moves a session from chrome.storage.local on start', async () => {
    const sessions = new SessionStore(new IDBFactory())
    const removed: string[] = []
    const legacy: LegacySessionStorage = {
      get: () =>
        Promise.resolve({
          [LEGACY_SESSION_KEY]: {
            token: 'a.b.c',
            relayUrl: 'http://relay.example.org',
            email: 'r',
          },
        }),
      remove: (key) => {
        removed.push(key)
        return Promise.resolve()
      },
    }
    await new SyncService(noLibrary, { sessions, legacyStorage: legacy }).start()
    expect(removed).toEqual([LEGACY_SESSION_KEY])
  })
})
