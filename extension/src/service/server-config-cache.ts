// The extension's GET /config: asked of the main relay, then of the backup backend the last answer
// named, then of the website (the spec's fallback chain), and kept with fetchedAt under the
// spec's key `serverConfigJsonString` until its cacheTtlInMillis runs out. It is kept in the
// session store's database (session-store.ts `values()`), not chrome.storage.local: content
// scripts can write chrome.storage.local, and the backup address a cached config names receives
// the login token whenever the relay cannot be reached. The cache records the relay it was asked
// for: another relay's cache names no backup here, and only the relay's own answer names one.
import {
  SERVER_CONFIG_CACHE_KEY,
  cachedConfigFor,
  loadServerConfig,
  type KeyValueStore,
  type ServerConfig,
} from '@inkmark/shared'

/** The website that answers GET /config when no backend does. */
export const DEFAULT_SITE_URL = 'https://inkmark.app'

/**
 * The backup backend the config cached for `relayUrl` names, if any (read before the cache is
 * refreshed); none from a config cached for another relay.
 */
export async function cachedBackupUrl(
  cache: KeyValueStore,
  relayUrl: string,
): Promise<string | null> {
  const cached = cachedConfigFor(await cache.get(SERVER_CONFIG_CACHE_KEY), relayUrl)
  const value = cached?.config.backendUrlFallbackOverride
  return typeof value === 'string' && value !== '' ? value : null
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
  const backup = await cachedBackupUrl(options.cache, options.relayUrl)
  return loadServerConfig({
    origins: configOrigins(options.relayUrl, backup, options.siteUrl),
    cache: options.cache,
    now: options.now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
}
