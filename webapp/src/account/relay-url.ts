// The relay this build talks to: VITE_RELAY_URL at build time (tests point it at their own
// relay), else the relay a developer runs locally. An address that would carry passwords and the
// login token over plain http beyond this computer is refused (shared/src/domain/relay-address.ts):
// the account forms say so, and no call or sync goes there. Calls that cannot reach it go to the
// backup relay (the spec's backup server): the one GET /config names (backendUrlFallbackOverride,
// from its cache), then the one of the build (VITE_RELAY_FALLBACK_URL), each held to the same rule.
// The config's backup counts only when the cache was written for this build's relay (and only the
// relay's own answer names one, shared/src/sync/server-config.ts); calls that carry a password go
// to the build's relays only, never to the config's backup (`credentialRelayServers`).
import {
  SERVER_CONFIG_CACHE_KEY,
  cachedConfigFor,
  checkRelayAddress,
  type RelayAddressCheck,
} from '@inkmark/shared'

/** The relay's origin when the build names none. */
export const DEFAULT_RELAY_URL = 'http://127.0.0.1:8787'

/** The relay's origin without a trailing slash; blank values fall back to the default. */
export function toRelayUrl(configured: string | undefined): string {
  const value = configured?.trim() ?? ''
  return (value === '' ? DEFAULT_RELAY_URL : value).replace(/\/+$/, '')
}

/** The configured relay, checked: its address, or why it is refused. */
export function toRelayAddress(configured: string | undefined): RelayAddressCheck {
  return checkRelayAddress(toRelayUrl(configured))
}

/** The relay of this build, checked. */
export const RELAY_ADDRESS = toRelayAddress(import.meta.env.VITE_RELAY_URL as string | undefined)

/** The relay of this build; '' when its address is refused (RELAY_ADDRESS says why). */
export const RELAY_URL = RELAY_ADDRESS.ok ? RELAY_ADDRESS.url : ''

/** An optional relay address (a backup), when given and acceptable; else undefined. */
export function toOptionalRelayUrl(configured: string | null | undefined): string | undefined {
  const value = configured?.trim() ?? ''
  if (value === '') {
    return undefined
  }
  const checked = checkRelayAddress(value.replace(/\/+$/, ''))
  return checked.ok ? checked.url : undefined
}

/** The backup relay of this build (VITE_RELAY_FALLBACK_URL), when set and acceptable. */
export const BUILD_FALLBACK_RELAY_URL = toOptionalRelayUrl(
  import.meta.env.VITE_RELAY_FALLBACK_URL as string | undefined,
)

let lastCacheText: string | null | undefined
let lastConfigFallback: string | undefined

/** The backup relay a cached config text names, when it was cached for `mainRelay`. */
export function configFallbackFrom(text: string | null, mainRelay: string): string | undefined {
  if (mainRelay === '') {
    return undefined
  }
  return toOptionalRelayUrl(cachedConfigFor(text, mainRelay)?.config.backendUrlFallbackOverride)
}

/** The backup relay the cached GET /config names (backendUrlFallbackOverride), if any. */
export function configFallbackRelayUrl(): string | undefined {
  let text: string | null
  try {
    text = localStorage.getItem(SERVER_CONFIG_CACHE_KEY)
  } catch {
    return undefined
  }
  if (text !== lastCacheText) {
    lastCacheText = text
    // A broken cache, or one written for another relay, names no backup.
    lastConfigFallback = configFallbackFrom(text, RELAY_URL)
  }
  return lastConfigFallback
}

/** `main` then the backups, each once, in order. */
export function relayServerList(main: string, backups: readonly (string | undefined)[]): string[] {
  if (main === '') {
    return []
  }
  const servers = [main]
  for (const backup of backups) {
    if (backup !== undefined && !servers.includes(backup)) {
      servers.push(backup)
    }
  }
  return servers
}

/** The relays calls may go to, main first: none when the main address is refused. */
export function relayServers(): string[] {
  return relayServerList(RELAY_URL, [configFallbackRelayUrl(), BUILD_FALLBACK_RELAY_URL])
}

/**
 * The relays a call that carries a password may go to: the build's relay, then the build's own
 * backup (named by the same build, as trusted); never the backup a GET /config answer names.
 */
export function credentialRelayServers(): string[] {
  return relayServerList(RELAY_URL, [BUILD_FALLBACK_RELAY_URL])
}
