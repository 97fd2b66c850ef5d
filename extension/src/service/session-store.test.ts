import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import {
  LEGACY_SESSION_KEY,
  SESSION_DATABASE,
  SessionStore,
  type LegacySessionStorage,
  type Session,
} from './session-store'

const SESSION: Session = {
  token: 'header.payload.signature',
  relayUrl: 'https://relay.example.org',
  email: 'reader@example.org',
}

/** chrome.storage.local's get and remove over a Map. */
function legacyStorage(entries: Record<string, unknown> = {}) {
  const items = new Map(Object.entries(entries))
  const storage: LegacySessionStorage = {
    get: (key) => Promise.resolve(items.has(key) ? { [key]: items.get(key) } : {}),
    remove: (key) => {
      items.delete(key)
      return Promise.resolve()
    },
  }
  return { items, storage }
}

describe('SessionStore', () => {
  it('keeps a session until it is deleted, in its own database', async () => {
    const factory = new IDBFactory()
    const sessions = new SessionStore(factory)
    expect(await sessions.get()).toBeUndefined()
    await sessions.put({ ...SESSION, extra: 'not kept' } as Session)
    expect(await new SessionStore(factory).get()).toEqual(SESSION)
    const databases = await factory.databases()
    expect(databases.map((database) => database.name)).toEqual([SESSION_DATABASE])
    await sessions.delete()
    expect(await new SessionStore(factory).get()).toBeUndefined()
  })

  it('moves a session out of chrome.storage.local and removes it there', async () => {
    const sessions = new SessionStore(new IDBFactory())
    const { items, storage } = legacyStorage({ [LEGACY_SESSION_KEY]: SESSION, other: 1 })
    expect(await sessions.moveFrom(storage)).toBe(true)
    expect(await sessions.get()).toEqual(SESSION)
    expect([...items.keys()]).toEqual(['other'])
    // The next start finds nothing to move.
    expect(await sessions.moveFrom(storage)).toBe(false)
    expect(await sessions.get()).toEqual(SESSION)
  })

  it('keeps the newer session when one is already kept, and still cleans the old place', async () => {
    const sessions = new SessionStore(new IDBFactory())
    const newer = { ...SESSION, token: 'newer.token.here' }
    await sessions.put(newer)
    const { items, storage } = legacyStorage({ [LEGACY_SESSION_KEY]: SESSION })
    expect(await sessions.moveFrom(storage)).toBe(true)
    expect(await sessions.get()).toEqual(newer)
    expect(items.size).toBe(0)
  })

  it('removes what is not a session from chrome.storage.local without keeping it', async () => {
    const sessions = new SessionStore(new IDBFactory())
    const { items, storage } = legacyStorage({ [LEGACY_SESSION_KEY]: { token: 42 } })
    expect(await sessions.moveFrom(storage)).toBe(true)
    expect(await sessions.get()).toBeUndefined()
    expect(items.size).toBe(0)
  })
})

describe('values kept beside the session', () => {
  it('keeps the config cache under its own key, apart from the session and past a sign-out', async () => {
    const sessions = new SessionStore(new IDBFactory())
    const values = sessions.values()
    expect(await values.get('serverConfigJsonString')).toBeUndefined()
    await values.set('serverConfigJsonString', '{"fetchedAt":1}')
    await sessions.put(SESSION)
    await sessions.delete()
    expect(await sessions.get()).toBeUndefined()
    expect(await values.get('serverConfigJsonString')).toBe('{"fetchedAt":1}')
  })

  it('keeps the time of the last plan check with the session', async () => {
    const sessions = new SessionStore(new IDBFactory())
    await sessions.put({ ...SESSION, planCheckedAt: 1234 })
    expect(await sessions.get()).toEqual({ ...SESSION, planCheckedAt: 1234 })
  })
})
