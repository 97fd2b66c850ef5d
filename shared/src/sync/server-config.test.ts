import { describe, expect, it } from 'vitest'
import { SERVER_CONFIG_CACHE_KEY, loadServerConfig, type KeyValueStore } from './server-config'

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
