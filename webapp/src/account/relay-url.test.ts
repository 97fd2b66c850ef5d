import { RelayAddressError } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RELAY_URL,
  relayServerList,
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
