// An unreachable main server, end to end: with the main server on a closed port and the relay as
// the backup, sync works through the backup (every call tries the main server first, and every
// call carries the bearer token and the wh- headers); with both unreachable the state is
// ALL_SERVERS_OFFLINE with 'Server is not reachable', nothing is lost, and the next sync with a
// server back pushes it all. Also with the relay process itself down and started again.
import { SyncState } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { recordingFetch } from '../src/recording-fetch'
import { closedPortUrl, relayForSuite } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { bookmark, mark, put } from '../src/sync-entities'
import { deviceSnapshot, pendingOf, relayContents } from '../src/sync-snapshot'

describe('the backup server and unreachable servers', () => {
  const devices: SyncDevice[] = []
  const relay = relayForSuite(devices)

  it('syncs through the backup server when the main one is unreachable', async () => {
    const token = await registerAccount(relay().url, 'fallback@example.com')
    const main = await closedPortUrl()
    const recorder = recordingFetch()
    const laptop = await openDevice(relay().url, token, 'laptop-fallback', {
      fetch: recorder.fetch,
      servers: [main, relay().url],
    })
    const phone = await openDevice(relay().url, token, 'phone-fallback')
    devices.push(laptop, phone)

    await put(laptop, [
      bookmark('b1', { isStarred: true }),
      mark('m1', 'b1', { notes: 'through the backup' }),
    ])
    const outcome = await laptop.engine.sync()
    expect(outcome).toMatchObject({ state: SyncState.UP_TO_DATE, pushed: 2 })
    expect(laptop.notices).toEqual([])

    // Each call went to the main server first (refused), then to the backup, which answered.
    const origins = recorder.calls.map((call) => [call.method, call.origin, call.status])
    expect(origins).toEqual([
      ['GET', main, 'error'],
      ['GET', relay().url, 200],
      ['POST', main, 'error'],
      ['POST', relay().url, 200],
    ])
    for (const call of recorder.calls) {
      expect(call.headers).toMatchObject({
        authorization: `Bearer ${token}`,
        'wh-timezone': 'UTC',
        'wh-browser-type': 'chrome',
        'wh-app-type': 'test',
      })
    }

    await phone.engine.sync()
    expect(await deviceSnapshot(phone)).toEqual(await deviceSnapshot(laptop))
    expect((await relayContents(relay().url, token)).live).toEqual(await deviceSnapshot(laptop))
  })

  it('reports ALL_SERVERS_OFFLINE when no server answers, and loses nothing', async () => {
    const token = await registerAccount(relay().url, 'all-offline@example.com')
    const laptop = await openDevice(relay().url, token, 'laptop-all-offline', {
      servers: [await closedPortUrl(), await closedPortUrl()],
    })
    const phone = await openDevice(relay().url, token, 'phone-all-offline')
    devices.push(laptop, phone)

    await put(laptop, [bookmark('b1', { isStarred: true }), mark('m1', 'b1', { notes: 'kept' })])
    const outcome = await laptop.engine.sync()
    expect(outcome).toMatchObject({ state: SyncState.ALL_SERVERS_OFFLINE, pushed: 0 })
    expect(laptop.engine.getState()).toBe(SyncState.ALL_SERVERS_OFFLINE)
    expect(laptop.notices).toEqual([{ kind: 'unreachable', message: 'Server is not reachable' }])
    expect(laptop.token).toBe(token)
    expect((await pendingOf(laptop)).map((entity) => entity._id).sort()).toEqual(['b1', 'm1'])

    // Still offline on the next try; more work meanwhile.
    await put(laptop, [mark('m2', 'b1')])
    expect((await laptop.engine.sync()).state).toBe(SyncState.ALL_SERVERS_OFFLINE)

    // The relay process down as well (main and backup both the relay): still nothing lost.
    laptop.servers = [relay().url, relay().url]
    await relay().stop()
    expect((await laptop.engine.sync()).state).toBe(SyncState.ALL_SERVERS_OFFLINE)
    await relay().start()

    // A server back: everything goes up, and the other device gets it.
    expect(await laptop.engine.sync()).toMatchObject({ state: SyncState.UP_TO_DATE, pushed: 3 })
    await phone.engine.sync()
    const laptopSnapshot = await deviceSnapshot(laptop)
    expect(Object.keys(laptopSnapshot)).toHaveLength(3)
    expect(await deviceSnapshot(phone)).toEqual(laptopSnapshot)
    expect((await relayContents(relay().url, token)).live).toEqual(laptopSnapshot)
  })
})
