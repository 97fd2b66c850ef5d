import { describe, expect, it } from 'vitest'
import {
  DEFAULT_AI_SETTINGS,
  isEndpointConfigured,
  isValidEndpointBaseUrl,
  parseAiSettings,
} from './ai-settings'

describe('parseAiSettings', () => {
  it('gives the built-in provider and no endpoint for nothing stored or anything unreadable', () => {
    for (const raw of [undefined, null, 'builtin', 42, [], {}]) {
      expect(parseAiSettings(raw)).toEqual(DEFAULT_AI_SETTINGS)
    }
    expect(DEFAULT_AI_SETTINGS).toEqual({
      provider: 'builtin',
      endpoint: { baseUrl: '', model: '' },
    })
  })

  it('keeps a stored endpoint, trimmed, without trailing slashes, the key only when there is one', () => {
    expect(
      parseAiSettings({
        provider: 'openai-compatible',
        endpoint: { baseUrl: ' http://localhost:11434/v1/ ', model: ' llama3.2 ', apiKey: 'sk-1' },
      }),
    ).toEqual({
      provider: 'openai-compatible',
      endpoint: { baseUrl: 'http://localhost:11434/v1', model: 'llama3.2', apiKey: 'sk-1' },
    })
    expect(
      parseAiSettings({
        provider: 'off',
        endpoint: { baseUrl: 'http://x/v1', model: 'm', apiKey: '' },
      }),
    ).toEqual({ provider: 'off', endpoint: { baseUrl: 'http://x/v1', model: 'm' } })
  })

  it('replaces only the invalid parts with their defaults', () => {
    expect(
      parseAiSettings({ provider: 'cloud', endpoint: { baseUrl: 7, model: 'm', apiKey: null } }),
    ).toEqual({ provider: 'builtin', endpoint: { baseUrl: '', model: 'm' } })
    expect(parseAiSettings({ provider: 'off', endpoint: 'http://x' })).toEqual({
      provider: 'off',
      endpoint: { baseUrl: '', model: '' },
    })
  })
})

describe('endpoint checks', () => {
  it('accepts http and https URLs without credentials only', () => {
    expect(isValidEndpointBaseUrl('http://localhost:11434/v1')).toBe(true)
    expect(isValidEndpointBaseUrl('https://api.example.com/v1')).toBe(true)
    expect(isValidEndpointBaseUrl('localhost:11434')).toBe(false)
    expect(isValidEndpointBaseUrl('ftp://example.com')).toBe(false)
    expect(isValidEndpointBaseUrl('https://user:sk-secret@api.example.com/v1')).toBe(false)
    expect(isValidEndpointBaseUrl('')).toBe(false)
  })

  it('calls an endpoint configured when it has a valid URL and a model', () => {
    expect(isEndpointConfigured({ baseUrl: 'http://127.0.0.1:8080/v1', model: 'qwen' })).toBe(true)
    expect(isEndpointConfigured({ baseUrl: 'http://127.0.0.1:8080/v1', model: ' ' })).toBe(false)
  })
})
