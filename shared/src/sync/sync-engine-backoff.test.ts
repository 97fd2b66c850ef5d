// The engine and scheduler after the relay refused or failed, on a test clock and fake timers:
// after a 429 nothing is sent before its Retry-After, whoever asks (a local change, the button);
// the scheduler's retry runs at the end of the pause; other failures back off exponentially;
// a full account (507, or page contents refused for a quota) pauses with the relay's figures
// while local writes go on and stay pending.
import { afterEach, describe, expect, it } from 'vitest'
import { UserPlanType, type PlanUser } from '../domain/plan'
import { createBookmarkFixture, createPageContentFixture } from '../testing/factories'
import { trackTestStores } from '../testing/store-harness'
import { RelayClient } from './relay-client'
import { SyncPauseReason } from './sync-backoff'
import { SyncEngine } from './sync-engine'
import { SyncScheduler } from './sync-scheduler'

const stores = trackTestStores()
afterEach(() => stores.closeAll())

type Answer = (method: string) => Response

/** A relay stand-in answering each call with `answer`; counts the calls. */
function fakeRelay(answer: Answer) {
  const calls: string[] = []
  const fetchImpl: typeof fetch = (input, init) => {
    const method = init?.method ?? 'GET'
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input
    calls.push(`${method} ${new URL(url).pathname}`)
    return Promise.resolve(answer(method))
  }
  return { calls, fetch: fetchImpl }
}

const ok: Answer = (method) =>
  method === 'GET'
    ? Response.json({ entities: [], cursor: 0, hasMore: false })
    : Response.json({ stored: [], rejected: [] })

/** Fake timers: what was set, run by hand. */
function fakeTimers() {
  const timers = new Map<number, { run: () => void; ms: number }>()
  let next = 0
  return {
    timers,
    setTimer: (run: () => void, ms: number) => {
      next += 1
      timers.set(next, { run, ms })
      return next
    },
    clearTimer: (timer: unknown) => {
      timers.delete(timer as number)
    },
  }
}

async function setUp(answer: Answer) {
  const { store, clock } = await stores.harness()
  const user: PlanUser = {
    _id: 'u1',
    email: 'ada@example.com',
    premium: false,
    createdAt: clock.now(),
    userPlan: { type: UserPlanType.FREE_TRIAL, expiresDateMillis: clock.now() + 86_400_000 },
  }
  const relay = fakeRelay(answer)
  const engine = new SyncEngine({
    store,
    client: new RelayClient({
      servers: () => ['http://relay.test'],
      getToken: () => 'token',
      fetch: relay.fetch,
      browserType: 'chrome',
      appType: 'test',
    }),
    session: { getUser: () => user, onAuthExpired: () => undefined },
    now: clock.now,
    backoff: { random: () => 0 },
  })
  const timers = fakeTimers()
  const scheduler = new SyncScheduler(engine, store, {
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    now: clock.now,
  })
  return { store, clock, relay, engine, scheduler, timers }
}

describe('sync after the relay said 429', () => {
  it('sends nothing before Retry-After, then the scheduler’s retry runs and succeeds', async () => {
    let limited = true
    const { store, clock, relay, engine, scheduler, timers } = await setUp((method) =>
      limited
        ? Response.json(
            { code: 'RATE_LIMITED', message: 'Too many sync requests. Try again in 30 s.' },
            { status: 429, headers: { 'retry-after': '30' } },
          )
        : ok(method),
    )
    await scheduler.syncNow()
    expect(relay.calls).toEqual(['GET /sync'])
    const pause = engine.getPause()
    expect(pause).toEqual({ reason: SyncPauseReason.RATE_LIMITED, retryAt: clock.now() + 30_000 })
    const retry = [...timers.timers.values()]
    expect(retry.map((timer) => timer.ms)).toEqual([30_000])

    // A local change and the Sync now button within the 30 s: nothing goes out.
    await store.createOrUpdateEntities([createBookmarkFixture({ _id: 'b1', isStarred: true })])
    clock.advance(29_000)
    await scheduler.syncNow()
    await engine.sync()
    expect(relay.calls).toEqual(['GET /sync'])
    // The retry timer is armed again for the second left.
    expect([...timers.timers.values()].map((timer) => timer.ms)).toContain(1000)

    clock.advance(1000)
    limited = false
    for (const timer of [...timers.timers.values()]) {
      timer.run()
    }
    await scheduler.syncNow()
    expect(relay.calls.slice(1)).toContain('POST /sync')
    expect(engine.getPause()).toBeUndefined()
  })
})

describe('sync after other failures', () => {
  it('backs off exponentially with jitter, and starts over after a success', async () => {
    let failing = true
    const { clock, engine } = await setUp((method) =>
      failing ? Response.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 }) : ok(method),
    )
    const delays: number[] = []
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await engine.sync()
      delays.push(engine.getPause()!.retryAt - clock.now())
      expect(engine.getPause()?.reason).toBe(SyncPauseReason.FAILED)
    }
    // random() = 0: the fixed half of 2, 4, 8, 16 s.
    expect(delays).toEqual([1000, 2000, 4000, 8000])
    failing = false
    await engine.sync()
    expect(engine.getPause()).toBeUndefined()
    failing = true
    await engine.sync()
    expect(engine.getPause()!.retryAt - clock.now()).toBe(1000)
  })
})

describe('sync of a full account', () => {
  it('pauses on 507 with the relay’s figures while local writes go on', async () => {
    const message = 'Sync storage full: this account stores 1.0 MB of its 1.0 MB on this relay.'
    const { store, engine } = await setUp((method) =>
      method === 'GET'
        ? ok(method)
        : Response.json(
            { code: 'QUOTA_EXCEEDED', message, usedBytes: 1, quotaBytes: 1 },
            { status: 507 },
          ),
    )
    await store.createOrUpdateEntities([createBookmarkFixture({ _id: 'b1', isStarred: true })])
    await engine.sync()
    expect(engine.getPause()).toMatchObject({
      reason: SyncPauseReason.QUOTA_EXCEEDED,
      detail: message,
    })
    // Writing locally still works, and what was not synced stays pending.
    await store.createOrUpdateEntities([createBookmarkFixture({ _id: 'b2', isStarred: true })])
    const pending = (await store.getEntitiesThatNeedSync()).map((entity) => entity._id).sort()
    expect(pending).toEqual(['b1', 'b2'])
  })

  it('pauses with the spec’s message when page contents were refused for the plan’s quota', async () => {
    const storageFull =
      'Storage full. This page needs 6 MB, and 6 MB of your 10 MB are already used.'
    const { store, engine } = await setUp((method) => {
      if (method === 'GET') {
        return ok(method)
      }
      return Response.json({
        stored: [],
        rejected: [
          { _id: 'p1', _objectStore: 'pagecontents', message: storageFull, code: 'QUOTA_EXCEEDED' },
        ],
      })
    })
    await store.createOrUpdateEntities([
      createPageContentFixture({ _id: 'p1', content: '<p>page</p>' }),
    ])
    await engine.sync()
    expect(engine.getPause()).toMatchObject({
      reason: SyncPauseReason.QUOTA_EXCEEDED,
      detail: storageFull,
    })
    expect((await store.getEntitiesThatNeedSync()).map((entity) => entity._id)).toEqual(['p1'])
  })
})
