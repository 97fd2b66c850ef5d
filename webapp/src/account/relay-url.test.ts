import { describe, expect, it } from 'vitest'
import { DEFAULT_RELAY_URL, toRelayUrl } from './relay-url'

describe('toRelayUrl', () => {
  it('falls back to the local relay and drops trailing slashes', () => {
    expect(toRelayUrl(undefined)).toBe(DEFAULT_RELAY_URL)
    expect(toRelayUrl(' ')).toBe(DEFAULT_RELAY_URL)
    expect(toRelayUrl('https://relay.example.org/')).toBe('https://relay.example.org')
  })
})
