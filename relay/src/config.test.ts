import { describe, expect, it } from 'vitest'
import { DEFAULT_RELAY_HOST, DEFAULT_RELAY_PORT, readRelayConfig } from './config'

describe('readRelayConfig', () => {
  it('defaults to loopback and port 8787', () => {
    expect(readRelayConfig({})).toEqual({ host: DEFAULT_RELAY_HOST, port: DEFAULT_RELAY_PORT })
  })

  it('reads HOST and PORT', () => {
    expect(readRelayConfig({ HOST: '0.0.0.0', PORT: '9000' })).toEqual({
      host: '0.0.0.0',
      port: 9000,
    })
  })

  it('rejects an invalid port with a clear message', () => {
    expect(() => readRelayConfig({ PORT: 'eighty' })).toThrow(
      "PORT must be an integer between 0 and 65535, got 'eighty'",
    )
  })
})
