import { describe, expect, it } from 'vitest'
import { installBuiltinAiStandIn } from '../testing/builtin-ai-stand-in'
import { parseAiSettings } from './ai-settings'
import { createAiProvider } from './create-ai-provider'

describe('createAiProvider', () => {
  it('gives no provider when AI is off', () => {
    expect(createAiProvider(parseAiSettings({ provider: 'off' }))).toBeUndefined()
  })

  it('gives the built-in provider on the globals of the scope it is given', async () => {
    const scope = {}
    installBuiltinAiStandIn(scope, { languageModel: { availability: 'downloading' } })
    const provider = createAiProvider(parseAiSettings({}), { scope: scope as typeof globalThis })
    expect(provider?.kind).toBe('builtin')
    expect(await provider?.availability()).toBe('downloading')
    expect(
      await createAiProvider(parseAiSettings({}), {
        scope: {} as typeof globalThis,
      })?.availability(),
    ).toBe('unavailable')
  })

  it('gives the OpenAI-compatible provider for the stored endpoint', async () => {
    const provider = createAiProvider(
      parseAiSettings({
        provider: 'openai-compatible',
        endpoint: { baseUrl: 'http://127.0.0.1:1234/v1', model: 'qwen2.5' },
      }),
    )
    expect(provider?.kind).toBe('openai-compatible')
    expect(provider?.label).toBe('qwen2.5 at 127.0.0.1:1234')
    expect(await provider?.availability()).toBe('available')
  })
})
