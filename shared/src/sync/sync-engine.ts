// The spec's sync protocol over the local store: pending entities (created, updated or deleted
// after their lastSync) go by POST, PUT or DELETE /sync in batches of 20; what other devices
// changed comes back by pulling GET /sync from this device's cursor, applied with the remote
// origin so it never counts as pending. One run at a time (a second request waits for the next
// run), the seven sync states, plan gating, and the error paths: 413 retries one by one and sets
// oversized entities aside for review, 401 logs out, unreachable servers report it. A failed run
// pauses sync (sync-backoff.ts): after a 429 no call goes out before its Retry-After, other
// failures back off exponentially with jitter, and a full account waits longest; the pause says
// when the next attempt is, for the scheduler to run it and the apps to show it. A 402
// PREMIUM_REQUIRED (the relay read a plan that no longer syncs: an expired trial) is not a failure
// to retry: the state is PREMIUM_REQUIRED, every pending change stays, and no call goes out until
// the app says the plan changed (planChanged, after a purchase or a refreshed account).
import type { AiChatMessage } from '../domain/entities/ai-chat'
import type { LearningItem } from '../domain/entities/learning-item'
import { ObjectStore } from '../domain/entities/object-store'
import { learningItemLosesReviews } from '../domain/learning-merge'
import { Message } from '../domain/messages'
import { canSync, resolvePlan, type PlanUser } from '../domain/plan'
import {
  computeSyncState,
  entityNeedsSync,
  SyncState,
  SYNC_BATCH_SIZE,
  type SyncTimestamps,
} from '../domain/sync-state'
import { shouldShowBackupPrompt } from '../domain/user-prompts'
import { learningItemOf } from '../store/arrived-learning'
import type { EntityRef } from '../store/deletion-plan'
import type { StoredRecord } from '../store/library-schema'
import { latestStamp, type LocalStore } from '../store/local-store'
import { TransactionOrigin } from '../store/origins'
import { RelayCallError, RelayErrorKind, type RelayClient } from './relay-client'
import {
  Backoff,
  QUOTA_BACKOFF_BASE_MS,
  QUOTA_BACKOFF_MAX_MS,
  SyncPauseReason,
  type BackoffOptions,
  type SyncPause,
} from './sync-backoff'

/** Device values the engine keeps in the store's device state. */
export const SyncValueKey = {
  CURSOR: 'relayCursor',
  LAST_SYNC_DATE: 'lastSyncDateInMillis',
  TOO_LARGE: 'tooLargeToSync',
} as const

/** Default page size of a pull. */
export const PULL_PAGE_SIZE = 500

/** The signed-in user, as sync needs them. */
export interface SyncSession {
  getUser(): PlanUser | null
  /** A 401 or an expired token: log out and ask for login with `message`. */
  onAuthExpired(message: string): void
}

/** Something to tell the user. */
export type SyncNotice =
  | { kind: 'too-large'; message: string; entities: EntityRef[] }
  | { kind: 'token-expired'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'backup-prompt'; pendingCount: number }

export interface SyncEngineOptions {
  store: LocalStore
  client: RelayClient
  session: SyncSession
  now?: () => number
  pullPageSize?: number
  onNotice?: (notice: SyncNotice) => void
  /** The backup prompt interval (chromesettings.backupDialogPromptInterval). */
  backupPromptInterval?: () => number
  /** Back-off after failures (its random source, for tests). */
  backoff?: BackoffOptions
}

/** What one run did. */
export interface SyncOutcome {
  state: SyncState
  pushed: number
  pulled: number
}

interface PullPage {
  entities: (StoredRecord & { deleted?: boolean })[]
  cursor: number
  hasMore: boolean
}

interface WriteAnswer {
  stored: string[]
  rejected: { _id: string; _objectStore: string; message: string; code?: string }[]
}

/** The relay's code for an entity or write refused by a storage quota. */
const QUOTA_EXCEEDED_CODE = 'QUOTA_EXCEEDED'
/** The relay's code of a 402: the account's plan does not include sync (any more). */
export const PREMIUM_REQUIRED_CODE = 'PREMIUM_REQUIRED'

/** Whether a failed call is the relay's refusal of sync for the account's plan. */
export function isPremiumRequired(error: unknown): boolean {
  return (
    error instanceof RelayCallError &&
    error.kind === RelayErrorKind.PAYMENT_REQUIRED &&
    error.code === PREMIUM_REQUIRED_CODE
  )
}

const refOf = (entity: StoredRecord): EntityRef => ({
  _id: entity._id,
  _objectStore: entity._objectStore as EntityRef['_objectStore'],
})
const keyOf = (ref: EntityRef) => `${ref._objectStore}/${ref._id}`

/** The sync adapter of one device. */
export class SyncEngine {
  private state: SyncState = SyncState.OFFLINE
  private running: Promise<SyncOutcome> | undefined
  private queued: Promise<SyncOutcome> | undefined
  private readonly stateListeners = new Set<(state: SyncState) => void>()
  private readonly pauseListeners = new Set<(pause: SyncPause | undefined) => void>()
  private readonly now: () => number
  private pause: SyncPause | undefined
  private readonly backoff: Backoff
  private readonly quotaBackoff: Backoff
  /** The relay's message when this run had entities refused by a quota. */
  private quotaRefusal: string | undefined
  /** The relay refused sync for the plan (402): nothing is sent until planChanged. */
  private refusedForPlan = false

  constructor(private readonly options: SyncEngineOptions) {
    this.now = options.now ?? Date.now
    this.backoff = new Backoff(options.backoff)
    this.quotaBackoff = new Backoff({
      baseMs: QUOTA_BACKOFF_BASE_MS,
      maxMs: QUOTA_BACKOFF_MAX_MS,
      ...options.backoff,
    })
  }

  /** Why and until when sync is paused after a failure, or undefined. */
  getPause(): SyncPause | undefined {
    return this.pause
  }

  /** Calls `listener` when sync pauses or resumes; returns the unsubscribe. */
  onPauseChange(listener: (pause: SyncPause | undefined) => void): () => void {
    this.pauseListeners.add(listener)
    return () => this.pauseListeners.delete(listener)
  }

  /** The current sync state. */
  getState(): SyncState {
    return this.state
  }

  /** Calls `listener` on every state change; returns the unsubscribe. */
  onStateChange(listener: (state: SyncState) => void): () => void {
    this.stateListeners.add(listener)
    return () => this.stateListeners.delete(listener)
  }

  /** Entities set aside as too large to sync (to keep locally or delete). */
  getTooLargeEntities(): EntityRef[] {
    return this.options.store.device.getValue<EntityRef[]>(SyncValueKey.TOO_LARGE) ?? []
  }

  /** Keeps a too-large entity local-only (it stays in the list) or deletes it everywhere. */
  async resolveTooLarge(ref: EntityRef, decision: 'keep' | 'delete'): Promise<void> {
    if (decision === 'delete') {
      await this.options.store.markEntitiesAsDeleted([ref])
      this.setTooLarge(this.getTooLargeEntities().filter((other) => keyOf(other) !== keyOf(ref)))
    }
  }

  /** Recomputes the state from the facts (pending count, plan) without syncing. */
  async refreshState(): Promise<SyncState> {
    const pending = await this.pendingCount()
    this.setState(this.stateFor(pending, { isSyncing: this.running !== undefined }))
    return this.state
  }

  /** Whether the relay refused sync for the account's plan (until planChanged is called). */
  isRefusedForPlan(): boolean {
    return this.refusedForPlan
  }

  /**
   * The account's plan may have changed (a purchase, a refreshed account, a redeemed gift): forget
   * the relay's refusal and sync again. The relay decides; a plan that still does not sync is
   * refused once more, with nothing lost.
   */
  planChanged(): Promise<SyncOutcome> {
    this.refusedForPlan = false
    return this.sync()
  }

  /**
   * Runs a sync now, or after the run under way (one queued run at most). While a 429's
   * Retry-After runs, nothing is sent: the answer is the current state.
   */
  sync(): Promise<SyncOutcome> {
    const pause = this.pause
    if (
      !this.running &&
      pause?.reason === SyncPauseReason.RATE_LIMITED &&
      this.now() < pause.retryAt
    ) {
      return Promise.resolve({ state: this.state, pushed: 0, pulled: 0 })
    }
    if (!this.running) {
      this.running = this.runOnce().finally(() => {
        this.running = undefined
      })
      return this.running
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined
        return this.sync()
      })
    return this.queued
  }

  private setPause(pause: SyncPause | undefined): void {
    if (pause === this.pause) {
      return
    }
    this.pause = pause
    for (const listener of this.pauseListeners) {
      listener(pause)
    }
  }

  /** Pauses after a failure for the back-off's delay (at least `retryAfterMs`). */
  private pauseAfter(reason: SyncPauseReason, retryAfterMs?: number, detail?: string): void {
    const backoff = reason === SyncPauseReason.QUOTA_EXCEEDED ? this.quotaBackoff : this.backoff
    const delay = backoff.next(retryAfterMs)
    this.setPause({
      reason,
      retryAt: this.now() + delay,
      ...(detail === undefined ? {} : { detail }),
    })
  }

  private setState(state: SyncState): void {
    if (state !== this.state) {
      this.state = state
      for (const listener of this.stateListeners) {
        listener(state)
      }
    }
  }

  private stateFor(
    pendingCount: number,
    facts: { isSyncing?: boolean; failed?: boolean; offline?: boolean },
  ): SyncState {
    const user = this.options.session.getUser()
    const now = this.now()
    const state = computeSyncState({
      allServersOffline: facts.offline === true,
      plan: resolvePlan(user, now),
      pendingCount,
      previousState: this.state,
      // The relay's refusal outranks the token: it read the plan as it is now.
      canSync: canSync(user, now) && !this.refusedForPlan,
      isSyncing: facts.isSyncing === true,
      lastSyncFailed: facts.failed === true,
    })
    // Refused, the device is not up to date even with nothing pending: pulls are refused too.
    return this.refusedForPlan && state === SyncState.UP_TO_DATE
      ? SyncState.PREMIUM_REQUIRED
      : state
  }

  private async pendingCount(): Promise<number> {
    const tooLarge = new Set(this.getTooLargeEntities().map(keyOf))
    return (await this.options.store.getEntitiesThatNeedSync()).filter(
      (entity) => !tooLarge.has(keyOf(refOf(entity))),
    ).length
  }

  private async runOnce(): Promise<SyncOutcome> {
    const user = this.options.session.getUser()
    const outcome: SyncOutcome = { state: this.state, pushed: 0, pulled: 0 }
    if (!user || !canSync(user, this.now())) {
      outcome.state = this.stateFor(await this.pendingCount(), {})
      this.setState(outcome.state)
      return outcome
    }
    if (this.refusedForPlan) {
      outcome.state = this.stateFor(await this.pendingCount(), {})
      this.setState(outcome.state)
      return outcome
    }
    this.setState(SyncState.UPDATING)
    this.quotaRefusal = undefined
    try {
      outcome.pulled = await this.pull()
      await this.deleteOrphanedMarks()
      outcome.pushed = await this.push()
      this.options.store.device.setValue(SyncValueKey.LAST_SYNC_DATE, this.now())
      const pending = await this.pendingCount()
      outcome.state = this.stateFor(pending, {})
      this.promptBackup(pending)
      this.backoff.reset()
      if (this.quotaRefusal === undefined) {
        this.quotaBackoff.reset()
        this.setPause(undefined)
      } else {
        // The rest is synced; the refused entities stay pending and are tried again later.
        this.pauseAfter(SyncPauseReason.QUOTA_EXCEEDED, undefined, this.quotaRefusal)
      }
    } catch (error) {
      outcome.state = await this.stateAfterFailure(error)
    }
    this.setState(outcome.state)
    return outcome
  }

  private async stateAfterFailure(error: unknown): Promise<SyncState> {
    const pending = await this.pendingCount()
    if (isPremiumRequired(error)) {
      // Not a failure to back off from: nothing is tried again until the plan changes. The pull
      // is refused too, so the device is not up to date even with nothing pending.
      this.refusedForPlan = true
      this.backoff.reset()
      this.setPause(undefined)
      return this.stateFor(pending, {})
    }
    if (error instanceof RelayCallError && error.kind === RelayErrorKind.UNAUTHORIZED) {
      this.options.onNotice?.({ kind: 'token-expired', message: Message.TOKEN_EXPIRED })
      this.options.session.onAuthExpired(Message.TOKEN_EXPIRED)
      return this.stateFor(pending, {})
    }
    if (error instanceof RelayCallError && error.kind === RelayErrorKind.UNREACHABLE) {
      this.options.onNotice?.({ kind: 'unreachable', message: Message.SERVER_NOT_REACHABLE })
      this.pauseAfter(SyncPauseReason.FAILED)
      return this.stateFor(pending, { offline: true })
    }
    if (error instanceof RelayCallError && error.kind === RelayErrorKind.RATE_LIMITED) {
      this.pauseAfter(SyncPauseReason.RATE_LIMITED, error.retryAfterMs)
    } else if (error instanceof RelayCallError && error.kind === RelayErrorKind.QUOTA_EXCEEDED) {
      this.pauseAfter(SyncPauseReason.QUOTA_EXCEEDED, undefined, error.message)
    } else {
      this.pauseAfter(SyncPauseReason.FAILED)
    }
    // Only computed here: runOnce sets it, so that state listeners hear of the failure.
    const state = this.stateFor(pending, { failed: true })
    return state === SyncState.UP_TO_DATE ? SyncState.SERVER_ERROR : state
  }

  private promptBackup(pending: number): void {
    const interval = this.options.backupPromptInterval?.()
    if (interval !== undefined && shouldShowBackupPrompt(pending, interval)) {
      this.options.onNotice?.({ kind: 'backup-prompt', pendingCount: pending })
    }
  }

  /** Pulls everything changed since this device's cursor; returns how many entities it applied. */
  private async pull(): Promise<number> {
    const { store, client } = this.options
    const pageSize = this.options.pullPageSize ?? PULL_PAGE_SIZE
    let applied = 0
    for (;;) {
      const cursor = store.device.getValue<number>(SyncValueKey.CURSOR) ?? 0
      const page = await client.request<PullPage>('GET', `/sync?since=${cursor}&limit=${pageSize}`)
      applied += await this.applyPulled(page.entities)
      store.device.setValue(SyncValueKey.CURSOR, page.cursor)
      if (!page.hasMore || page.entities.length === 0) {
        return applied
      }
    }
  }

  private async applyPulled(entities: PullPage['entities']): Promise<number> {
    const { store } = this.options
    const removals: EntityRef[] = []
    const updates: StoredRecord[] = []
    const reviewMerges: { id: string; item: LearningItem }[] = []
    const chatMerges: { id: string; messages: AiChatMessage[] }[] = []
    for (const pulled of entities) {
      const ref = refOf(pulled)
      const local = store.getStoredEntity(ref)
      if (pulled.deleted === true) {
        // A deletion wins over local edits: deleted on one device means deleted everywhere.
        if (local) {
          removals.push(ref)
        }
        continue
      }
      const { _user: _ignoredUser, deleted: _ignoredFlag, ...remote } = pulled
      if (local && (local.deletedAt !== undefined || this.localWins(local, remote))) {
        // A local deletion, or a newer local edit, is pushed next and wins; a winning highlight
        // first takes in the reviews of the copy it replaces, so the push loses none (ADR 041).
        const reviews = local.deletedAt === undefined ? pulledReviews(local, remote) : undefined
        if (reviews) {
          reviewMerges.push({ id: local._id, item: reviews })
        }
        // A winning chat likewise takes in the pulled copy's messages (ADR 047).
        if (
          local.deletedAt === undefined &&
          local._objectStore === ObjectStore.AI_CHATS &&
          Array.isArray(remote.messages)
        ) {
          chatMerges.push({ id: local._id, messages: remote.messages as AiChatMessage[] })
        }
        continue
      }
      // An entry that carries deletedAt reached the relay through a live room, not by DELETE:
      // whoever pulls it finishes the deletion (pending, so this run's push sends DELETE), since
      // the device that deleted it may never sync again.
      updates.push({
        ...remote,
        lastSync: remote.deletedAt === undefined ? latestStamp(remote) : 0,
      })
    }
    if (removals.length > 0) {
      await store.deleteEntities(removals, TransactionOrigin.REMOTE)
    }
    if (updates.length > 0) {
      await store.createOrUpdateEntities(updates, TransactionOrigin.REMOTE)
    }
    // Inside the store's write queue: a review or a deletion made while this pull ran stands.
    for (const { id, item } of reviewMerges) {
      await store.mergeLearningItem(id, item)
    }
    for (const { id, messages } of chatMerges) {
      await store.mergeAiChatMessages(id, messages)
    }
    return removals.length + updates.length
  }

  /**
   * Deleting a bookmark deletes its highlights, but the device that deleted it could not take along
   * a highlight another device added meanwhile: after a full pull such a highlight is left without
   * a live bookmark (the bookmark's deletion was pulled, or is pending here). It is deleted as the
   * cascade would have (a synced one by DELETE in this run's push), so no device keeps an orphan.
   */
  private async deleteOrphanedMarks(): Promise<void> {
    const { store } = this.options
    const orphans = store
      .getAllMarks()
      .filter((mark) => store.getBookmark(mark._bookmark) === undefined)
      .map((mark): EntityRef => ({ _id: mark._id, _objectStore: ObjectStore.MARKS }))
    if (orphans.length > 0) {
      await store.markEntitiesAsDeleted(orphans)
    }
  }

  /**
   * Whether a pending local version is kept (and pushed) rather than replaced by a pulled one: when
   * it is newer, and for kinds with a body also when it is the very same version. That is this
   * device's own write coming back through the live room, which carries the library doc but not
   * the bodies: taking it as synced would never send the page's HTML or the chat's messages.
   */
  private localWins(local: StoredRecord, remote: StoredRecord): boolean {
    if (!entityNeedsSync(local as SyncTimestamps)) {
      return false
    }
    const hasBody =
      local._objectStore === ObjectStore.PAGE_CONTENTS ||
      local._objectStore === ObjectStore.AI_CHATS
    return hasBody
      ? latestStamp(local) >= latestStamp(remote)
      : latestStamp(local) > latestStamp(remote)
  }

  /** Pushes every pending entity; returns how many the relay stored. */
  private async push(): Promise<number> {
    const { store } = this.options
    const tooLarge = new Set(this.getTooLargeEntities().map(keyOf))
    const pending = (await store.getEntitiesThatNeedSync()).filter(
      (entity) => !tooLarge.has(keyOf(refOf(entity))),
    )
    const deleted = pending.filter((entity) => entity.deletedAt !== undefined)
    const created = pending.filter(
      (entity) => entity.deletedAt === undefined && entity.lastSync == null,
    )
    const changed = pending.filter(
      (entity) => entity.deletedAt === undefined && entity.lastSync != null,
    )
    // Bookmarks before anything else, new and changed: the relay's doc (and every device in its
    // live room) must not get a highlight before its bookmark, as a new highlight sent by POST
    // before its bookmark's PUT would allow (ADR 010, addendum of 2026-11-26).
    const isBookmark = (entity: StoredRecord) => entity._objectStore === ObjectStore.BOOKMARKS
    const bookmarksFirst = [...created].sort(
      (a, b) => Number(isBookmark(b)) - Number(isBookmark(a)),
    )
    let pushed = 0
    pushed += await this.sendAll('PUT', changed.filter(isBookmark))
    pushed += await this.sendAll('POST', bookmarksFirst)
    pushed += await this.sendAll(
      'PUT',
      changed.filter((entity) => !isBookmark(entity)),
    )
    pushed += await this.sendAll('DELETE', deleted)
    return pushed
  }

  private async sendAll(
    method: 'POST' | 'PUT' | 'DELETE',
    entities: readonly StoredRecord[],
  ): Promise<number> {
    let stored = 0
    for (let start = 0; start < entities.length; start += SYNC_BATCH_SIZE) {
      stored += await this.sendBatch(method, entities.slice(start, start + SYNC_BATCH_SIZE))
    }
    return stored
  }

  private async sendBatch(
    method: 'POST' | 'PUT' | 'DELETE',
    batch: readonly StoredRecord[],
  ): Promise<number> {
    if (batch.length === 0) {
      return 0
    }
    const body =
      method === 'DELETE'
        ? { entities: batch.map(refOf) }
        : {
            entities: batch.map(
              ({ lastSync: _lastSync, _user: _ignoredUser, ...entity }) => entity,
            ),
          }
    let answer: WriteAnswer
    try {
      answer = await this.options.client.request<WriteAnswer>(method, '/sync', body)
    } catch (error) {
      if (error instanceof RelayCallError && error.kind === RelayErrorKind.PAYLOAD_TOO_LARGE) {
        return this.sendOneByOne(method, batch)
      }
      throw error
    }
    await this.acknowledge(method, batch, answer)
    return answer.stored.length
  }

  private async sendOneByOne(
    method: 'POST' | 'PUT' | 'DELETE',
    batch: readonly StoredRecord[],
  ): Promise<number> {
    if (batch.length === 1) {
      const ref = refOf(batch[0]!)
      this.setTooLarge([
        ...this.getTooLargeEntities().filter((other) => keyOf(other) !== keyOf(ref)),
        ref,
      ])
      this.options.onNotice?.({
        kind: 'too-large',
        message: Message.TOO_LARGE_TO_SYNC,
        entities: this.getTooLargeEntities(),
      })
      return 0
    }
    let stored = 0
    for (const entity of batch) {
      stored += await this.sendBatch(method, [entity])
    }
    return stored
  }

  private setTooLarge(refs: readonly EntityRef[]): void {
    this.options.store.device.setValue(SyncValueKey.TOO_LARGE, refs)
  }

  /** Marks what the relay stored as synced, unless it changed locally while in flight. */
  private async acknowledge(
    method: 'POST' | 'PUT' | 'DELETE',
    batch: readonly StoredRecord[],
    answer: WriteAnswer,
  ): Promise<void> {
    const { store } = this.options
    const overQuota = (answer.rejected ?? []).find(
      (rejected) => rejected.code === QUOTA_EXCEEDED_CODE,
    )
    if (overQuota) {
      this.quotaRefusal = overQuota.message
    }
    const stored = new Set(answer.stored)
    const sent = batch.filter((entity) => stored.has(entity._id))
    if (method === 'DELETE') {
      const stillDeleted = sent.filter(
        (entity) => store.getStoredEntity(refOf(entity))?.deletedAt !== undefined,
      )
      await store.deleteEntities(stillDeleted.map(refOf), TransactionOrigin.REMOTE)
      return
    }
    store.markSynced(
      sent
        .filter((entity) => {
          const current = store.getStoredEntity(refOf(entity))
          return current !== undefined && latestStamp(current) === latestStamp(entity)
        })
        .map((entity) => ({ ref: refOf(entity), lastSync: latestStamp(entity) })),
    )
  }
}

/**
 * The pulled copy's card when it has reviews (or a discard change) the local highlight's card
 * lacks, to be merged in by the store; undefined when there is nothing to take in.
 */
function pulledReviews(local: StoredRecord, remote: StoredRecord): LearningItem | undefined {
  if (local._objectStore !== ObjectStore.MARKS) {
    return undefined
  }
  const pulled = learningItemOf(remote)
  return pulled !== undefined && learningItemLosesReviews(pulled, learningItemOf(local))
    ? pulled
    : undefined
}
