// The extension's GET /config: asked of the main relay, then of the backup backend the last answer
// named, then of the website (the spec's fallback chain), and kept with fetchedAt under the
// spec's key `serverConfigJsonString` until its cacheTtlInMillis runs out. It is kept in the
// session store's database (session-store.ts `values()`), not chrome.storage.local: content
// scripts can write chrome.storage.local, and the backup address a cached config names receives
// the login token whenever the relay cannot be reached.
import {
  SERVER_CONFIG_CACHE_KEY,
  loadServerConfig,
  type KeyValueStore,
  type ServerConfig,
} from '@inkmark/shared'

/** The website that answers GET /config when no backend does. */
export const DEFAULT_SITE_URL = 'https://inkmark.app'

/** The backup backend a cached config names, if any (read before the cache is refreshed). */
export async function cachedBackupUrl(cache: KeyValueStore): Promise<string | null> {
  const text = await cache.get(SERVER_CONFIG_CACHE_KEY)
  if (!text) {
    return null
  }
  try {
    const value = (JSON.parse(text) as { config?: { backendUrlFallbackOverride?: unknown } }).config
      ?.backendUrlFallbackOverride
    return typeof value === 'string' && value !== '' ? value : null
  } catch {
    return null
  }
}

/** The order GET /config is tried in: the relay, the backup backend, the website. */
export function configOrigins(
  relayUrl: string,
  backupUrl: string | null,
  siteUrl: string,
): string[] {
  return [...new Set([relayUrl, ...(backupUrl ? [backupUrl] : []), siteUrl])]
}

/** The server config for `relayUrl`: the cached one while fresh, else the first that answers. */
export async function loadExtensionServerConfig(options: {
  relayUrl: string
  siteUrl: string
  cache: KeyValueStore
  now: () => number
  fetch?: typeof fetch
}): Promise<ServerConfig | undefined> {
  const backup = await cachedBackupUrl(options.cache)
  return loadServerConfig({
    origins: configOrigins(options.relayUrl, backup, options.siteUrl),
    cache: options.cache,
    now: options.now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
}
