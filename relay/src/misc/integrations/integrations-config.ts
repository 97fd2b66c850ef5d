// Where the Notion and Capacities routes read their settings: the misc server's configuration
// (`config.misc`, misc-config.ts, read from the environment). The real services are the defaults
// there; a test points `apiBaseUrl` at a stand-in it started (misc/testing/*-stand-in.ts). The
// timeout is the spec's 60 s; a test may set a shorter `timeoutMs` to see a timeout quickly.
import type { RelayConfig } from '../../config'

/** How long one call to Notion or Capacities may take (spec section 7: 60 000 ms). */
export const INTEGRATION_TIMEOUT_MS = 60_000

export interface NotionSettings {
  apiBaseUrl: string
  /** The public integration's OAuth client id and secret; without them OAuth answers not_configured. */
  clientId?: string
  clientSecret?: string
  timeoutMs: number
}

export interface CapacitiesSettings {
  apiBaseUrl: string
  timeoutMs: number
}

/** A test's shorter timeout, if it set one. */
type WithTimeout = { timeoutMs?: number }

/** The Notion settings of `config`, the timeout filled in. */
export function notionSettingsOf(config: Pick<RelayConfig, 'misc'>): NotionSettings {
  const notion: RelayConfig['misc']['notion'] & WithTimeout = config.misc.notion
  return {
    apiBaseUrl: notion.apiBaseUrl,
    ...(notion.clientId ? { clientId: notion.clientId } : {}),
    ...(notion.clientSecret ? { clientSecret: notion.clientSecret } : {}),
    timeoutMs: notion.timeoutMs ?? INTEGRATION_TIMEOUT_MS,
  }
}

/** The Capacities settings of `config`, the timeout filled in. */
export function capacitiesSettingsOf(config: Pick<RelayConfig, 'misc'>): CapacitiesSettings {
  const capacities: RelayConfig['misc']['capacities'] & WithTimeout = config.misc.capacities
  return {
    apiBaseUrl: capacities.apiBaseUrl,
    timeoutMs: capacities.timeoutMs ?? INTEGRATION_TIMEOUT_MS,
  }
}
