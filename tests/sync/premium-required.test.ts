// HTTP 402 end to end: when a trial ends, the relay refuses the device's sync with PREMIUM_REQUIRED
// though the device's token still says trial; the device shows PREMIUM_REQUIRED, keeps every
// pending change (lastSync not advanced), and stops calling the relay. Once the account has a plan
// (written to the relay's storage as a verified webhook would) and the app says the plan changed,
// sync resumes and a second device receives everything.
import { SyncState, SyncValueKey } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { recordingFetch } from '../src/recording-fetch'
import { relayForSuite } from '../src/relay-process'
import { getStoredPlan, setStoredPlan } from '../src/relay-sqlite'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { ObjectStore, bookmark, edit, mark, put, remove } from '../src/sync-entities'
import { deviceSnapshot, keyOf, pendingOf, relayContents } from '../src/sync-snapshot'

const DAY_MS = 24 * 60 * 60 * 1000

describe('a trial that ended (HTTP 402 PREMIUM_REQUIRED)', () => {
  const devices: SyncDevice[] = []
  const relay = relayForSuite(devices)

  it('keeps every change while refused, stops retrying, and syncs it all once the plan allows', async () => {
    const email = 'trial-ended@example.com'
    const token = await registerAccount(relay().url, email)
    const calls = recordingFetch()
    const laptop = await openDevice(relay().url, token, 'laptop-402', { fetch: calls.fetch })
    devices.push(laptop)
    await put(laptop, [bookmark('b1', { isStarred: true }), mark('m1', 'b1'), bookmark('b2')])
    expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    const lastSync = laptop.store.device.getValue<number>(SyncValueKey.LAST_SYNC_DATE)

    // The trial ends on the relay (its stored plan expired yesterday); the token still says trial.
    const trial = getStoredPlan(relay().dataDir, email)
    expect(trial?.type).toBe('FREE_TRIAL')
    setStoredPlan(relay().dataDir, email, { ...trial!, expiresDateMillis: Date.now() - DAY_MS })

    await put(laptop, [mark('m2', 'b1', { notes: 'written after the trial' })])
    await edit(laptop, ObjectStore.BOOKMARKS, 'b1', { title: 'Renamed after the trial' })
    await remove(laptop, ObjectStore.BOOKMARKS, 'b2')
    const pendingBefore = (await pendingOf(laptop)).map((entity) => entity._id).sort()
    expect(pendingBefore).toEqual(['b1', 'b2', 'm2'])

    const refused = await laptop.engine.sync()
    expect(refused.state).toBe(SyncState.PREMIUM_REQUIRED)
    expect(laptop.engine.getState()).toBe(SyncState.PREMIUM_REQUIRED)
    expect(calls.calls.at(-1)).toMatchObject({ status: 402 })
    // Nothing dropped, nothing marked synced, no back-off retry armed, still signed in.
    expect((await pendingOf(laptop)).map((entity) => entity._id).sort()).toEqual(pendingBefore)
    expect(laptop.store.device.getValue<number>(SyncValueKey.LAST_SYNC_DATE)).toBe(lastSync)
    expect(laptop.engine.getPause()).toBeUndefined()
    expect(laptop.token).toBe(token)
    expect(laptop.store.getMarksForBookmark('b1').map((m) => m.notes)).toContain(
      'written after the trial',
    )
    // Syncing again (a local change, focus, the button) calls nobody until the plan changes.
    const callsWhenRefused = calls.calls.length
    expect((await laptop.engine.sync()).state).toBe(SyncState.PREMIUM_REQUIRED)
    expect(calls.calls.length).toBe(callsWhenRefused)
    // Reading the relay's copy is refused too, with the code the clients branch on.
    const pull = await fetch(`${relay().url}/sync?since=0`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(pull.status).toBe(402)
    expect(await pull.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' })

    // The account gets a plan (a verified webhook would write this), and the app says so.
    setStoredPlan(relay().dataDir, email, {
      type: 'PREMIUM',
      expiresDateMillis: Date.now() + 365 * DAY_MS,
      subscription_id: 'sub_test_402',
      userPlanDuration: '1Y',
    })
    const resumed = await laptop.engine.planChanged()
    expect(resumed.state).toBe(SyncState.UP_TO_DATE)
    expect(await pendingOf(laptop)).toEqual([])

    const phone = await openDevice(relay().url, token, 'phone-402')
    devices.push(phone)
    expect((await phone.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
    expect(await deviceSnapshot(phone)).toEqual(await deviceSnapshot(laptop))
    const contents = await relayContents(relay().url, token)
    expect(contents.live[keyOf(ObjectStore.MARKS, 'm2')]).toMatchObject({
      notes: 'written after the trial',
    })
    expect(contents.live[keyOf(ObjectStore.BOOKMARKS, 'b1')]).toMatchObject({
      title: 'Renamed after the trial',
    })
    expect(contents.live[keyOf(ObjectStore.BOOKMARKS, 'b2')]).toBeUndefined()
  })
})
