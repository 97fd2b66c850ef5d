// Ending a session end to end, with a real relay process: while two devices share the live room,
// signing out everywhere closes the room for both and they sign out (the room's refusal, not a
// REST call, does it), a password change on one device keeps that one live on its new token
// while the other is signed out, and no room URL ever carries the login token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayProcess, type RelayProcess } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { bookmark, put } from '../src/sync-entities'
import { until } from '../src/sync-snapshot'

const BOUND_MS = 10_000
const PASSWORD = 'correct horse battery'

describe('a session ended on the relay', () => {
  let relay: RelayProcess
  const devices: SyncDevice[] = []

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
  })
  afterAll(async () => {
    for (const device of devices) {
      await device.close()
    }
    await relay.dispose()
  })

  async function pair(name: string) {
    const token = await registerAccount(relay.url, `${name}@example.com`)
    const laptop = await openDevice(relay.url, token, `laptop-${name}`)
    const phone = await openDevice(relay.url, token, `phone-${name}`)
    devices.push(laptop, phone)
    for (const device of [laptop, phone]) {
      device.live.connect(device.store)
    }
    await until(() => laptop.live.synced && phone.live.synced, BOUND_MS, 'both rooms synced')
    return { token, laptop, phone }
  }

  function post(path: string, token: string, body: unknown) {
    return fetch(`${relay.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  }

  it('signs both devices out of the live room when the account signs out everywhere', async () => {
    const { token, laptop, phone } = await pair('logout-all')
    expect((await post('/users/logout-all', token, {})).status).toBe(200)
    await until(
      () => laptop.token === undefined && phone.token === undefined,
      BOUND_MS,
      'both devices signed out',
    )
    expect(laptop.live.synced).toBe(false)
    // The old token opens nothing any more, not even a ticket.
    expect((await post('/rooms/tickets', token, {})).status).toBe(401)
  })

  it('keeps the device that changed the password live on its new token, and signs out the other', async () => {
    const { token, laptop, phone } = await pair('change-password')
    const changed = await post('/users/change-password', token, {
      oldPassword: PASSWORD,
      newPassword: 'a brand new password',
    })
    expect(changed.status).toBe(200)
    const renewed = ((await changed.json()) as { token: string }).token
    laptop.token = renewed
    await until(() => phone.token === undefined, BOUND_MS, 'the phone signed out')
    // The laptop's room came back with a ticket of its new token, and still carries changes.
    await until(() => laptop.live.synced, BOUND_MS, 'the laptop rejoined the room')
    expect(laptop.token).toBe(renewed)
    const other = await openDevice(relay.url, renewed, 'tablet-change-password')
    devices.push(other)
    other.live.connect(other.store)
    await until(() => other.live.synced, BOUND_MS, 'a third device joined')
    await put(laptop, [bookmark('after-change', { isStarred: true })])
    await until(
      () => other.store.getBookmark('after-change') !== undefined,
      BOUND_MS,
      'the change reached the third device live',
    )
  })
})
