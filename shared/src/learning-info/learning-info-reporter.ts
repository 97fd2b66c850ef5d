// Sends this device's learning report to the relay while someone is signed in: once when started
// (the app opened, or signed in), then after the library changes, debounced, and only when the
// figures or the local day changed. Offline-tolerant: a report that could not be sent waits for
// the browser to be back online or for the next change; a 429 waits for the relay's Retry-After;
// a refused token stops it (sync signs the person out).
import type { Mark } from '../domain/entities/mark'
import { learningDayIndex } from '../domain/learning-session'
import { RelayCallError, RelayErrorKind } from '../sync/relay-client'
import { learningReport, type LearningReport } from './learning-report'

/** Library changes closer together than this make one report. */
export const LEARNING_REPORT_DEBOUNCE_MS = 2000

export interface LearningInfoReporterOptions {
  readMarks: () => readonly Mark[]
  /** Calls the listener after every change of the library; returns the unsubscribe. */
  observe: (listener: () => void) => () => void
  send: (report: LearningReport) => Promise<void>
  now?: () => number
  /** Minutes east of UTC. */
  timeZoneOffset?: () => number
  debounceMs?: number
  /** Where 'online' is heard (window in the app). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>
}

export class LearningInfoReporter {
  private timer: ReturnType<typeof setTimeout> | undefined
  private unobserve: (() => void) | undefined
  private lastSent: string | undefined
  private sending: Promise<void> = Promise.resolve()
  private stopped = true
  private readonly onOnline = () => this.schedule(0)

  constructor(private readonly options: LearningInfoReporterOptions) {}

  start(): void {
    if (!this.stopped) {
      return
    }
    this.stopped = false
    this.unobserve = this.options.observe(() => this.schedule())
    this.options.events?.addEventListener('online', this.onOnline)
    this.schedule(0)
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.timer)
    this.unobserve?.()
    this.options.events?.removeEventListener('online', this.onOnline)
  }

  /** Sends now if the report changed; resolves when done (never rejects). */
  flush(): Promise<void> {
    this.sending = this.sending.then(() => this.sendIfChanged())
    return this.sending
  }

  private schedule(delay = this.options.debounceMs ?? LEARNING_REPORT_DEBOUNCE_MS): void {
    if (this.stopped) {
      return
    }
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.flush(), delay)
  }

  private async sendIfChanged(): Promise<void> {
    if (this.stopped) {
      return
    }
    const now = (this.options.now ?? Date.now)()
    const offset = (this.options.timeZoneOffset ?? (() => -new Date(now).getTimezoneOffset()))()
    const report = learningReport(this.options.readMarks(), now, offset)
    const key = JSON.stringify([learningDayIndex(now, offset), report])
    if (key === this.lastSent) {
      return
    }
    try {
      await this.options.send(report)
      this.lastSent = key
    } catch (error) {
      if (error instanceof RelayCallError && error.kind === RelayErrorKind.UNAUTHORIZED) {
        this.stop()
      } else if (error instanceof RelayCallError && error.retryAfterMs !== undefined) {
        this.schedule(error.retryAfterMs)
      }
      // Unreachable or failed: the next change, or coming back online, tries again.
    }
  }
}
