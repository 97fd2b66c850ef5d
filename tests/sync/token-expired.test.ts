// HTTP 401 end to end: a sync with an expired token, or one the relay did not sign, logs out
// (onAuthExpired clears the device's token) with 'Your token expired. Please login again.', the
// state is OFFLINE afterwards, nothing local is lost, and signing in again syncs it all.
import { SyncState } from '@inkmark/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayProcess, type RelayProcess } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { ObjectStore, bookmark, mark, put } from '../src/sync-entities'
import { deviceSnapshot, keyOf, pendingOf, relayContents } from '../src/sync-snapshot'
import { expiredCopy, wronglySignedCopy } from '../src/tokens'

const TOKEN_EXPIRED = 'Your token expired. Please login again.'

describe('an expired or invalid token (HTTP 401)', () => {
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

  it.each([
    ['an expired token', expiredCopy],
    ['a token signed with another secret', wronglySignedCopy],
  ])('%s: logs out, leaves OFFLINE and loses nothing', async (label, spoil) => {
    const token = await registerAccount(relay.url, `expired-${label.length}@example.com`)
    const device = await openDevice(relay.url, token, `laptop-401-${label.length}`)
    devices.push(device)
    await put(device, [bookmark('b1', { isStarred: true })])
    expect((await device.engine.sync()).state).toBe(SyncState.UP_TO_DATE)

    await put(device, [mark('m1', 'b1', { notes: 'written before the token went bad' })])
    const states: SyncState[] = []
    device.engine.onStateChange((state) => states.push(state))
    device.token = spoil(token)
    // The client still reads a signed-in user from the token: it calls the relay.
    expect(await device.engine.refreshState()).toBe(SyncState.NEEDS_SYNC)

    const outcome = await device.engine.sync()
    expect(outcome.state).toBe(SyncState.OFFLINE)
    expect(device.engine.getState()).toBe(SyncState.OFFLINE)
    expect(states).toEqual([SyncState.NEEDS_SYNC, SyncState.UPDATING, SyncState.OFFLINE])
    expect(device.token).toBeUndefined()
    expect(device.notices).toContainEqual({ kind: 'token-expired', message: TOKEN_EXPIRED })
    // Signed out: later syncs stay OFFLINE without calling anyone.
    expect((await device.engine.sync()).state).toBe(SyncState.OFFLINE)

    // Nothing lost: the highlight is still here and still pending.
    expect(device.store.getMarksForBookmark('b1').map((m) => m.notes)).toEqual([
      'written before the token went bad',
    ])
    expect((await pendingOf(device)).map((entity) => entity._id)).toEqual(['m1'])
    expect((await relayContents(relay.url, token)).live[keyOf(ObjectStore.MARKS, 'm1')]).toBe(
      undefined,
    )

    // Signing in again syncs it.
    device.token = token
    expect((await device.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect((await relayContents(relay.url, token)).live).toEqual(await deviceSnapshot(device))
  })
})
