import { describe, expect, it } from 'vitest'
import { retryAfterOf } from './integration-error'
import {
  INTEGRATION_TIMEOUT_MS,
  capacitiesSettingsOf,
  notionSettingsOf,
} from './integrations-config'
import { defaultMiscConfig } from '../misc-config'

const now = Date.UTC(2026, 10, 26)

describe('retryAfterOf', () => {
  it('reads seconds or an HTTP date, at least 1 s, and nothing from nonsense', () => {
    expect(retryAfterOf('30', now)).toBe(30)
    expect(retryAfterOf('0', now)).toBe(1)
    expect(retryAfterOf(new Date(now + 2_500).toUTCString(), now)).toBe(2)
    expect(retryAfterOf('soon', now)).toBeUndefined()
    expect(retryAfterOf(null, now)).toBeUndefined()
  })
})

describe('integration settings', () => {
  it('default to the real services with the spec’s 60 s timeout and no OAuth client', () => {
    const misc = defaultMiscConfig()
    expect(notionSettingsOf({ misc })).toEqual({
      apiBaseUrl: 'https://api.notion.com',
      timeoutMs: INTEGRATION_TIMEOUT_MS,
    })
    expect(capacitiesSettingsOf({ misc })).toEqual({
      apiBaseUrl: 'https://api.capacities.io',
      timeoutMs: 60_000,
    })
  })
})
