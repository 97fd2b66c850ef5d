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
