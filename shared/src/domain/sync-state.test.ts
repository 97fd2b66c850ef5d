import { describe, expect, it } from 'vitest'
import { Plan } from './plan'
import {
  SYNC_BATCH_SIZE,
  SyncState,
  computeSyncState,
  entityNeedsSync,
  isNeverSynced,
} from './sync-state'
import type { SyncStateInput } from './sync-state'

function input(overrides: Partial<SyncStateInput> = {}): SyncStateInput {
  return {
    allServersOffline: false,
    plan: Plan.PREMIUM,
    pendingCount: 3,
    canSync: true,
    ...overrides,
  }
}

describe('SyncState', () => {
  it('has the seven spec values', () => {
    expect(Object.values(SyncState)).toEqual([
      'OFFLINE',
      'PREMIUM_REQUIRED',
      'UP_TO_DATE',
      'NEEDS_SYNC',
      'SERVER_ERROR',
      'ALL_SERVERS_OFFLINE',
      'UPDATING',
    ])
  })

  it('syncs in batches of 20', () => {
    expect(SYNC_BATCH_SIZE).toBe(20)
  })
})

describe('computeSyncState', () => {
  it('gives ALL_SERVERS_OFFLINE first, whatever else holds', () => {
    const state = computeSyncState(
      input({
        allServersOffline: true,
        plan: Plan.OFFLINE,
        isSyncing: true,
        lastSyncFailed: true,
        previousState: SyncState.SERVER_ERROR,
      }),
    )
    expect(state).toBe(SyncState.ALL_SERVERS_OFFLINE)
  })

  it('gives OFFLINE for the Offline plan', () => {
    expect(computeSyncState(input({ plan: Plan.OFFLINE, isSyncing: true }))).toBe(SyncState.OFFLINE)
  })

  it('gives UPDATING while a sync runs, even with nothing pending or after an error', () => {
    expect(computeSyncState(input({ isSyncing: true }))).toBe(SyncState.UPDATING)
    expect(computeSyncState(input({ isSyncing: true, pendingCount: 0 }))).toBe(SyncState.UPDATING)
    const retry = input({ isSyncing: true, previousState: SyncState.SERVER_ERROR })
    expect(computeSyncState(retry)).toBe(SyncState.UPDATING)
  })

  it('gives UP_TO_DATE with zero pending items, clearing an earlier error', () => {
    expect(computeSyncState(input({ pendingCount: 0 }))).toBe(SyncState.UP_TO_DATE)
    const afterError = input({ pendingCount: 0, previousState: SyncState.SERVER_ERROR })
    expect(computeSyncState(afterError)).toBe(SyncState.UP_TO_DATE)
    expect(computeSyncState(input({ pendingCount: 0, canSync: false }))).toBe(SyncState.UP_TO_DATE)
    expect(computeSyncState(input({ pendingCount: 0, lastSyncFailed: true }))).toBe(
      SyncState.UP_TO_DATE,
    )
  })

  it('keeps a previous SERVER_ERROR while items are pending', () => {
    const state = computeSyncState(input({ previousState: SyncState.SERVER_ERROR }))
    expect(state).toBe(SyncState.SERVER_ERROR)
    const noAccess = input({ previousState: SyncState.SERVER_ERROR, canSync: false })
    expect(computeSyncState(noAccess)).toBe(SyncState.SERVER_ERROR)
  })

  it('gives SERVER_ERROR after a failed sync', () => {
    expect(computeSyncState(input({ lastSyncFailed: true }))).toBe(SyncState.SERVER_ERROR)
  })

  it('gives NEEDS_SYNC when the user may sync', () => {
    expect(computeSyncState(input())).toBe(SyncState.NEEDS_SYNC)
    const previous = input({ previousState: SyncState.UPDATING, lastSyncFailed: false })
    expect(computeSyncState(previous)).toBe(SyncState.NEEDS_SYNC)
  })

  it('gives PREMIUM_REQUIRED when the user may not sync', () => {
    expect(computeSyncState(input({ plan: Plan.FREE, canSync: false }))).toBe(
      SyncState.PREMIUM_REQUIRED,
    )
  })
})

describe('entityNeedsSync', () => {
  const LAST_SYNC = 1_700_000_000_000

  it('needs sync when never synced', () => {
    expect(entityNeedsSync({})).toBe(true)
    expect(entityNeedsSync({ createdAt: 1, updatedAt: 1 })).toBe(true)
    expect(isNeverSynced({ createdAt: 1 })).toBe(true)
    expect(isNeverSynced({ createdAt: 1, lastSync: LAST_SYNC })).toBe(false)
  })

  it('needs sync when created, updated or deleted after lastSync', () => {
    expect(entityNeedsSync({ createdAt: LAST_SYNC + 1, lastSync: LAST_SYNC })).toBe(true)
    expect(entityNeedsSync({ createdAt: 1, updatedAt: LAST_SYNC + 1, lastSync: LAST_SYNC })).toBe(
      true,
    )
    expect(entityNeedsSync({ createdAt: 1, deletedAt: LAST_SYNC + 1, lastSync: LAST_SYNC })).toBe(
      true,
    )
  })

  it('does not need sync when nothing happened after lastSync', () => {
    expect(entityNeedsSync({ lastSync: LAST_SYNC })).toBe(false)
    const same = { createdAt: LAST_SYNC, updatedAt: LAST_SYNC, deletedAt: LAST_SYNC }
    expect(entityNeedsSync({ ...same, lastSync: LAST_SYNC })).toBe(false)
    expect(entityNeedsSync({ createdAt: 1, updatedAt: 2, lastSync: LAST_SYNC })).toBe(false)
  })
})
