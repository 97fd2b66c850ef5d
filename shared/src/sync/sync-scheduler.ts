// When sync runs: on start, shortly after local changes (debounced, so a burst of highlighting
// makes one sync), when the device comes back online, when the app gets focus, and on demand.
// Remote changes (pulls, live rooms) never schedule a sync: only this device's own writes do.
import type { LocalStore } from '../store/local-store'
import type { SyncEngine, SyncOutcome } from './sync-engine'

/** Wait this long after the last local change before syncing. */
export const SYNC_DEBOUNCE_MS = 2000

export interface SyncSchedulerOptions {
  debounceMs?: number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/** Decides when a device syncs. */
export class SyncScheduler {
  private timer: unknown
  private unsubscribe: (() => void) | undefined

  constructor(
    private readonly engine: SyncEngine,
    private readonly store: LocalStore,
    private readonly options: SyncSchedulerOptions = {},
  ) {}

  /** Starts watching local changes and syncs once now. */
  start(): Promise<SyncOutcome> {
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

  /** On demand (the sync button), or when a live room reconnected. */
  syncNow(): Promise<SyncOutcome> {
    this.cancelTimer()
    return this.engine.sync()
  }

  /** Stops watching; a pending debounced sync is dropped. */
  stop(): void {
    this.cancelTimer()
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  private schedule(): void {
    this.cancelTimer()
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.timer = setTimer(() => {
      this.timer = undefined
      void this.engine.sync().catch(() => undefined)
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
