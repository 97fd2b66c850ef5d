import { SERVER_CONFIG_CACHE_KEY, type KeyValueStore } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { configOrigins, loadExtensionServerConfig } from './server-config-cache'

/** The address a fetch was given. */
function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
}

function memoryCache(initial: Record<string, string> = {}): KeyValueStore & {
  values: Map<string, string>
} {
  const values = new Map(Object.entries(initial))
  return {
    values,
    get: (key) => Promise.resolve(values.get(key)),
    set: (key, value) => {
      values.set(key, value)
      return Promise.resolve()
    },
  }
}

const CONFIG = {
  backendUrlOverride: null,
  miscServerUrlOverride: null,
  backendUrlFallbackOverride: 'https://backup.inkmark.app',
  cacheTtlInMillis: 60_000,
}

describe('GET /config in the extension', () => {
  it('is asked of the relay, then the backup backend, then the website', () => {
    expect(
      configOrigins(
        'https://relay.inkmark.app',
        'https://backup.inkmark.app',
        'https://inkmark.app',
      ),
    ).toEqual(['https://relay.inkmark.app', 'https://backup.inkmark.app', 'https://inkmark.app'])
    expect(configOrigins('https://relay.inkmark.app', null, 'https://inkmark.app')).toEqual([
      'https://relay.inkmark.app',
      'https://inkmark.app',
    ])
  })

  it('falls back along the chain when an answer is not OK or not JSON, and caches with fetchedAt', async () => {
    const stale = { config: CONFIG, fetchedAt: 0 }
    const cache = memoryCache({ [SERVER_CONFIG_CACHE_KEY]: JSON.stringify(stale) })
    const asked: string[] = []
    const config = await loadExtensionServerConfig({
      relayUrl: 'https://relay.inkmark.app',
      siteUrl: 'https://inkmark.app',
      cache,
      now: () => 1_000_000,
      fetch: (input) => {
        asked.push(urlOf(input))
        if (urlOf(input).startsWith('https://relay.')) {
          return Promise.resolve(new Response('Bad gateway', { status: 502 }))
        }
        if (urlOf(input).startsWith('https://backup.')) {
          return Promise.resolve(new Response('<html>not json</html>', { status: 200 }))
        }
        return Promise.resolve(Response.json({ ...CONFIG, cacheTtlInMillis: 5_000 }))
      },
    })
    expect(asked).toEqual([
      'https://relay.inkmark.app/config',
      'https://backup.inkmark.app/config',
      'https://inkmark.app/config',
    ])
    expect(config?.cacheTtlInMillis).toBe(5_000)
    expect(JSON.parse(cache.values.get(SERVER_CONFIG_CACHE_KEY)!)).toMatchObject({
      fetchedAt: 1_000_000,
      config: { cacheTtlInMillis: 5_000 },
    })
  })

  it('uses the cached config while its TTL lasts', async () => {
    const cache = memoryCache({
      [SERVER_CONFIG_CACHE_KEY]: JSON.stringify({ config: CONFIG, fetchedAt: 1_000 }),
    })
    const config = await loadExtensionServerConfig({
      relayUrl: 'https://relay.inkmark.app',
      siteUrl: 'https://inkmark.app',
      cache,
      now: () => 1_000 + 59_999,
      fetch: () => Promise.reject(new Error('not asked')),
    })
    expect(config?.backendUrlFallbackOverride).toBe('https://backup.inkmark.app')
  })
})
