// Where the Notion and Capacities routes read their settings: the misc server's configuration
// (`config.misc`, read from the environment by misc-config.ts). The real services are the
// defaults; a test points `apiBaseUrl` at a stand-in it started (misc/testing/*-stand-in.ts).
import type { RelayConfig } from '../../config'

/** Notion's production API address. */
export const NOTION_API_BASE_URL = 'https://api.notion.com'
/** Capacities' production API address. */
export const CAPACITIES_API_BASE_URL = 'https://api.capacities.io'
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

/** The part of the misc configuration these routes read (each field optional, with a default). */
interface IntegrationsConfigPart {
  misc?: {
    notion?: Partial<NotionSettings>
    capacities?: Partial<CapacitiesSettings>
  }
}

/** The Notion settings of `config`, defaults filled in. */
export function notionSettingsOf(config: RelayConfig): NotionSettings {
  const notion = (config as RelayConfig & IntegrationsConfigPart).misc?.notion ?? {}
  return {
    apiBaseUrl: notion.apiBaseUrl?.trim() || NOTION_API_BASE_URL,
    ...(notion.clientId ? { clientId: notion.clientId } : {}),
    ...(notion.clientSecret ? { clientSecret: notion.clientSecret } : {}),
    timeoutMs: notion.timeoutMs ?? INTEGRATION_TIMEOUT_MS,
  }
}

/** The Capacities settings of `config`, defaults filled in. */
export function capacitiesSettingsOf(config: RelayConfig): CapacitiesSettings {
  const capacities = (config as RelayConfig & IntegrationsConfigPart).misc?.capacities ?? {}
  return {
    apiBaseUrl: capacities.apiBaseUrl?.trim() || CAPACITIES_API_BASE_URL,
    timeoutMs: capacities.timeoutMs ?? INTEGRATION_TIMEOUT_MS,
  }
}
