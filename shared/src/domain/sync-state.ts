// The sync status shown to users and the "does this entity need sync" test. Both are pure so the
// sync adapter, the popup and the web app show the same state for the same facts; the precedence of
// the rules (including where UPDATING and a fresh failure sit) is fixed in
// docs/adr/003-plan-and-prompt-rules.md.
import { Plan } from './plan'

/** The sync status values shown to users. */
export const SyncState = {
  OFFLINE: 'OFFLINE',
  PREMIUM_REQUIRED: 'PREMIUM_REQUIRED',
  UP_TO_DATE: 'UP_TO_DATE',
  NEEDS_SYNC: 'NEEDS_SYNC',
  SERVER_ERROR: 'SERVER_ERROR',
  ALL_SERVERS_OFFLINE: 'ALL_SERVERS_OFFLINE',
  UPDATING: 'UPDATING',
} as const
export type SyncState = (typeof SyncState)[keyof typeof SyncState]

/** How many entities one sync call carries. */
export const SYNC_BATCH_SIZE = 20

/** The facts the sync state is computed from. */
export interface SyncStateInput {
  /** Both the main and the backup server are unreachable. */
  allServersOffline: boolean
  /** The user's resolved plan (Offline when logged out). */
  plan: Plan
  /** How many local entities need sync. */
  pendingCount: number
  /** The state computed last time, if any. */
  previousState?: SyncState
  /** Whether the user may sync (see `canSync`). */
  canSync: boolean
  /** A sync run is in progress. */
  isSyncing?: boolean
  /** The most recent sync run failed. */
  lastSyncFailed?: boolean
}

/** The sync timestamps of a local entity, in epoch millis. */
export interface SyncTimestamps {
  createdAt?: number
  updatedAt?: number
  deletedAt?: number
  lastSync?: number
}

/** Computes the sync state; earlier rules win (servers, plan, running sync, pending, errors, access). */
export function computeSyncState(input: SyncStateInput): SyncState {
  if (input.allServersOffline) {
    return SyncState.ALL_SERVERS_OFFLINE
  }
  if (input.plan === Plan.OFFLINE) {
    return SyncState.OFFLINE
  }
  // A run also pulls other devices' changes, so it shows as UPDATING even with nothing to push.
  if (input.isSyncing === true) {
    return SyncState.UPDATING
  }
  if (input.pendingCount <= 0) {
    return SyncState.UP_TO_DATE
  }
  if (input.lastSyncFailed === true || input.previousState === SyncState.SERVER_ERROR) {
    return SyncState.SERVER_ERROR
  }
  return input.canSync ? SyncState.NEEDS_SYNC : SyncState.PREMIUM_REQUIRED
}

/** Whether the entity was never synced (it has no lastSync). */
export function isNeverSynced(entity: SyncTimestamps): boolean {
  return entity.lastSync == null
}

/** Whether the entity needs sync: never synced, or created, updated or deleted after lastSync. */
export function entityNeedsSync(entity: SyncTimestamps): boolean {
  const lastSync = entity.lastSync
  // Stored JSON may carry null for "never synced", so test loosely.
  if (lastSync == null) {
    return true
  }
  return [entity.createdAt, entity.updatedAt, entity.deletedAt].some(
    (time) => time != null && time > lastSync,
  )
}
