// The apps' live channel against a relay that closes its room for a limit: y-websocket alone
// would stop for good (the codes are in its no-reconnect range); the channel reports the pause
// and joins again only once the delay the relay gave has passed (fake timers and clock), then
// syncs what the relay missed.
import {
  LiveChannel,
  ObjectStore,
  SyncPauseReason,
  entityMap,
  type SyncPause,
} from '@inkmark/shared'
import { describe, expect, it, onTestFinished } from 'vitest'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import {
  buildRelayOn,
  createUser,
  entity,
  manualClock,
  openMemorySqlite,
  pullAll,
  pulledIds,
} from '../testing/relay-harness'
import { listenForRooms, waitUntil } from '../testing/ws-client'

describe('the live channel after a limit closed its room', () => {
  it('waits for the relay’s Retry-After before it joins again, then catches up', async () => {
    // One clock for the relay's buckets and the channel's pause.
    const clock = manualClock(Date.now())
    const app = await buildRelayOn(openMemorySqlite, {
      config: { limits: { roomMessagesPerAccount: { burst: 8, perMinute: 30 } } },
      now: clock.now,
    })
    const ada = await createUser(app, 'ada@example.com')
    const roomsBase = await listenForRooms(app)
    const timers: { run: () => void; ms: number }[] = []
    const pauses: SyncPause[] = []
    let synced = 0
    const doc = new Y.Doc()
    const channel = new LiveChannel({
      relayUrl: roomsBase.replace(/^ws/, 'http').replace(/\/rooms$/, ''),
      getToken: () => ada.token,
      WebSocketPolyfill: WebSocket,
      onSynced: () => {
        synced += 1
      },
      onPaused: (pause) => pauses.push(pause),
      setTimer: (run, ms) => {
        timers.push({ run, ms })
        return timers.length
      },
      clearTimer: () => undefined,
      now: clock.now,
      random: () => 0,
    })
    onTestFinished(() => channel.disconnect())
    channel.connect({ doc, shareWithRoom: () => () => undefined })
    await waitUntil(() => synced === 1, 'the channel synced')

    for (let change = 0; change < 10; change += 1) {
      entityMap(doc, ObjectStore.BOOKMARKS).set(`b${change}`, entity.bookmark(`b${change}`))
    }
    await waitUntil(() => pauses.length === 1, 'the relay closed the room for its rate')
    const [pause] = pauses
    expect(pause!.reason).toBe(SyncPauseReason.RATE_LIMITED)
    // The relay asked for 2 s (30 a minute); the channel set its timer for exactly that.
    expect(timers).toHaveLength(1)
    expect(timers[0]!.ms).toBe(2000)
    expect(pause!.retryAt - clock.now()).toBe(2000)
    expect(channel.synced).toBe(false)

    // Enough time passes for the bucket to hold a rejoin's messages, and the timer fires.
    clock.advance(60_000)
    timers[0]!.run()
    await waitUntil(() => synced === 2, 'the channel joined again')
    await waitUntil(
      async () => pulledIds(await pullAll(app, ada)).length === 10,
      'the changes the relay refused reached it after the rejoin',
    )
  })
})
