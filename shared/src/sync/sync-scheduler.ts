// When sync runs: on start, shortly after local changes (debounced, so a burst of highlighting
// makes one sync), when the device comes back online, when the app gets focus, and on demand.
// Remote changes (pulls, live rooms) never schedule a sync: only this device's own writes do.
// After a failed run the engine is paused (sync-backoff.ts) and the scheduler runs it again when
// the pause ends: at the relay's Retry-After, or after the back-off.
import type { LocalStore } from '../store/local-store'
import type { SyncEngine, SyncOutcome } from './sync-engine'

/** Wait this long after the last local change before syncing. */
export const SYNC_DEBOUNCE_MS = 2000

export interface SyncSchedulerOptions {
  debounceMs?: number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  now?: () => number
}

/** Decides when a device syncs. */
export class SyncScheduler {
  private timer: unknown
  private retryTimer: unknown
  private unsubscribe: (() => void) | undefined
  private stopped = false

  constructor(
    private readonly engine: SyncEngine,
    private readonly store: LocalStore,
    private readonly options: SyncSchedulerOptions = {},
  ) {}

  /** Starts watching local changes and syncs once now. */
  start(): Promise<SyncOutcome> {
    this.stopped = false
    this.unsubscribe ??= this.store.observe((change) => {
      if (change.local) {
        this.schedule()
      }
    })
    return this.syncNow()
  }

  /** The device is back online. */
  notifyOnline(): Promise<SyncOutcome> {
    return this.syncNow()
  }

  /** The app or a tab got focus. */
  notifyFocus(): Promise<SyncOutcome> {
    return this.syncNow()
  }

  /**
   * The account's plan changed (a purchase, a refreshed account): sync again even if the relay
   * refused the old plan (402 PREMIUM_REQUIRED).
   */
  notifyPlanChanged(): Promise<SyncOutcome> {
    this.cancelTimer()
    const outcome = this.engine.planChanged()
    void outcome.then(
      () => this.armRetry(),
      () => this.armRetry(),
    )
    return outcome
  }

  /** On demand (the sync button), or when a live room reconnected. */
  syncNow(): Promise<SyncOutcome> {
    this.cancelTimer()
    return this.run()
  }

  /** Stops watching; a pending debounced sync or retry is dropped. */
  stop(): void {
    this.stopped = true
    this.cancelTimer()
    this.cancelRetry()
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  /** One engine run, then a retry armed for when the engine's pause ends, if it paused. */
  private run(): Promise<SyncOutcome> {
    const outcome = this.engine.sync()
    void outcome.then(
      () => this.armRetry(),
      () => this.armRetry(),
    )
    return outcome
  }

  private armRetry(): void {
    this.cancelRetry()
    const pause = this.engine.getPause()
    if (!pause || this.stopped) {
      return
    }
    const now = this.options.now ?? Date.now
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.retryTimer = setTimer(
      () => {
        this.retryTimer = undefined
        void this.run().catch(() => undefined)
      },
      Math.max(0, pause.retryAt - now()),
    )
  }

  private cancelRetry(): void {
    if (this.retryTimer !== undefined) {
      this.clear(this.retryTimer)
      this.retryTimer = undefined
    }
  }

  private clear(timer: unknown): void {
    const clearTimer =
      this.options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
    clearTimer(timer)
  }

  private schedule(): void {
    this.cancelTimer()
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.timer = setTimer(() => {
      this.timer = undefined
      void this.run().catch(() => undefined)
    }, this.options.debounceMs ?? SYNC_DEBOUNCE_MS)
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) {
      const clearTimer =
        this.options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
      clearTimer(this.timer)
      this.timer = undefined
    }
  }
}
