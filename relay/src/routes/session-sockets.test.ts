// Open room sockets end with their session: signing out everywhere, a password change elsewhere
// and the token's expiry close them, with codes y-websocket clients do not retry blindly.
import { describe, expect, it } from 'vitest'
import { SESSION_EXPIRED_CLOSE_CODE, SESSION_REVOKED_CLOSE_CODE } from '../accounts/session-sockets'
import { TOKEN_LIFETIME_SECONDS } from '../accounts/tokens'
import { buildRelay } from '../testing/build'
import { createUser, injectAs, manualClock } from '../testing/relay-harness'
import { connectRoom, listenForRooms, nextClose, whenSynced } from '../testing/ws-client'

const START = Date.UTC(2025, 2, 1, 9, 0, 0)

function closedForGood(client: ReturnType<typeof connectRoom>): Promise<number> {
  return new Promise((resolve) => {
    client.provider.once('closed', (event: { code: number }) => resolve(event.code))
  })
}

describe('room sockets of a session', () => {
  it('are closed for good when the user signs out everywhere', async () => {
    const app = await buildRelay()
    const url = await listenForRooms(app)
    const ada = await createUser(app, 'ada@example.com')
    const bob = await createUser(app, 'bob@example.com')
    const adaClient = connectRoom(url, 'library', ada.token)
    const bobClient = connectRoom(url, 'library', bob.token)
    await Promise.all([whenSynced(adaClient), whenSynced(bobClient)])
    const closed = closedForGood(adaClient)
    await injectAs(app, ada, { method: 'POST', url: '/users/logout-all' })
    expect(await closed).toBe(SESSION_REVOKED_CLOSE_CODE)
    expect(adaClient.provider.shouldConnect).toBe(false)
    expect(bobClient.provider.wsconnected).toBe(true)
  })

  it('are closed when the password is changed on another device', async () => {
    const app = await buildRelay()
    const url = await listenForRooms(app)
    const ada = await createUser(app, 'ada@example.com')
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)
    const closed = closedForGood(client)
    const changed = await injectAs(app, ada, {
      method: 'POST',
      url: '/users/change-password',
      payload: { oldPassword: 'correct horse battery', newPassword: 'a new password' },
    })
    expect(changed.statusCode).toBe(200)
    expect(await closed).toBe(SESSION_REVOKED_CLOSE_CODE)
  })

  it('are closed when their token expires, and a client without a fresh token stays out', async () => {
    const clock = manualClock(START)
    const app = await buildRelay({ now: clock.now })
    const url = await listenForRooms(app)
    const ada = await createUser(app, 'ada@example.com')
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)
    const firstClose = nextClose(client)
    const forGood = closedForGood(client)
    clock.advance(TOKEN_LIFETIME_SECONDS * 1000)
    app.services.sessions.sweep()
    expect((await firstClose) as { code: number }).toMatchObject({
      code: SESSION_EXPIRED_CLOSE_CODE,
    })
    // It tries again (the token may have been renewed), but its token expired: no ticket.
    expect(await forGood).toBe(4401)
  })

  it('stay open through a sweep while the session is valid', async () => {
    const clock = manualClock(START)
    const app = await buildRelay({ now: clock.now })
    const url = await listenForRooms(app)
    const ada = await createUser(app, 'ada@example.com')
    const client = connectRoom(url, 'library', ada.token)
    await whenSynced(client)
    clock.advance(TOKEN_LIFETIME_SECONDS * 1000 - 1000)
    app.services.sessions.sweep()
    await injectAs(app, ada, { method: 'GET', url: '/health' })
    expect(client.provider.wsconnected).toBe(true)
  })
})
