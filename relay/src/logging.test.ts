// The relay's log never holds a secret: query values (tickets, confirmation tokens, emails) and
// Authorization headers are redacted, at the log level the relay runs with by default.
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createRelay } from './app'
import { openSqliteStorage } from './storage/sqlite-storage'
import { testConfig } from './testing/build'
import { REDACTED, redactUrl } from './logging'

describe('redactUrl', () => {
  it('keeps the path and the parameter names, not the values', () => {
    expect(redactUrl('/rooms/library?ticket=abc&x=1')).toBe(
      `/rooms/library?ticket=${REDACTED}&x=${REDACTED}`,
    )
    expect(redactUrl('/health')).toBe('/health')
  })
})

describe('the relay log', () => {
  it('holds no token, ticket or email from URLs and headers', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'))
        done()
      },
    })
    const app = await createRelay({
      config: testConfig(),
      storage: openSqliteStorage(':memory:'),
      version: 'test',
      logger: { level: 'info', stream },
    })
    await app.ready()
    const secrets: string[] = []
    try {
      const register = await app.inject({
        method: 'POST',
        url: '/users/register',
        payload: { email: 'ada@example.com', password: 'correct horse battery' },
      })
      const token = register.json<{ token: string }>().token
      const authorization = `Bearer ${token}`
      const ticket = await app.inject({
        method: 'POST',
        url: '/rooms/tickets',
        headers: { authorization },
      })
      const ticketValue = ticket.json<{ ticket: string }>().ticket
      secrets.push(token, token.split('.')[2]!, ticketValue)
      await app.inject({ method: 'GET', url: `/rooms/library?ticket=${ticketValue}` })
      await app.inject({ method: 'GET', url: '/users/confirm-email?token=confirm-secret-123456' })
      await app.inject({ method: 'POST', url: '/users/reset-password?email=ada%40example.com' })
      await app.inject({ method: 'GET', url: '/sync?since=0', headers: { authorization } })
      await app.inject({ method: 'GET', url: '/rooms/library?token=legacy-token-in-url' })
    } finally {
      await app.close()
    }
    const log = lines.join('')
    expect(log).toContain('/rooms/library?ticket=[redacted]')
    expect(log).toContain('/users/confirm-email?token=[redacted]')
    for (const secret of [
      'confirm-secret-123456',
      'ada%40example.com',
      'ada@example.com',
      'legacy-token-in-url',
      ...secrets,
    ]) {
      expect(log).not.toContain(secret)
    }
  })
})
