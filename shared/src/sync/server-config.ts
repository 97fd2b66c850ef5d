// GET /config: where the backend, the backup backend and the misc server are, and how long to
// trust that answer. Tried on the main backend, then the backup backend, then the website, when an
// answer is not OK or not JSON; the result is cached with fetchedAt and its TTL
// (the spec's serverConfigJsonString), and with the main relay's origin: a cache written for
// another relay is ignored (after switching relays, the old relay's backup must not get the new
// one's calls). Only the main relay's own answer may name servers (backendUrlOverride,
// miscServerUrlOverride, backendUrlFallbackOverride): an answer from the backup or the website
// still gives the TTL and the feature flags, but its URL overrides are dropped (the website must
// not pick the backup that a self-hosted relay's calls fall back to).

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
  /** The main relay's origin (`toConfigOrigin`) the config was asked for. */
  origin?: string
}

/** Where the cache lives (local storage, chrome.storage, memory in tests). */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>
  set(key: string, value: string): Promise<void>
}

export const SERVER_CONFIG_CACHE_KEY = 'serverConfigJsonString'
/** The TTL used when a config gives none. */
export const DEFAULT_SERVER_CONFIG_TTL_MILLIS = 60 * 60 * 1000

/** An origin as the cache records it: trimmed, without trailing slashes. */
export function toConfigOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '')
}

/**
 * The cached config when it was asked for `mainOrigin` (however old); undefined for another relay's
 * cache, a cache from before origins were recorded, or a broken one.
 */
export function cachedConfigFor(
  text: string | null | undefined,
  mainOrigin: string,
): CachedServerConfig | undefined {
  if (!text) {
    return undefined
  }
  try {
    const cached = JSON.parse(text) as Partial<CachedServerConfig> | null
    if (
      typeof cached?.origin !== 'string' ||
      cached.origin !== toConfigOrigin(mainOrigin) ||
      typeof cached.fetchedAt !== 'number'
    ) {
      return undefined
    }
    const config = parseConfig(cached.config)
    return config ? { config, fetchedAt: cached.fetchedAt, origin: cached.origin } : undefined
  } catch {
    return undefined
  }
}

/** `config` without the servers it names: what an answer from another origin than the main gives. */
function withoutUrlOverrides(config: ServerConfig): ServerConfig {
  return {
    ...config,
    backendUrlOverride: null,
    miscServerUrlOverride: null,
    backendUrlFallbackOverride: null,
  }
}

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

/**
 * Reads the server config: the cached one (asked for the same main origin) while fresh, else from
 * the first origin that answers. `origins[0]` is the main relay: only its answer keeps its URL
 * overrides.
 */
export async function loadServerConfig(options: {
  origins: readonly string[]
  cache: KeyValueStore
  now: () => number
  fetch?: typeof fetch
  /** Headers for the call to `origin` (the wh- headers for the backends; none for the website). */
  headers?: (origin: string) => Record<string, string>
}): Promise<ServerConfig | undefined> {
  const first = options.origins[0]
  if (first === undefined) {
    return undefined
  }
  const mainOrigin = toConfigOrigin(first)
  // Another relay's cache, or a broken one, is refetched.
  const cached = cachedConfigFor(await options.cache.get(SERVER_CONFIG_CACHE_KEY), mainOrigin)
  if (cached && options.now() - cached.fetchedAt < cached.config.cacheTtlInMillis) {
    return cached.config
  }
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
  for (const origin of options.origins) {
    try {
      const headers = options.headers?.(origin)
      const response = await fetchImpl(
        `${toConfigOrigin(origin)}/config`,
        headers === undefined ? undefined : { headers },
      )
      if (!response.ok) {
        continue
      }
      const parsed = parseConfig(await response.json())
      if (!parsed) {
        continue
      }
      const config = toConfigOrigin(origin) === mainOrigin ? parsed : withoutUrlOverrides(parsed)
      const entry: CachedServerConfig = { config, fetchedAt: options.now(), origin: mainOrigin }
      await options.cache.set(SERVER_CONFIG_CACHE_KEY, JSON.stringify(entry))
      return config
    } catch {
      continue
    }
  }
  return undefined
}
