// GET /config through loadServerConfig, end to end over HTTP: tried on the main backend, then the
// backup backend, then the website, moving on when an answer is not OK or not JSON (or the origin
// is unreachable); the result is cached with fetchedAt and its TTL, so a second call within the
// TTL makes no request and one after it fetches again. The real relay serves as the website.
import {
  DEFAULT_SERVER_CONFIG_TTL_MILLIS,
  SERVER_CONFIG_CACHE_KEY,
  aiChatEnabled,
  loadServerConfig,
  type KeyValueStore,
} from '@inkmark/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonAnswer, startConfigOrigins, type ConfigOrigins } from '../src/config-origins'
import { closedPortUrl, createRelayProcess, type RelayProcess } from '../src/relay-process'

const RELAY_CONFIG_TTL = 45_000

class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>()
  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.values.get(key))
  }
  set(key: string, value: string): Promise<void> {
    this.values.set(key, value)
    return Promise.resolve()
  }
}

describe('GET /config with fallback and cache', () => {
  let relay: RelayProcess
  let origins: ConfigOrigins
  const requested: string[] = []
  const countingFetch: typeof fetch = (input, init) => {
    requested.push(input instanceof Request ? input.url : String(input))
    return fetch(input, init)
  }

  beforeAll(async () => {
    relay = await createRelayProcess({ INKMARK_CONFIG_CACHE_TTL_MS: String(RELAY_CONFIG_TTL) })
    await relay.start()
    origins = await startConfigOrigins()
  })
  afterAll(async () => {
    await origins.close()
    await relay.dispose()
  })

  it('falls back from a failing main backend and a non-JSON backup to the website', async () => {
    origins.answer('main', {
      status: 503,
      contentType: 'application/json',
      body: '{"code":"UNAVAILABLE","message":"down"}',
    })
    origins.answer('backup', {
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><p>maintenance</p>',
    })
    origins.answer(
      'site',
      jsonAnswer({
        backendUrlOverride: 'https://api.example.test',
        miscServerUrlOverride: null,
        backendUrlFallbackOverride: 'https://backup.example.test',
        cacheTtlInMillis: 30_000,
      }),
    )
    const cache = new MemoryStore()
    let now = 1_000_000
    const load = () =>
      loadServerConfig({
        origins: [origins.origin('main'), origins.origin('backup'), origins.origin('site')],
        cache,
        now: () => now,
        fetch: countingFetch,
      })

    requested.length = 0
    const config = await load()
    // Only the main relay's own answer may name servers: the website's gives its TTL and flags.
    expect(config).toEqual({
      backendUrlOverride: null,
      miscServerUrlOverride: null,
      backendUrlFallbackOverride: null,
      cacheTtlInMillis: 30_000,
    })
    // A server that leaves the flag out has not enabled chat (the spec's default).
    expect(aiChatEnabled(config)).toBe(false)
    expect(requested).toEqual([
      `${origins.origin('main')}/config`,
      `${origins.origin('backup')}/config`,
      `${origins.origin('site')}/config`,
    ])
    expect(JSON.parse(cache.values.get(SERVER_CONFIG_CACHE_KEY)!)).toEqual({
      config,
      fetchedAt: 1_000_000,
      origin: origins.origin('main'),
    })

    // Within the TTL: from the cache, no request at all.
    now += 29_999
    expect(await load()).toEqual(config)
    expect(requested).toHaveLength(3)
    expect(['main', 'backup', 'site'].map((name) => origins.hits(name))).toEqual([1, 1, 1])

    // At the TTL: fetched again (the main backend is back by now, so it is the only request).
    now += 1
    origins.answer('main', jsonAnswer({ backendUrlOverride: null, cacheTtlInMillis: 10_000 }))
    const refreshed = await load()
    expect(refreshed).toEqual({
      backendUrlOverride: null,
      miscServerUrlOverride: null,
      backendUrlFallbackOverride: null,
      cacheTtlInMillis: 10_000,
    })
    expect(requested).toHaveLength(4)
    expect(origins.hits('main')).toBe(2)
    expect(JSON.parse(cache.values.get(SERVER_CONFIG_CACHE_KEY)!)).toEqual({
      config: refreshed,
      fetchedAt: 1_030_000,
      origin: origins.origin('main'),
    })
  })

  it('reaches the relay as the website when the backends are unreachable or answer HTML', async () => {
    origins.answer('html', { status: 200, contentType: 'text/html', body: '<html></html>' })
    const cache = new MemoryStore()
    let now = 5_000_000
    // One main relay for every call: the cache belongs to it.
    const main = await closedPortUrl()
    const load = () =>
      loadServerConfig({
        origins: [main, origins.origin('html'), relay.url],
        cache,
        now: () => now,
        fetch: countingFetch,
      })
    requested.length = 0
    const config = await load()
    expect(config).toEqual({
      backendUrlOverride: null,
      miscServerUrlOverride: null,
      backendUrlFallbackOverride: null,
      cacheTtlInMillis: RELAY_CONFIG_TTL,
      isAiChatEnabled: true,
    })
    expect(aiChatEnabled(config)).toBe(true)
    expect(requested).toHaveLength(3)
    expect(requested[2]).toBe(`${relay.url}/config`)

    now += RELAY_CONFIG_TTL - 1
    expect(await load()).toEqual(config)
    expect(requested).toHaveLength(3)
    now += 1
    expect(await load()).toEqual(config)
    expect(requested).toHaveLength(6)
  })

  it('refetches a broken cache entry, uses the default TTL without one, and answers undefined when nothing answers', async () => {
    const cache = new MemoryStore()
    cache.values.set(SERVER_CONFIG_CACHE_KEY, '{not json')
    origins.answer('plain', jsonAnswer({ backendUrlOverride: 'https://x.example.test' }))
    requested.length = 0
    const config = await loadServerConfig({
      origins: [origins.origin('plain')],
      cache,
      now: () => 0,
      fetch: countingFetch,
    })
    expect(config?.cacheTtlInMillis).toBe(DEFAULT_SERVER_CONFIG_TTL_MILLIS)
    expect(requested).toHaveLength(1)

    const empty = new MemoryStore()
    expect(
      await loadServerConfig({
        origins: [await closedPortUrl(), origins.origin('missing')],
        cache: empty,
        now: () => 0,
        fetch: countingFetch,
      }),
    ).toBeUndefined()
    expect(empty.values.size).toBe(0)
  })
})
