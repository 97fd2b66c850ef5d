// The engine and scheduler after the relay said 402 PREMIUM_REQUIRED (a plan that no longer
// syncs, though the token still says it does): the state is PREMIUM_REQUIRED, pending changes
// stay, no retry is armed and nothing is sent again until the app says the plan changed.
import { afterEach, describe, expect, it } from 'vitest'
import { UserPlanType, type PlanUser } from '../domain/plan'
import { SyncState } from '../domain/sync-state'
import { createBookmarkFixture } from '../testing/factories'
import { trackTestStores } from '../testing/store-harness'
import { RelayCallError, RelayClient, RelayErrorKind } from './relay-client'
import { SyncEngine, SyncValueKey, isPremiumRequired } from './sync-engine'
import { SyncScheduler } from './sync-scheduler'

const stores = trackTestStores()
afterEach(() => stores.closeAll())

async function setUp() {
  const { store, clock } = await stores.harness()
  const user: PlanUser = {
    _id: 'u1',
    email: 'ada@example.com',
    premium: false,
    createdAt: clock.now(),
    userPlan: { type: UserPlanType.FREE_TRIAL, expiresDateMillis: clock.now() + 86_400_000 },
  }
  let refusing = true
  const calls: string[] = []
  const fetchImpl: typeof fetch = (input, init) => {
    const method = init?.method ?? 'GET'
    calls.push(method)
    if (refusing) {
      return Promise.resolve(
        Response.json(
          { code: 'PREMIUM_REQUIRED', message: 'Sync is part of Premium' },
          { status: 402 },
        ),
      )
    }
    return Promise.resolve(
      method === 'GET'
        ? Response.json({ entities: [], cursor: 1, hasMore: false })
        : Response.json({ stored: ['b1'], rejected: [] }),
    )
  }
  const engine = new SyncEngine({
    store,
    client: new RelayClient({
      servers: () => ['http://relay.test'],
      getToken: () => 'token',
      fetch: fetchImpl,
      browserType: 'chrome',
      appType: 'test',
    }),
    session: { getUser: () => user, onAuthExpired: () => undefined },
    now: clock.now,
  })
  const timers: number[] = []
  const scheduler = new SyncScheduler(engine, store, {
    setTimer: (_run, ms) => timers.push(ms),
    clearTimer: () => undefined,
    now: clock.now,
  })
  return { store, engine, scheduler, calls, timers, allow: () => (refusing = false) }
}

describe('sync after the relay said 402 PREMIUM_REQUIRED', () => {
  it('shows PREMIUM_REQUIRED, keeps the change, arms no retry, and calls nobody until the plan changed', async () => {
    const { store, engine, scheduler, calls, timers, allow } = await setUp()
    await store.createOrUpdateEntities([createBookmarkFixture({ _id: 'b1', isStarred: true })])
    const states: SyncState[] = []
    engine.onStateChange((state) => states.push(state))

    expect((await scheduler.syncNow()).state).toBe(SyncState.PREMIUM_REQUIRED)
    expect(states).toEqual([SyncState.UPDATING, SyncState.PREMIUM_REQUIRED])
    expect(engine.isRefusedForPlan()).toBe(true)
    expect(engine.getPause()).toBeUndefined()
    expect(timers).toEqual([])
    expect((await store.getEntitiesThatNeedSync()).map((entity) => entity._id)).toEqual(['b1'])
    expect(store.device.getValue(SyncValueKey.LAST_SYNC_DATE)).toBeUndefined()

    const sent = calls.length
    expect((await scheduler.notifyFocus()).state).toBe(SyncState.PREMIUM_REQUIRED)
    expect(await engine.refreshState()).toBe(SyncState.PREMIUM_REQUIRED)
    expect(calls.length).toBe(sent)

    allow()
    expect((await scheduler.notifyPlanChanged()).state).toBe(SyncState.UP_TO_DATE)
    expect(engine.isRefusedForPlan()).toBe(false)
    expect(await store.getEntitiesThatNeedSync()).toEqual([])
  })

  it('tells the 402 of a plan from other errors', () => {
    expect(
      isPremiumRequired(
        new RelayCallError(RelayErrorKind.PAYMENT_REQUIRED, 'x', 402, 'PREMIUM_REQUIRED'),
      ),
    ).toBe(true)
    expect(isPremiumRequired(new RelayCallError(RelayErrorKind.PAYMENT_REQUIRED, 'x', 402))).toBe(
      false,
    )
    expect(isPremiumRequired(new Error('PREMIUM_REQUIRED'))).toBe(false)
  })
})

describe('a room ticket refused with 402', () => {
  it('is a premium-required refusal, not a retryable failure', async () => {
    const { fetchRoomTicket, RoomTicketPremiumRequiredError } = await import('./room-ticket-socket')
    const refused = fetchRoomTicket(
      {
        relayUrl: 'http://relay.test',
        getToken: () => 'token',
        fetch: () =>
          Promise.resolve(
            Response.json({ code: 'PREMIUM_REQUIRED', message: 'no' }, { status: 402 }),
          ),
      },
      'library',
    )
    await expect(refused).rejects.toBeInstanceOf(RoomTicketPremiumRequiredError)
  })
})
