// Which AI provider this device uses, and the endpoint it would call. Device-local by design: the
// endpoint's API key must never leave the device, so these settings live in localStorage (web app)
// or chrome.storage.local (extension), never in the synced chromesettings, a backup or the relay.
import { z } from 'zod'

/** The provider choice: the browser's built-in AI, an OpenAI-compatible endpoint, or no AI. */
export type AiProviderChoice = 'builtin' | 'openai-compatible' | 'off'

/** An OpenAI-compatible endpoint: base URL (usually ending /v1), model and optional key. */
export interface AiEndpointSettings {
  baseUrl: string
  model: string
  /** The user's own key; stays on this device. */
  apiKey?: string
}

/** The AI settings of one device. */
export interface AiSettings {
  provider: AiProviderChoice
  endpoint: AiEndpointSettings
}

/** Where the web app keeps its AI settings (localStorage). */
export const AI_SETTINGS_LOCAL_STORAGE_KEY = 'inkmark.aiSettings'
/** Where the extension keeps its AI settings (chrome.storage.local). */
export const AI_SETTINGS_EXTENSION_STORAGE_KEY = 'aiSettings'
/** A base URL to suggest as an example: Ollama's OpenAI-compatible API on this machine. */
export const EXAMPLE_ENDPOINT_BASE_URL = 'http://localhost:11434/v1'

/** Settings of a device that never chose: the browser's built-in AI, no endpoint. */
export const DEFAULT_AI_SETTINGS: AiSettings = Object.freeze({
  provider: 'builtin',
  endpoint: Object.freeze({ baseUrl: '', model: '' }),
})

const text = z.string().trim().catch('')

const AiSettingsSchema = z.object({
  provider: z.enum(['builtin', 'openai-compatible', 'off']).catch(DEFAULT_AI_SETTINGS.provider),
  endpoint: z
    .object({ baseUrl: text, model: text, apiKey: text })
    .catch({ baseUrl: '', model: '', apiKey: '' }),
})

/** Reads stored AI settings; anything missing or invalid takes its default. Never throws. */
export function parseAiSettings(raw: unknown): AiSettings {
  const parsed = AiSettingsSchema.safeParse(typeof raw === 'object' && raw !== null ? raw : {})
  if (!parsed.success) {
    return { provider: DEFAULT_AI_SETTINGS.provider, endpoint: { baseUrl: '', model: '' } }
  }
  const { provider, endpoint } = parsed.data
  return {
    provider,
    endpoint: {
      baseUrl: withoutTrailingSlashes(endpoint.baseUrl),
      model: endpoint.model,
      ...(endpoint.apiKey === '' ? {} : { apiKey: endpoint.apiKey }),
    },
  }
}

/**
 * Whether `baseUrl` can name an endpoint: http or https, with no user name or password in it (a
 * key goes in the Authorization header, never in a URL).
 */
export function isValidEndpointBaseUrl(baseUrl: string): boolean {
  const url = parseUrl(baseUrl)
  return (
    url !== undefined &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === ''
  )
}

/** Whether the endpoint settings are complete enough to call: a valid base URL and a model. */
export function isEndpointConfigured(endpoint: AiEndpointSettings): boolean {
  return isValidEndpointBaseUrl(endpoint.baseUrl) && endpoint.model.trim() !== ''
}

function withoutTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '')
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}
