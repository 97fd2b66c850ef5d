import { describe, expect, it } from 'vitest'
import {
  RelayAddressError,
  checkRelayAddress,
  isAllowedRelayAddress,
  isLoopbackHost,
} from './relay-address'

describe('checkRelayAddress', () => {
  it('takes https anywhere and drops trailing slashes', () => {
    expect(checkRelayAddress(' https://relay.example.org/ ')).toEqual({
      ok: true,
      url: 'https://relay.example.org',
    })
    expect(checkRelayAddress('https://example.org:8443/inkmark//')).toEqual({
      ok: true,
      url: 'https://example.org:8443/inkmark',
    })
    expect(checkRelayAddress('HTTPS://Relay.Example.ORG')).toEqual({
      ok: true,
      url: 'https://relay.example.org',
    })
  })

  it('takes http only on loopback: 127.0.0.0/8, ::1 and localhost', () => {
    for (const address of [
      'http://127.0.0.1:8787',
      'http://127.45.6.7',
      'http://127.1:8787',
      'http://0x7f000001/',
      'http://localhost:8787/',
      'http://LOCALHOST',
      'http://[::1]:8787',
      'http://[0:0:0:0:0:0:0:1]/',
    ]) {
      expect(checkRelayAddress(address), address).toMatchObject({ ok: true })
    }
  })

  it('refuses http beyond loopback with a coded error and a message', () => {
    for (const address of [
      'http://relay.example.org',
      'http://192.168.1.10:8787',
      'http://10.0.0.1',
      'http://128.0.0.1',
      'http://localhost.example.org',
      'http://127.0.0.1.example.org',
      'http://[::2]',
      'http://[::ffff:127.0.0.1]',
      'http://0.0.0.0:8787',
    ]) {
      const check = checkRelayAddress(address)
      expect(check, address).toMatchObject({ ok: false, error: RelayAddressError.INSECURE })
      expect(check.ok ? '' : check.message).toMatch(/must start with https:\/\//)
    }
  })

  it('refuses what is not a web address, credentials, queries and fragments', () => {
    expect(checkRelayAddress('')).toMatchObject({ error: RelayAddressError.INVALID })
    expect(checkRelayAddress('relay.example.org')).toMatchObject({
      error: RelayAddressError.INVALID,
    })
    expect(checkRelayAddress('ftp://relay.example.org')).toMatchObject({
      error: RelayAddressError.INVALID,
    })
    expect(checkRelayAddress('javascript:alert(1)')).toMatchObject({
      error: RelayAddressError.INVALID,
    })
    expect(checkRelayAddress('ws://127.0.0.1:8787')).toMatchObject({
      error: RelayAddressError.INVALID,
    })
    expect(checkRelayAddress('https://user:secret@relay.example.org')).toMatchObject({
      error: RelayAddressError.CREDENTIALS,
    })
    expect(checkRelayAddress('https://relay.example.org/?token=x')).toMatchObject({
      error: RelayAddressError.INVALID,
    })
    expect(checkRelayAddress('https://relay.example.org/#x')).toMatchObject({
      error: RelayAddressError.INVALID,
    })
    expect(checkRelayAddress(`https://relay.example.org/${'a'.repeat(3000)}`)).toMatchObject({
      error: RelayAddressError.INVALID,
    })
  })

  it('answers the same through isAllowedRelayAddress', () => {
    expect(isAllowedRelayAddress('https://relay.example.org')).toBe(true)
    expect(isAllowedRelayAddress('http://relay.example.org')).toBe(false)
  })
})

describe('isLoopbackHost', () => {
  it('knows the loopback hosts as the URL parser writes them', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true)
    expect(isLoopbackHost('[::1]')).toBe(true)
    expect(isLoopbackHost('localhost')).toBe(true)
    expect(isLoopbackHost('127.0.0.1.nip.io')).toBe(false)
    expect(isLoopbackHost('example.org')).toBe(false)
  })
})
