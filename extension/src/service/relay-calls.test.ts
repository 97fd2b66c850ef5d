import { describe, expect, it } from 'vitest'
import {
  browserTypeOf,
  extensionRelayClient,
  fetchWithRelayHeaders,
  relayServers,
} from './relay-calls'

/** The address a fetch was given. */
function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
}

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const EDGE = `${CHROME} Edg/131.0.2903.86`
const OPERA = `${CHROME} OPR/115.0.0.0`
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

describe('the browser the extension runs in', () => {
  it('reads it from the user agent', () => {
    expect(browserTypeOf(CHROME)).toBe('chrome')
    expect(browserTypeOf(EDGE)).toBe('edge')
    expect(browserTypeOf(OPERA)).toBe('opera')
    expect(browserTypeOf(FIREFOX)).toBe('firefox')
  })
})

describe('the servers a call tries', () => {
  it('adds the backup the config names when the relay rule accepts it', () => {
    expect(relayServers('https://relay.inkmark.app', 'https://backup.inkmark.app')).toEqual([
      'https://relay.inkmark.app',
      'https://backup.inkmark.app',
    ])
    expect(relayServers('https://relay.inkmark.app', null)).toEqual(['https://relay.inkmark.app'])
    // Plain http beyond loopback would carry the token in the clear.
    expect(relayServers('https://relay.inkmark.app', 'http://backup.example.org')).toEqual([
      'https://relay.inkmark.app',
    ])
    expect(relayServers('https://relay.inkmark.app', 'https://relay.inkmark.app')).toEqual([
      'https://relay.inkmark.app',
    ])
  })
})

describe('the extension relay client', () => {
  it('sends the wh- headers and falls back to the backup server, but never for sign-in', async () => {
    const seen: { url: string; headers: Record<string, string> }[] = []
    const client = extensionRelayClient({
      servers: () => ['http://127.0.0.1:1', 'http://127.0.0.1:2'],
      getToken: () => 'the.token',
      userAgent: FIREFOX,
      fetch: (input, init) => {
        seen.push({ url: urlOf(input), headers: init?.headers as Record<string, string> })
        if (urlOf(input).startsWith('http://127.0.0.1:1')) {
          return Promise.reject(new TypeError('connection refused'))
        }
        return Promise.resolve(Response.json({ ok: true }))
      },
    })
    expect(await client.request('POST', '/sync', {})).toEqual({ ok: true })
    expect(seen.map((call) => call.url)).toEqual([
      'http://127.0.0.1:1/sync',
      'http://127.0.0.1:2/sync',
    ])
    expect(seen[1]!.headers).toMatchObject({
      authorization: 'Bearer the.token',
      'wh-browser-type': 'firefox',
      'wh-app-type': 'extension',
      'wh-timezone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
    seen.length = 0
    await expect(
      client.request('POST', '/auth', { email: 'a@b.c', password: 'x' }),
    ).rejects.toThrow()
    expect(seen.map((call) => call.url)).toEqual(['http://127.0.0.1:1/auth'])
  })

  it('adds the wh- headers to the calls shared code makes with its own fetch', async () => {
    const client = extensionRelayClient({
      servers: () => ['http://127.0.0.1:1'],
      getToken: () => 'the.token',
      userAgent: CHROME,
    })
    let headers: Headers | undefined
    const ticketFetch = fetchWithRelayHeaders(client, (_input, init) => {
      headers = new Headers(init?.headers)
      return Promise.resolve(Response.json({}))
    })
    await ticketFetch('http://127.0.0.1:1/rooms/tickets', {
      method: 'POST',
      headers: { authorization: 'Bearer room.token' },
    })
    expect(headers?.get('authorization')).toBe('Bearer room.token')
    expect(headers?.get('wh-browser-type')).toBe('chrome')
    expect(headers?.get('wh-app-type')).toBe('extension')
  })
})
