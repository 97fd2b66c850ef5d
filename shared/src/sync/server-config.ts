// GET /config: where the backend, the backup backend and the misc server are, and how long to
// trust that answer. Tried on the main backend, then the backup backend, then the website, when an
// answer is not OK or not JSON; the result is cached with fetchedAt and its TTL
// (the spec's serverConfigJsonString).

/** The server configuration the clients read. */
export interface ServerConfig {
  backendUrlOverride: string | null
  miscServerUrlOverride: string | null
  backendUrlFallbackOverride: string | null
  cacheTtlInMillis: number
  /** The isAiChatEnabled feature flag; undefined when the server did not send it. */
  isAiChatEnabled?: boolean
}

/** The cached form, stored as serverConfigJsonString. */
export interface CachedServerConfig {
  config: ServerConfig
  fetchedAt: number
}

/** Where the cache lives (local storage, chrome.storage, memory in tests). */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>
  set(key: string, value: string): Promise<void>
}

export const SERVER_CONFIG_CACHE_KEY = 'serverConfigJsonString'
/** The TTL used when a config gives none. */
export const DEFAULT_SERVER_CONFIG_TTL_MILLIS = 60 * 60 * 1000

function parseConfig(value: unknown): ServerConfig | undefined {
  if (typeof value !== 'object' || value === null) {
    return undefined
  }
  const record = value as Record<string, unknown>
  const url = (key: string) => (typeof record[key] === 'string' ? record[key] : null)
  const ttl = record.cacheTtlInMillis
  const aiChat = record.isAiChatEnabled
  return {
    ...(typeof aiChat === 'boolean' ? { isAiChatEnabled: aiChat } : {}),
    backendUrlOverride: url('backendUrlOverride'),
    miscServerUrlOverride: url('miscServerUrlOverride'),
    backendUrlFallbackOverride: url('backendUrlFallbackOverride'),
    cacheTtlInMillis:
      typeof ttl === 'number' && Number.isFinite(ttl) && ttl >= 0
        ? ttl
        : DEFAULT_SERVER_CONFIG_TTL_MILLIS,
  }
}

/** Reads the server config: the cached one while fresh, else from the first origin that answers. */
export async function loadServerConfig(options: {
  origins: readonly string[]
  cache: KeyValueStore
  now: () => number
  fetch?: typeof fetch
  /** Headers for the call to `origin` (the wh- headers for the backends; none for the website). */
  headers?: (origin: string) => Record<string, string>
}): Promise<ServerConfig | undefined> {
  const cachedText = await options.cache.get(SERVER_CONFIG_CACHE_KEY)
  if (cachedText) {
    try {
      const cached = JSON.parse(cachedText) as CachedServerConfig
      const config = parseConfig(cached.config)
      if (config && options.now() - cached.fetchedAt < config.cacheTtlInMillis) {
        return config
      }
    } catch {
      // A broken cache entry is refetched.
    }
  }
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
  for (const origin of options.origins) {
    try {
      const headers = options.headers?.(origin)
      const response = await fetchImpl(
        `${origin.replace(/\/$/, '')}/config`,
        headers === undefined ? undefined : { headers },
      )
      if (!response.ok) {
        continue
      }
      const config = parseConfig(await response.json())
      if (!config) {
        continue
      }
      const cached: CachedServerConfig = { config, fetchedAt: options.now() }
      await options.cache.set(SERVER_CONFIG_CACHE_KEY, JSON.stringify(cached))
      return config
    } catch {
      continue
    }
  }
  return undefined
}
