import { RelayAddressError } from '@inkmark/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_RELAY_URL,
  RELAY_URL,
  configFallbackFrom,
  credentialRelayServers,
  relayServerList,
  relayServers,
  toOptionalRelayUrl,
  toRelayAddress,
  toRelayUrl,
} from './relay-url'

describe('toRelayUrl', () => {
  it('falls back to the local relay and drops trailing slashes', () => {
    expect(toRelayUrl(undefined)).toBe(DEFAULT_RELAY_URL)
    expect(toRelayUrl(' ')).toBe(DEFAULT_RELAY_URL)
    expect(toRelayUrl('https://relay.example.org/')).toBe('https://relay.example.org')
  })
})

describe('toRelayAddress', () => {
  it('takes the local relay over http and any relay over https', () => {
    expect(toRelayAddress(undefined)).toEqual({ ok: true, url: DEFAULT_RELAY_URL })
    expect(toRelayAddress('https://relay.example.org/')).toEqual({
      ok: true,
      url: 'https://relay.example.org',
    })
  })

  it('refuses a build whose relay is plain http beyond this computer', () => {
    const check = toRelayAddress('http://relay.example.org')
    expect(check).toMatchObject({ ok: false, error: RelayAddressError.INSECURE })
    expect(check.ok ? '' : check.message).toMatch(/must start with https:\/\//)
  })
})

describe('the backup relays', () => {
  it('lists the main relay first, then each acceptable backup once', () => {
    expect(
      relayServerList('https://relay.example', [
        'https://backup.example',
        undefined,
        'https://backup.example',
      ]),
    ).toEqual(['https://relay.example', 'https://backup.example'])
    expect(relayServerList('', ['https://backup.example'])).toEqual([])
  })

  it('holds a backup address to the same rule as the main one', () => {
    expect(toOptionalRelayUrl('https://backup.example/')).toBe('https://backup.example')
    expect(toOptionalRelayUrl('http://127.0.0.1:9999')).toBe('http://127.0.0.1:9999')
    expect(toOptionalRelayUrl('http://backup.example')).toBeUndefined()
    expect(toOptionalRelayUrl('')).toBeUndefined()
    expect(toOptionalRelayUrl(null)).toBeUndefined()
  })
})

describe('configFallbackFrom', () => {
  const cache = (origin: string | undefined) =>
    JSON.stringify({
      config: {
        backendUrlOverride: null,
        miscServerUrlOverride: null,
        backendUrlFallbackOverride: 'https://backup.example.org',
        cacheTtlInMillis: 60_000,
      },
      fetchedAt: 1,
      ...(origin === undefined ? {} : { origin }),
    })

  it('names the backup of a config cached for this relay', () => {
    expect(
      configFallbackFrom(cache('https://relay.example.org'), 'https://relay.example.org'),
    ).toBe('https://backup.example.org')
  })

  it("ignores another relay's cache, one without an origin, a broken one, and a refused relay", () => {
    expect(
      configFallbackFrom(cache('https://other.example.org'), 'https://relay.example.org'),
    ).toBe(undefined)
    expect(configFallbackFrom(cache(undefined), 'https://relay.example.org')).toBeUndefined()
    expect(configFallbackFrom('{not json', 'https://relay.example.org')).toBeUndefined()
    expect(configFallbackFrom(null, 'https://relay.example.org')).toBeUndefined()
    expect(configFallbackFrom(cache(''), '')).toBeUndefined()
  })
})

describe('credentialRelayServers', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("never includes the backup a cached config names (the build's relays only)", () => {
    const text = JSON.stringify({
      config: { backendUrlFallbackOverride: 'https://config-backup.example.org' },
      fetchedAt: Date.now(),
      origin: RELAY_URL,
    })
    vi.stubGlobal('localStorage', { getItem: () => text })
    // Other calls may fall back to it; a call carrying a password may not.
    expect(relayServers()).toContain('https://config-backup.example.org')
    expect(credentialRelayServers()).not.toContain('https://config-backup.example.org')
    expect(credentialRelayServers()[0]).toBe(RELAY_URL)
  })
})
