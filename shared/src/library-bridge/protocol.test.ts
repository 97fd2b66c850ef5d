// The bridge's messages are checked field by field on arrival: anything else is dropped.
import { describe, expect, it } from 'vitest'
import { isLibraryBridgeOrigin, LIBRARY_BRIDGE_ORIGINS, originOfUrl } from './origins'
import {
  base64ToBytes,
  bytesToBase64,
  MAX_SYNCED_ENTRIES,
  MAX_UPDATE_CHARS,
  parseBridgeMessage,
} from './protocol'

describe('bridge messages', () => {
  it('takes the four kinds in their exact shape', () => {
    expect(parseBridgeMessage({ t: 'sync1', stateVector: 'AA==', synced: [] })).not.toBeNull()
    expect(parseBridgeMessage({ t: 'sync2', update: 'AAA=' })).not.toBeNull()
    expect(
      parseBridgeMessage({ t: 'update', synced: [['marks/m1', 1_700_000_000_000]] }),
    ).not.toBeNull()
    expect(parseBridgeMessage({ t: 'update', update: 'AAAA' })).not.toBeNull()
    expect(parseBridgeMessage({ t: 'connected' })).toEqual({ t: 'connected' })
  })

  it('drops unknown kinds, extra fields, wrong types and non-base64 payloads', () => {
    for (const bad of [
      null,
      'sync1',
      [],
      { t: 'hello' },
      { t: 'sync2', update: 'AAA=', extra: 1 },
      { t: 'sync2', update: 42 },
      { t: 'sync2', update: '<script>' },
      { t: 'sync2', update: 'AAA' },
      { t: 'sync1', stateVector: 'AA==' },
      { t: 'update' },
      { t: 'update', synced: [['marks/m1']] },
      { t: 'update', synced: [['users/u1', 1]] },
      { t: 'update', synced: [['marks/', 1]] },
      { t: 'update', synced: [['marks/m1', -1]] },
      { t: 'update', synced: [['marks/m1', Number.NaN]] },
      { t: 'update', synced: [['marks/m1', '1']] },
      { t: 'update', synced: [[`marks/${'x'.repeat(300)}`, 1]] },
      { t: 'connected', more: true },
    ]) {
      expect(parseBridgeMessage(bad), JSON.stringify(bad)?.slice(0, 80)).toBeNull()
    }
  })

  it('caps the size of an update and the number of lastSync entries', () => {
    const tooLong = 'A'.repeat(MAX_UPDATE_CHARS + 4)
    expect(parseBridgeMessage({ t: 'sync2', update: tooLong })).toBeNull()
    const tooMany = Array.from({ length: MAX_SYNCED_ENTRIES + 1 }, () => ['marks/m', 1])
    expect(parseBridgeMessage({ t: 'update', synced: tooMany })).toBeNull()
  })

  it('carries bytes as base64 both ways', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 255, 10_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37) % 256)
      const text = bytesToBase64(bytes)
      expect(text).toBe(Buffer.from(bytes).toString('base64'))
      expect(base64ToBytes(text)).toEqual(bytes)
    }
  })
})

describe('bridge origins', () => {
  it('accepts exactly the configured origins, port included', () => {
    expect(isLibraryBridgeOrigin('https://app.inkmark.app')).toBe(true)
    // Loopback only when a build names it (passed as the allowed list).
    expect(isLibraryBridgeOrigin('http://127.0.0.1:5273', ['http://127.0.0.1:5273'])).toBe(true)
    for (const other of [
      'http://127.0.0.1:5173',
      'http://localhost:5173',
      'http://127.0.0.1:5273',
      'http://app.inkmark.app',
      'https://app.inkmark.app.evil.example',
      'https://evil.example',
      'http://127.0.0.1:5174',
      'http://127.0.0.1',
      'null',
      undefined,
    ]) {
      expect(isLibraryBridgeOrigin(other), String(other)).toBe(false)
    }
    expect(LIBRARY_BRIDGE_ORIGINS.every((origin) => originOfUrl(`${origin}/x`) === origin)).toBe(
      true,
    )
  })
})
