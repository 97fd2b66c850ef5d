import { describe, expect, it } from 'vitest'
import { RelayCallError, RelayClient, RelayErrorKind, isCredentialPath } from './relay-client'

/** A fetch where the main server is unreachable and the backup answers `{ ok: true }`. */
function mainDown(asked: string[]): typeof fetch {
  return (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    asked.push(url)
    if (url.startsWith('https://main.example')) {
      return Promise.reject(new TypeError('fetch failed'))
    }
    return Promise.resolve(Response.json({ ok: true }))
  }
}

function client(asked: string[], credentialServers?: () => readonly string[]): RelayClient {
  return new RelayClient({
    servers: () => ['https://main.example', 'https://backup.example'],
    ...(credentialServers ? { credentialServers } : {}),
    getToken: () => 'a.b.c',
    fetch: mainDown(asked),
    timeZone: () => 'UTC',
    browserType: 'chrome',
    appType: 'extension',
  })
}

describe('RelayClient credential calls', () => {
  it('knows the calls that carry a password or a reset token', () => {
    for (const path of [
      '/auth',
      '/users/register',
      '/users/change-password',
      '/password-reset',
      '/users/delete',
      '/auth?x=1',
    ]) {
      expect(isCredentialPath(path)).toBe(true)
    }
    for (const path of ['/auth/refresh-token', '/sync', '/users/userinfo/1', '/config']) {
      expect(isCredentialPath(path)).toBe(false)
    }
  })

  it('falls back to the backup for other calls', async () => {
    const asked: string[] = []
    expect(await client(asked).request('GET', '/sync')).toEqual({ ok: true })
    expect(asked).toEqual(['https://main.example/sync', 'https://backup.example/sync'])
  })

  it('never sends a credential call to the backup server', async () => {
    for (const [method, path] of [
      ['POST', '/auth'],
      ['POST', '/users/register'],
      ['POST', '/users/change-password'],
      ['POST', '/password-reset'],
      ['DELETE', '/users/delete'],
    ] as const) {
      const asked: string[] = []
      const failure = await client(asked)
        .request(method, path, { password: 'secret' })
        .catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(RelayCallError)
      expect((failure as RelayCallError).kind).toBe(RelayErrorKind.UNREACHABLE)
      expect(asked).toEqual([`https://main.example${path}`])
    }
  })

  it('keeps any call on the main server with mainServerOnly', async () => {
    const asked: string[] = []
    await expect(
      client(asked).request('GET', '/sync', undefined, { mainServerOnly: true }),
    ).rejects.toMatchObject({ kind: RelayErrorKind.UNREACHABLE })
    expect(asked).toEqual(['https://main.example/sync'])
  })

  it('sends credential calls to the credential servers when the caller names them', async () => {
    const asked: string[] = []
    const trusted = client(asked, () => ['https://main.example', 'https://build-backup.example'])
    expect(await trusted.request('POST', '/auth', { password: 'secret' })).toEqual({ ok: true })
    expect(asked).toEqual(['https://main.example/auth', 'https://build-backup.example/auth'])
  })
})
