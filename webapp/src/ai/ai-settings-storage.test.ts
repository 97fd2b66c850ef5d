import { AI_SETTINGS_LOCAL_STORAGE_KEY, DEFAULT_AI_SETTINGS } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { AI_SETTINGS_STORAGE_KEY, readAiSettings, writeAiSettings } from './ai-settings-storage'

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

describe('the AI settings of this device', () => {
  it('live under the web app key the providers name (device-local, never synced)', () => {
    expect(AI_SETTINGS_STORAGE_KEY).toBe('inkmark.aiSettings')
    expect(AI_SETTINGS_STORAGE_KEY).toBe(AI_SETTINGS_LOCAL_STORAGE_KEY)
  })

  it('read back what was written, key included', () => {
    const storage = memoryStorage()
    const settings = {
      provider: 'openai-compatible' as const,
      endpoint: { baseUrl: 'http://localhost:11434/v1', model: 'llama3.2', apiKey: 'sk-local' },
    }
    expect(writeAiSettings(storage, settings)).toBe(true)
    expect(readAiSettings(storage)).toEqual(settings)
  })

  it('are the defaults when missing, not JSON or of another shape', () => {
    const defaults = {
      provider: DEFAULT_AI_SETTINGS.provider,
      endpoint: { baseUrl: '', model: '' },
    }
    expect(readAiSettings(memoryStorage())).toEqual(defaults)
    expect(readAiSettings(memoryStorage({ [AI_SETTINGS_STORAGE_KEY]: '{not json' }))).toEqual(
      defaults,
    )
    expect(
      readAiSettings(memoryStorage({ [AI_SETTINGS_STORAGE_KEY]: '{"provider":"magic"}' })).provider,
    ).toBe(DEFAULT_AI_SETTINGS.provider)
  })

  it('say so when the browser refuses to store them', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(writeAiSettings(full, DEFAULT_AI_SETTINGS)).toBe(false)
  })
})
