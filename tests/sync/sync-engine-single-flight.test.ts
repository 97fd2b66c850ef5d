// The engine's single flight and its states, against a fake fetch of our own relay client (the real
// relay paths are covered by the other files): one run at a time, a second request queued and run
// once after the run under way, a third during the same run sharing the queued one; UPDATING while
// a run is under way (over pending entities and over a previous server error), and the states of
// the other facts with their precedence.
import {
  RelayClient,
  SyncEngine,
  SyncState,
  UserPlanType,
  openLocalStore,
  type LocalStore,
  type PlanUser,
} from '@inkmark/shared'
import { afterEach, describe, expect, it } from 'vitest'
import { bookmark } from '../src/sync-entities'
import { until } from '../src/sync-snapshot'

const TRIAL_USER: PlanUser = {
  _id: 'user-1',
  email: 'user@example.com',
  premium: false,
  createdAt: Date.now(),
  userPlan: { type: UserPlanType.FREE_TRIAL, expiresDateMillis: Date.now() + 86_400_000 },
}
const FREE_USER: PlanUser = { ...TRIAL_USER, userPlan: null }

interface Call {
  method: string
  path: string
}

/** A relay stand-in: GET /sync answers nothing new; writes store everything. Calls can be held. */
class FakeRelay {
  readonly calls: Call[] = []
  /** Answer with this status instead (e.g. 500); undefined answers normally. */
  failWith: number | undefined
  unreachable = false
  private held: (() => void)[] = []
  holdCalls = false

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const method = init?.method ?? 'GET'
    this.calls.push({ method, path: url.pathname })
    if (this.holdCalls) {
      await new Promise<void>((resolve) => this.held.push(resolve))
    }
    if (this.unreachable) {
      throw new TypeError('fetch failed')
    }
    if (this.failWith !== undefined) {
      return Response.json({ code: 'internal', message: 'boom' }, { status: this.failWith })
    }
    if (method === 'GET') {
      return Response.json({ entities: [], cursor: 0, hasMore: false })
    }
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
      entities: { _id: string }[]
    }
    return Response.json({ stored: body.entities.map((entity) => entity._id), rejected: [] })
  }

  /** Lets the calls held so far go on (new ones are still held). */
  releaseHeld(): void {
    for (const resume of this.held.splice(0)) {
      resume()
    }
  }

  /** Lets every held call go on (and stops holding new ones). */
  release(): void {
    this.holdCalls = false
    for (const resume of this.held.splice(0)) {
      resume()
    }
  }

  get pulls(): number {
    return this.calls.filter((call) => call.method === 'GET').length
  }
}

describe('the sync engine: single flight and states', () => {
  const stores: LocalStore[] = []
  afterEach(async () => {
    for (const store of stores.splice(0)) {
      await store.close()
    }
  })

  async function setUp(user: PlanUser | null = TRIAL_USER) {
    const store = await openLocalStore({
      databaseName: `single-flight-${Math.random().toString(36).slice(2)}`,
    })
    stores.push(store)
    const relay = new FakeRelay()
    const session = { user, expired: [] as string[] }
    const engine = new SyncEngine({
      store,
      client: new RelayClient({
        servers: () => ['http://relay.test'],
        getToken: () => 'token',
        fetch: relay.fetch,
        browserType: 'chrome',
        appType: 'test',
      }),
      session: {
        getUser: () => session.user,
        onAuthExpired: (message) => session.expired.push(message),
      },
    })
    const states: SyncState[] = []
    engine.onStateChange((state) => states.push(state))
    return { store, relay, engine, states, session }
  }

  it('queues a second sync during a run and runs it once after; a third shares it', async () => {
    const { store, relay, engine } = await setUp()
    await store.createOrUpdateEntities([bookmark('b1', { isStarred: true })])
    relay.holdCalls = true
    const first = engine.sync()
    await until(() => relay.calls.length === 1, 5000, 'the first pull')
    relay.releaseHeld()
    await until(() => relay.calls.length === 2, 5000, 'the first push')

    // Written while the first run is under way (after it read what is pending).
    await store.createOrUpdateEntities([bookmark('b2', { isStarred: true })])
    const second = engine.sync()
    const third = engine.sync()
    expect(third).toBe(second)
    expect(second).not.toBe(first)
    expect(relay.pulls).toBe(1)

    relay.release()
    const firstOutcome = await first
    // b2 came after the first run read what was pending: still pending when it ends.
    expect(firstOutcome.state).toBe(SyncState.NEEDS_SYNC)
    const secondOutcome = await second
    expect(relay.pulls).toBe(2)
    expect(secondOutcome.state).toBe(SyncState.UP_TO_DATE)
    // Each run pushed what was pending when it started: b1, then b2 written meanwhile.
    expect(relay.calls.filter((call) => call.method === 'POST')).toHaveLength(2)
    expect([firstOutcome.pushed, secondOutcome.pushed]).toEqual([1, 1])
    expect(await store.getEntitiesThatNeedSync()).toEqual([])

    // Nothing else was queued: no third run follows.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(relay.pulls).toBe(2)

    // Once idle, a sync starts a run of its own at once.
    const fourth = engine.sync()
    expect(fourth).not.toBe(second)
    await fourth
    expect(relay.pulls).toBe(3)
  })

  it('a sync requested during the queued run queues one more run, not more', async () => {
    const { relay, engine } = await setUp()
    relay.holdCalls = true
    const first = engine.sync()
    await until(() => relay.pulls === 1, 5000, 'the first pull')
    const second = engine.sync()
    relay.releaseHeld()
    await first
    // The queued run is now the one under way (its pull held): the next request queues a new one.
    await until(() => relay.pulls === 2, 5000, 'the queued run')
    const third = engine.sync()
    const fourth = engine.sync()
    expect(third).not.toBe(second)
    expect(fourth).toBe(third)
    relay.release()
    await Promise.all([second, third])
    expect(relay.pulls).toBe(3)
  })

  it('shows UPDATING while a run is under way, over pending entities and a previous error', async () => {
    const { store, relay, engine, states } = await setUp()
    await store.createOrUpdateEntities([bookmark('b1', { isStarred: true })])
    expect(await engine.refreshState()).toBe(SyncState.NEEDS_SYNC)

    // A failed run: SERVER_ERROR, and listeners hear it.
    relay.failWith = 500
    expect((await engine.sync()).state).toBe(SyncState.SERVER_ERROR)
    expect(engine.getState()).toBe(SyncState.SERVER_ERROR)
    expect(states).toEqual([SyncState.NEEDS_SYNC, SyncState.UPDATING, SyncState.SERVER_ERROR])
    // The error is kept while entities are pending.
    expect(await engine.refreshState()).toBe(SyncState.SERVER_ERROR)

    // The next run shows UPDATING, though entities are pending and the last run failed.
    relay.failWith = undefined
    relay.holdCalls = true
    const run = engine.sync()
    await until(() => relay.calls.length === 2, 5000, 'the second run')
    expect(engine.getState()).toBe(SyncState.UPDATING)
    expect(await engine.refreshState()).toBe(SyncState.UPDATING)
    relay.release()
    expect((await run).state).toBe(SyncState.UP_TO_DATE)
    expect(states.slice(3)).toEqual([SyncState.UPDATING, SyncState.UP_TO_DATE])

    // A failure with nothing pending is still an error, not "up to date".
    relay.failWith = 503
    expect((await engine.sync()).state).toBe(SyncState.SERVER_ERROR)
    expect(states.at(-1)).toBe(SyncState.SERVER_ERROR)
  })

  it('puts unreachable servers before everything else, then the plan, then UPDATING', async () => {
    const { store, relay, engine, states, session } = await setUp()
    await store.createOrUpdateEntities([bookmark('b1', { isStarred: true })])
    relay.unreachable = true
    expect((await engine.sync()).state).toBe(SyncState.ALL_SERVERS_OFFLINE)
    expect(states.at(-1)).toBe(SyncState.ALL_SERVERS_OFFLINE)

    // Signed out while a run is under way: OFFLINE wins over UPDATING.
    relay.unreachable = false
    relay.holdCalls = true
    const run = engine.sync()
    await until(() => relay.calls.length === 2, 5000, 'the run')
    expect(engine.getState()).toBe(SyncState.UPDATING)
    session.user = null
    expect(await engine.refreshState()).toBe(SyncState.OFFLINE)
    session.user = TRIAL_USER
    relay.release()
    await run
  })

  it('does not call the relay without a user (OFFLINE) or without the plan (PREMIUM_REQUIRED)', async () => {
    const signedOut = await setUp(null)
    await signedOut.store.createOrUpdateEntities([bookmark('b1', { isStarred: true })])
    expect((await signedOut.engine.sync()).state).toBe(SyncState.OFFLINE)
    expect(signedOut.relay.calls).toEqual([])

    const free = await setUp(FREE_USER)
    await free.store.createOrUpdateEntities([bookmark('b1', { isStarred: true })])
    expect((await free.engine.sync()).state).toBe(SyncState.PREMIUM_REQUIRED)
    expect(free.relay.calls).toEqual([])
    expect(free.states).not.toContain(SyncState.UPDATING)
  })
})
