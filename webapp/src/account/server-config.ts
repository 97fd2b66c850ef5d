// GET /config for the web app: asked of the main relay, then the backup relays, then the website
// (only when the build names it, VITE_SITE_URL), with the wh- headers to the relays; cached in
// localStorage as the spec's serverConfigJsonString with fetchedAt and the config's TTL, and asked
// once for all the screens that want it. Its backendUrlFallbackOverride becomes a backup relay of
// every call but those carrying a password (relay-url.ts reads it from the cache); the cache records
// the main relay, and one written for another relay is ignored.
import {
  DEFAULT_SERVER_CONFIG_TTL_MILLIS,
  SERVER_CONFIG_CACHE_KEY,
  cachedConfigFor,
  loadServerConfig,
  type KeyValueStore,
  type ServerConfig,
} from '@inkmark/shared'
import { createRelayClient } from './account-api'
import { RELAY_URL, relayServers } from './relay-url'

/** The website of this build when it names one (VITE_SITE_URL), the last place /config is asked. */
export const CONFIG_WEBSITE_URL = ((import.meta.env.VITE_SITE_URL as string | undefined) ?? '')
  .trim()
  .replace(/\/+$/, '')

const localStorageCache: KeyValueStore = {
  get: (key) => Promise.resolve(readLocal(key)),
  set: (key, value) => {
    try {
      localStorage.setItem(key, value)
    } catch {
      // A full or blocked storage only costs a fetch next time.
    }
    return Promise.resolve()
  },
}

function readLocal(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined
  } catch {
    return undefined
  }
}

/** The last config fetched for this build's relay (however old), for a first render. */
export function cachedServerConfig(): ServerConfig | undefined {
  return RELAY_URL === ''
    ? undefined
    : cachedConfigFor(readLocal(SERVER_CONFIG_CACHE_KEY), RELAY_URL)?.config
}

/** Where GET /config is asked, in order: the relays, then the website (https only). */
export function configOrigins(
  relays: readonly string[],
  website: string = CONFIG_WEBSITE_URL,
): string[] {
  return /^https:\/\//.test(website) && !relays.includes(website)
    ? [...relays, website]
    : [...relays]
}

let loading: { config: Promise<ServerConfig | undefined>; startedAt: number } | undefined

/**
 * The server config, asked once for the screens mounted together and reused for its cache
 * lifetime (a failed ask is tried again by the next caller).
 */
export function loadWebappServerConfig(): Promise<ServerConfig | undefined> {
  const now = Date.now()
  if (loading === undefined || now - loading.startedAt >= DEFAULT_SERVER_CONFIG_TTL_MILLIS) {
    const relays = relayServers()
    // No token: /config needs none; the wh- headers go to the relays only.
    const whHeaders = createRelayClient(() => undefined).headers()
    const started = {
      config: loadServerConfig({
        origins: configOrigins(relays),
        cache: localStorageCache,
        now: () => now,
        headers: (origin) => (relays.includes(origin) ? whHeaders : {}),
      }),
      startedAt: now,
    }
    loading = started
    void started.config.then((loaded) => {
      if (loaded === undefined && loading === started) {
        loading = undefined
      }
    })
  }
  return loading.config
}
