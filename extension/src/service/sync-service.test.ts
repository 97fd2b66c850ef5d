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

describe('SyncService sign-up and status changes', () => {
  it("signs up through the relay's register call and says why it was refused", async () => {
    const calls: { url: string; body: unknown }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: { body?: string }) => {
        if (url.endsWith('/config')) {
          return Promise.resolve(new Response('Not found', { status: 404 }))
        }
        calls.push({ url, body: JSON.parse(init.body ?? 'null') })
        return Promise.resolve(
          new Response(JSON.stringify({ message: 'An account with this email exists already' }), {
            status: 409,
          }),
        )
      }),
    )
    const sync = new SyncService(noLibrary, { sessions: new SessionStore(new IDBFactory()) })
    await expect(
      runSessionCall(sync, {
        method: 'signUp',
        args: ['http://127.0.0.1:8787', ' reader@example.org ', 'correct horse'],
      }),
    ).rejects.toThrow('An account with this email exists already')
    expect(calls).toEqual([
      {
        url: 'http://127.0.0.1:8787/users/register',
        body: { email: 'reader@example.org', password: 'correct horse' },
      },
    ])
    await expect(
      sync.signUp('http://relay.example.org', 'reader@example.org', 'correct horse'),
    ).rejects.toThrow(/must start with https:\/\//)
    expect(calls).toHaveLength(1)
  })

  it('never sends the password to the backup backend the config names', async () => {
    const asked: string[] = []
    const fetchImpl: typeof fetch = (input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      asked.push(url)
      if (url === 'https://relay.example.org/config') {
        return Promise.resolve(
          Response.json({
            backendUrlFallbackOverride: 'https://backup.example.org',
            cacheTtlInMillis: 60_000,
          }),
        )
      }
      if (url.startsWith('https://relay.example.org/')) {
        return Promise.reject(new TypeError('fetch failed'))
      }
      return Promise.resolve(Response.json({ token: 'a.b.c' }))
    }
    const sync = new SyncService(noLibrary, {
      sessions: new SessionStore(new IDBFactory()),
      fetch: fetchImpl,
    })
    expect((await sync.serverConfig('https://relay.example.org'))?.backendUrlFallbackOverride).toBe(
      'https://backup.example.org',
    )
    for (const call of [
      () => sync.signIn('https://relay.example.org', 'reader@example.org', 'secret'),
      () => sync.signUp('https://relay.example.org', 'reader@example.org', 'secret'),
    ]) {
      await expect(call()).rejects.toThrow()
    }
    expect(asked.filter((url) => url.startsWith('https://backup.'))).toEqual([])
    expect(asked).toEqual([
      'https://relay.example.org/config',
      'https://relay.example.org/auth',
      'https://relay.example.org/users/register',
    ])
  })

  it('tells its listener of a sign-out', async () => {
    const heard: unknown[] = []
    const sync = new SyncService(noLibrary, {
      sessions: new SessionStore(new IDBFactory()),
      onStatusChange: (status) => heard.push(status),
    })
    await sync.signOut('Your session ended.')
    expect(heard).toEqual([
      { signedIn: false, state: 'SIGNED_OUT', message: 'Your session ended.' },
    ])
  })
})

describe('what the AI panels may do', () => {
  it('signed out: the Offline plan (daily limits) and chat on, with no config fetched', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in unit tests')))
    vi.stubGlobal('fetch', fetchSpy)
    const sync = new SyncService(noLibrary, { sessions: new SessionStore(new IDBFactory()) })
    expect(await runSessionCall(sync, { method: 'getAiAccess', args: [] })).toEqual({
      plan: 'OFFLINE',
      chatEnabled: true,
    })
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('takes no arguments', async () => {
    const sync = new SyncService(noLibrary, { sessions: new SessionStore(new IDBFactory()) })
    await expect(runSessionCall(sync, { method: 'getAiAccess', args: ['x'] })).rejects.toThrow(
      'Invalid session call',
    )
  })
})

describe('the anonymous usage counts switch', () => {
  it('is on by default, turns off and on, and keeps its choice for the next worker', async () => {
    const factory = new IDBFactory()
    const sync = new SyncService(noLibrary, { sessions: new SessionStore(factory) })
    expect(await runSessionCall(sync, { method: 'getUsageCounts', args: [] })).toBe(true)
    expect(await runSessionCall(sync, { method: 'setUsageCounts', args: ['off'] })).toBe(false)
    const next = new SyncService(noLibrary, { sessions: new SessionStore(factory) })
    expect(await runSessionCall(next, { method: 'getUsageCounts', args: [] })).toBe(false)
    expect(await runSessionCall(next, { method: 'setUsageCounts', args: ['on'] })).toBe(true)
  })

  it('takes only on or off', async () => {
    const sync = new SyncService(noLibrary, { sessions: new SessionStore(new IDBFactory()) })
    await expect(
      runSessionCall(sync, { method: 'setUsageCounts', args: ['maybe'] }),
    ).rejects.toThrow('Invalid session call')
  })
})
