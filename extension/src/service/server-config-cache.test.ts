import { SERVER_CONFIG_CACHE_KEY, type KeyValueStore } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { cachedBackupUrl, configOrigins, loadExtensionServerConfig } from './server-config-cache'

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
    const stale = { config: CONFIG, fetchedAt: 0, origin: 'https://relay.inkmark.app' }
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
      origin: 'https://relay.inkmark.app',
      // The website's answer gives the TTL but names no backup.
      config: { cacheTtlInMillis: 5_000, backendUrlFallbackOverride: null },
    })
  })

  it('uses the cached config while its TTL lasts', async () => {
    const cache = memoryCache({
      [SERVER_CONFIG_CACHE_KEY]: JSON.stringify({
        config: CONFIG,
        fetchedAt: 1_000,
        origin: 'https://relay.inkmark.app',
      }),
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

  it("ignores another relay's cache: neither its config nor its backup backend is used", async () => {
    const cache = memoryCache({
      [SERVER_CONFIG_CACHE_KEY]: JSON.stringify({
        config: CONFIG,
        fetchedAt: 1_000,
        origin: 'https://relay.inkmark.app',
      }),
    })
    expect(await cachedBackupUrl(cache, 'https://relay.inkmark.app')).toBe(
      'https://backup.inkmark.app',
    )
    expect(await cachedBackupUrl(cache, 'https://self-hosted.example.org')).toBeNull()
    const asked: string[] = []
    const config = await loadExtensionServerConfig({
      relayUrl: 'https://self-hosted.example.org',
      siteUrl: 'https://inkmark.app',
      cache,
      now: () => 2_000,
      fetch: (input) => {
        asked.push(urlOf(input))
        return urlOf(input).startsWith('https://self-hosted.')
          ? Promise.reject(new TypeError('fetch failed'))
          : Promise.resolve(Response.json(CONFIG))
      },
    })
    // Relay A's backup is not asked, and the website's backup is not taken.
    expect(asked).toEqual(['https://self-hosted.example.org/config', 'https://inkmark.app/config'])
    expect(config?.backendUrlFallbackOverride).toBeNull()
    expect(await cachedBackupUrl(cache, 'https://self-hosted.example.org')).toBeNull()
  })
})
