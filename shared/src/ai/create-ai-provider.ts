// Turns the device's AI settings into the provider to call: the one place that decides which
// provider page text goes to, so it can only go to the one the user chose.
import type { AiProvider } from './ai-provider'
import type { AiSettings } from './ai-settings'
import { createBuiltinProvider } from './builtin-provider'
import { createOpenAiCompatibleProvider } from './openai-compatible-provider'

/** What providers may take from their surroundings: tests pass their own fetch and globals. */
export interface AiProviderEnv {
  fetch?: typeof fetch
  /** Where the built-in AI's globals are read from (globalThis by default). */
  scope?: typeof globalThis
}

/** The provider the settings choose, or undefined when the user turned AI off. */
export function createAiProvider(
  settings: AiSettings,
  env: AiProviderEnv = {},
): AiProvider | undefined {
  switch (settings.provider) {
    case 'builtin':
      return createBuiltinProvider(env.scope === undefined ? {} : { scope: env.scope })
    case 'openai-compatible':
      return createOpenAiCompatibleProvider(
        settings.endpoint,
        env.fetch === undefined ? {} : { fetch: env.fetch },
      )
    case 'off':
      return undefined
  }
}
