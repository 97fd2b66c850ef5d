// Every call the extension makes to its relay goes through the shared RelayClient (sign-in and
// registration included), so each one carries the spec's wh-timezone, wh-browser-type and
// wh-app-type headers and falls back to the backup server when the main one cannot be reached.
// This module says which browser the extension runs in (one build serves Chrome and its kin,
// another Firefox) and which servers a call tries, in order.
import { RelayClient, checkRelayAddress } from '@inkmark/shared'

/** The app type the relay sees for every extension call. */
export const EXTENSION_APP_TYPE = 'extension'

/** The browser a user agent names: firefox, edge, opera or chrome (Chromium and the rest). */
export function browserTypeOf(userAgent: string): 'firefox' | 'edge' | 'opera' | 'chrome' {
  if (/\bFirefox\//.test(userAgent)) {
    return 'firefox'
  }
  if (/\bEdg\//.test(userAgent)) {
    return 'edge'
  }
  if (/\bOPR\//.test(userAgent)) {
    return 'opera'
  }
  return 'chrome'
}

/**
 * The servers a call tries: the session's relay, then the backup the relay's GET /config names,
 * when it is an address the relay rule accepts (https, or http on loopback) and not the same one.
 */
export function relayServers(relayUrl: string, backupUrl: string | null | undefined): string[] {
  const backup = backupUrl ? checkRelayAddress(backupUrl) : undefined
  return backup?.ok && backup.url !== relayUrl ? [relayUrl, backup.url] : [relayUrl]
}

/** A relay client of the extension: its servers and token are read at each call. */
export function extensionRelayClient(options: {
  servers: () => readonly string[]
  getToken: () => string | undefined
  userAgent?: string
  fetch?: typeof fetch
}): RelayClient {
  return new RelayClient({
    servers: options.servers,
    getToken: options.getToken,
    browserType: browserTypeOf(options.userAgent ?? globalThis.navigator?.userAgent ?? ''),
    appType: EXTENSION_APP_TYPE,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
}

/**
 * A fetch for the calls shared code makes on its own (the live room's ticket): the same wh-
 * headers as the client's calls, added to the ones the caller sets.
 */
export function fetchWithRelayHeaders(client: RelayClient, fetchImpl?: typeof fetch): typeof fetch {
  return (input, init) => {
    const { authorization: _, ...relayHeaders } = client.headers()
    const headers = new Headers(init?.headers)
    for (const [name, value] of Object.entries(relayHeaders)) {
      headers.set(name, value)
    }
    return (fetchImpl ?? fetch)(input, { ...init, headers })
  }
}
