import { describe, expect, it } from 'vitest'
import {
  SERVER_CONFIG_CACHE_KEY,
  cachedConfigFor,
  loadServerConfig,
  type KeyValueStore,
} from './server-config'

function memoryCache(): KeyValueStore & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    get: (key) => Promise.resolve(values.get(key)),
    set: (key, value) => {
      values.set(key, value)
      return Promise.resolve()
    },
  }
}

function answering(body: unknown): typeof fetch {
  return () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))
}

describe('loadServerConfig', () => {
  it('keeps the isAiChatEnabled flag the server gives, and caches it', async () => {
    const cache = memoryCache()
    const config = await loadServerConfig({
      origins: ['https://relay.example'],
      cache,
      now: () => 1000,
      fetch: answering({ cacheTtlInMillis: 60_000, isAiChatEnabled: false }),
    })
    expect(config?.isAiChatEnabled).toBe(false)
    expect(cache.values.get(SERVER_CONFIG_CACHE_KEY)).toContain('"isAiChatEnabled":false')
  })

  it('leaves the flag out when the server does not say it (or says something else)', async () => {
    const config = await loadServerConfig({
      origins: ['https://relay.example'],
      cache: memoryCache(),
      now: () => 1000,
      fetch: answering({ isAiChatEnabled: 'yes' }),
    })
    expect(config).toBeDefined()
    expect(config && 'isAiChatEnabled' in config).toBe(false)
  })
})

describe('loadServerConfig fallback chain', () => {
  it('tries the next origin when an answer is not OK or not JSON, with each origin its headers', async () => {
    const asked: { url: string; headers: Record<string, string> | undefined }[] = []
    const fetchImpl: typeof fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      asked.push({ url, headers: init?.headers as Record<string, string> | undefined })
      if (url.startsWith('https://main.example')) {
        return Promise.resolve(new Response('down', { status: 503 }))
      }
      if (url.startsWith('https://backup.example')) {
        return Promise.resolve(new Response('<html>not json</html>', { status: 200 }))
      }
      return Promise.resolve(
        new Response(JSON.stringify({ cacheTtlInMillis: 5000, backendUrlFallbackOverride: null })),
      )
    }
    const cache = memoryCache()
    const config = await loadServerConfig({
      origins: ['https://main.example', 'https://backup.example', 'https://site.example'],
      cache,
      now: () => 1000,
      fetch: fetchImpl,
      headers: (origin): Record<string, string> =>
        origin === 'https://site.example' ? {} : { 'wh-app-type': 'webapp' },
    })
    expect(config?.cacheTtlInMillis).toBe(5000)
    expect(asked.map((call) => call.url)).toEqual([
      'https://main.example/config',
      'https://backup.example/config',
      'https://site.example/config',
    ])
    expect(asked[0]?.headers).toEqual({ 'wh-app-type': 'webapp' })
    expect(asked[2]?.headers).toEqual({})
    expect(JSON.parse(cache.values.get(SERVER_CONFIG_CACHE_KEY)!)).toMatchObject({
      fetchedAt: 1000,
    })
  })

  it('answers from the cache while fresh and asks again once the TTL has passed', async () => {
    const cache = memoryCache()
    let calls = 0
    const fetchImpl: typeof fetch = () => {
      calls += 1
      return Promise.resolve(new Response(JSON.stringify({ cacheTtlInMillis: 1000 })))
    }
    const load = (now: number) =>
      loadServerConfig({
        origins: ['https://main.example'],
        cache,
        now: () => now,
        fetch: fetchImpl,
      })
    await load(0)
    await load(999)
    expect(calls).toBe(1)
    await load(1000)
    expect(calls).toBe(2)
  })
})

describe('loadServerConfig and the main relay', () => {
  const CONFIG = {
    backendUrlOverride: 'https://api.example',
    miscServerUrlOverride: 'https://misc.example',
    backendUrlFallbackOverride: 'https://backup-of-a.example',
    cacheTtlInMillis: 60_000,
  }

  it('records the main origin and ignores a cache written for another relay', async () => {
    const cache = memoryCache()
    let calls = 0
    const load = (origin: string, body: unknown) =>
      loadServerConfig({
        origins: [origin],
        cache,
        now: () => 1000,
        fetch: (...args) => {
          calls += 1
          return answering(body)(...args)
        },
      })
    await load('https://a.example/', CONFIG)
    expect(JSON.parse(cache.values.get(SERVER_CONFIG_CACHE_KEY)!)).toMatchObject({
      origin: 'https://a.example',
      fetchedAt: 1000,
    })
    // Relay A's cache, still fresh, is not relay B's: B is asked, and A's backup is gone.
    const forB = await load('https://b.example', { ...CONFIG, backendUrlFallbackOverride: null })
    expect(calls).toBe(2)
    expect(forB?.backendUrlFallbackOverride).toBeNull()
    // The same relay again: from the cache.
    await load('https://b.example', CONFIG)
    expect(calls).toBe(2)
  })

  it('ignores a cache that names no origin (written before origins were recorded)', async () => {
    const cache = memoryCache()
    cache.values.set(SERVER_CONFIG_CACHE_KEY, JSON.stringify({ config: CONFIG, fetchedAt: 1000 }))
    const config = await loadServerConfig({
      origins: ['https://a.example'],
      cache,
      now: () => 1000,
      fetch: answering({ cacheTtlInMillis: 5000 }),
    })
    expect(config?.backendUrlFallbackOverride).toBeNull()
    expect(
      cachedConfigFor(cache.values.get(SERVER_CONFIG_CACHE_KEY), 'https://a.example/'),
    ).toEqual({
      config: { ...config },
      fetchedAt: 1000,
      origin: 'https://a.example',
    })
    expect(cachedConfigFor(cache.values.get(SERVER_CONFIG_CACHE_KEY), 'https://b.example')).toBe(
      undefined,
    )
  })

  it('keeps the URL overrides of the main relay only; a backup or the website gives TTL and flags', async () => {
    const fromMain = await loadServerConfig({
      origins: ['https://a.example', 'https://site.example'],
      cache: memoryCache(),
      now: () => 0,
      fetch: answering(CONFIG),
    })
    expect(fromMain).toEqual(CONFIG)

    const cache = memoryCache()
    const fromSite = await loadServerConfig({
      origins: ['https://self-hosted.example', 'https://backup.example', 'https://site.example'],
      cache,
      now: () => 0,
      fetch: (input) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
        return url.startsWith('https://site.example')
          ? Promise.resolve(Response.json({ ...CONFIG, isAiChatEnabled: true }))
          : Promise.reject(new TypeError('fetch failed'))
      },
    })
    expect(fromSite).toEqual({
      backendUrlOverride: null,
      miscServerUrlOverride: null,
      backendUrlFallbackOverride: null,
      cacheTtlInMillis: 60_000,
      isAiChatEnabled: true,
    })
    expect(JSON.parse(cache.values.get(SERVER_CONFIG_CACHE_KEY)!)).toEqual({
      config: fromSite,
      fetchedAt: 0,
      origin: 'https://self-hosted.example',
    })
  })
})
