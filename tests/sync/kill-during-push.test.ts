// The relay killed with SIGKILL in the middle of a push, then started again on the same data:
// after the next sync nothing the relay acknowledged is missing and nothing is duplicated (on the
// relay or on any device, the counts match), for POST (new entities), PUT (edits) and DELETE.
// A kill is aimed at a write call of a sync of hundreds of entities, a few milliseconds after it
// was sent; an attempt counts only if it landed mid-push (some batches of that method were
// acknowledged before the kill and the sync failed), else it is tried again on a new account.
import { SyncState } from '@inkmark/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordingFetch, type RecordingFetch } from '../src/recording-fetch'
import { createRelayProcess, type RelayProcess } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { ObjectStore, bookmark, mark, put } from '../src/sync-entities'
import {
  deviceSnapshot,
  keyOf,
  pendingOf,
  relayContents,
  settle,
  type Snapshot,
} from '../src/sync-snapshot'

const BOOKMARKS = 60
const MARKS_PER_BOOKMARK = 4
const ENTITIES = BOOKMARKS * (1 + MARKS_PER_BOOKMARK)
const MAX_ATTEMPTS = 10
const keyOfId = (id: string) =>
  keyOf(id.startsWith('b') ? ObjectStore.BOOKMARKS : ObjectStore.MARKS, id)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type WriteMethod = 'POST' | 'PUT' | 'DELETE'

interface KillReport {
  attempts: number
  acknowledgedBeforeKill: number
  /** Entities of the batch in flight that the relay had stored though it never answered. */
  storedWithoutAnswer: number
}

describe('SIGKILL of the relay during a push', () => {
  let relay: RelayProcess
  const devices: SyncDevice[] = []
  const reports: string[] = []
  let accounts = 0

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
  })
  afterAll(async () => {
    for (const device of devices) {
      await device.close()
    }
    await relay.dispose()
    console.log(reports.join('\n'))
  })

  async function setUp() {
    const token = await registerAccount(relay.url, `kill-${++accounts}@example.com`)
    const recorder = recordingFetch()
    const laptop = await openDevice(relay.url, token, `laptop-kill-${accounts}`, {
      fetch: recorder.fetch,
    })
    const phone = await openDevice(relay.url, token, `phone-kill-${accounts}`)
    devices.push(laptop, phone)
    const entities = []
    for (let b = 0; b < BOOKMARKS; b++) {
      entities.push(bookmark(`b${b}`, { isStarred: true, tags: ['kill'] }))
      for (let m = 0; m < MARKS_PER_BOOKMARK; m++) {
        entities.push(mark(`m${b}-${m}`, `b${b}`, { notes: `note ${b}/${m}`, tags: ['k'] }))
      }
    }
    await put(laptop, entities)
    return { token, recorder, laptop, phone }
  }

  /**
   * Syncs `device` and SIGKILLs the relay a few milliseconds after the `nth` `method` call left;
   * restarts the relay; answers whether the kill landed mid-push and what was acknowledged.
   */
  async function syncAndKill(
    token: string,
    device: SyncDevice,
    recorder: RecordingFetch,
    method: WriteMethod,
    nth: number,
    delayMs: number | 'after-commit',
  ) {
    let seen = 0
    let killing: Promise<void> | undefined
    const firstCall = recorder.calls.length
    if (delayMs === 'after-commit') {
      // The relay answers, then dies before the answer reaches the client.
      recorder.afterCall = async (call) => {
        if (call.method === method && ++seen === nth) {
          killing = relay.kill()
          await killing
          throw new TypeError('fetch failed: the relay died before its answer arrived')
        }
      }
    } else {
      recorder.beforeCall = (call) => {
        if (call.method === method && ++seen === nth) {
          killing = sleep(delayMs).then(() => relay.kill())
        }
      }
    }
    const outcome = await device.engine.sync()
    recorder.beforeCall = undefined
    recorder.afterCall = undefined
    await killing
    const calls = recorder.calls.slice(firstCall).filter((call) => call.method === method)
    const answered = calls.filter((call) => call.status === 200)
    const failed = calls.filter((call) => call.status === 'error')
    if (killing) {
      await relay.start()
    }
    // Straight after the restart, before any client sends anything again.
    const afterRestart = await relayContents(relay.url, token)
    const acknowledged = answered.flatMap((call) => call.stored ?? [])
    const cutOff = failed.flatMap((call) => call.ids ?? [])
    const applied = (id: string) => {
      const key = keyOfId(id)
      if (method === 'DELETE') {
        return afterRestart.tombstones.includes(key)
      }
      const entity = afterRestart.live[key]
      return method === 'POST'
        ? entity !== undefined
        : entity !== undefined && String(entity.notes).endsWith(' edited')
    }
    expect(
      acknowledged.filter((id) => !applied(id)),
      'acknowledged, lost by the kill',
    ).toEqual([])
    return {
      landed:
        killing !== undefined &&
        answered.length > 0 &&
        failed.length > 0 &&
        outcome.state === SyncState.ALL_SERVERS_OFFLINE,
      acknowledged,
      cutOff: cutOff.length,
      storedWithoutAnswer: cutOff.filter(applied).length,
    }
  }

  /** Both devices and the relay hold the same entities, each once; returns the relay's. */
  async function expectSameEverywhere(token: string, devicesOfAccount: SyncDevice[]) {
    await settle(devicesOfAccount)
    const onRelay = await relayContents(relay.url, token)
    expect(onRelay.duplicates).toEqual([])
    for (const device of devicesOfAccount) {
      const snapshot: Snapshot = await deviceSnapshot(device)
      expect(snapshot).toEqual(onRelay.live)
      const counts = device.store.getAllCount()
      expect(counts.bookmarks + counts.marks).toBe(Object.keys(onRelay.live).length)
      expect(await pendingOf(device)).toEqual([])
    }
    return onRelay
  }

  it.each<[WriteMethod, 'in flight' | 'after commit']>([
    ['POST', 'in flight'],
    ['PUT', 'in flight'],
    ['DELETE', 'in flight'],
    ['POST', 'after commit'],
    ['PUT', 'after commit'],
    ['DELETE', 'after commit'],
  ])(
    'a kill during %s (%s) loses nothing acknowledged and duplicates nothing',
    async (method, when) => {
      const report: KillReport = { attempts: 0, acknowledgedBeforeKill: 0, storedWithoutAnswer: 0 }
      for (;;) {
        report.attempts++
        expect(report.attempts, 'attempts until a kill landed mid-push').toBeLessThanOrEqual(
          MAX_ATTEMPTS,
        )
        const { token, recorder, laptop, phone } = await setUp()
        if (method !== 'POST') {
          // Everything synced first; then edit all, or delete most of it.
          expect((await laptop.engine.sync()).state).toBe(SyncState.UP_TO_DATE)
          await phone.engine.sync()
          if (method === 'PUT') {
            await put(
              laptop,
              laptop.store
                .getAllMarks()
                .map((entity) => ({ ...entity, notes: `${entity.notes} edited` })),
            )
          } else {
            await laptop.store.markEntitiesAsDeleted(
              laptop.store
                .getAllBookmarks()
                .slice(0, 45)
                .map((entity) => ({ _id: entity._id, _objectStore: ObjectStore.BOOKMARKS })),
            )
          }
        }
        const batches = Math.ceil((await pendingOf(laptop)).length / 20)
        const nth = 2 + (report.attempts % Math.max(1, batches - 2))
        const { landed, acknowledged, cutOff, storedWithoutAnswer } = await syncAndKill(
          token,
          laptop,
          recorder,
          method,
          nth,
          when === 'after commit' ? 'after-commit' : report.attempts % 4,
        )
        if (when === 'after commit') {
          // The batch whose answer was lost is on the relay all the same.
          expect(storedWithoutAnswer).toBe(cutOff)
          expect(cutOff).toBeGreaterThan(0)
        }
        const onRelay = await expectSameEverywhere(token, [laptop, phone])

        // Nothing acknowledged is missing (or, for DELETE, back) after the next syncs either.
        for (const id of acknowledged) {
          if (method === 'DELETE') {
            expect(onRelay.live[keyOfId(id)]).toBeUndefined()
          } else {
            expect(onRelay.live[keyOfId(id)]).toBeDefined()
          }
        }
        // And the end state is the whole intended one.
        const live = Object.values(onRelay.live)
        if (method === 'POST') {
          expect(live).toHaveLength(ENTITIES)
        } else if (method === 'PUT') {
          expect(live).toHaveLength(ENTITIES)
          expect(
            live
              .filter((entity) => entity._objectStore === ObjectStore.MARKS)
              .every((entity) => String(entity.notes).endsWith(' edited')),
          ).toBe(true)
        } else {
          expect(live).toHaveLength(ENTITIES - 45 * (1 + MARKS_PER_BOOKMARK))
        }
        if (landed) {
          report.acknowledgedBeforeKill = acknowledged.length
          report.storedWithoutAnswer = storedWithoutAnswer
          reports.push(
            `SIGKILL during ${method} (${when}): landed mid-push on attempt ${report.attempts}, ` +
              `${acknowledged.length} entities acknowledged before the kill, ` +
              `${cutOff} in the call cut off (${storedWithoutAnswer} of them stored by the relay ` +
              `without an answer); after restart and sync: ` +
              `${live.length} entities on the relay and on each device, no duplicates`,
          )
          break
        }
      }
    },
  )
})
