// The client side of anonymous product events (docs/adr/053-product-events.md): the apps record an
// event name where something happens, and this queue adds them up and posts them to the relay's
// POST /events a few seconds later, in one request. It never blocks the caller, never retries, and
// drops everything silently when sending fails or when the device's privacy setting is off (asked
// both when recording and when sending, so switching it off stops what is already queued).
import {
  sendProductEvents,
  type InkmarkEventName,
  type ProductEvent,
  type ProductEventBatch,
} from '../domain/product-events'

/** Wait this long after the last recorded event before sending the batch. */
export const PRODUCT_EVENTS_DEBOUNCE_MS = 5000

export interface ProductEventQueueOptions {
  /** The relay's HTTP origin; no events are sent while it is empty. */
  relayUrl: () => string
  /** The device's "Send anonymous usage counts" setting. */
  isEnabled: () => boolean
  fetch?: typeof fetch
  debounceMs?: number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/** Collects product events and sends them in debounced, anonymous batches. */
export class ProductEventQueue {
  private pending: ProductEvent[] = []
  private timer: unknown

  constructor(private readonly options: ProductEventQueueOptions) {}

  /** Counts one occurrence (or `count`) of `name`; sent with the next batch. */
  record(name: InkmarkEventName, count = 1): void {
    if (!this.options.isEnabled()) {
      return
    }
    this.pending.push({ name, count })
    this.cancelTimer()
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.timer = setTimer(() => {
      this.timer = undefined
      void this.flush()
    }, this.options.debounceMs ?? PRODUCT_EVENTS_DEBOUNCE_MS)
  }

  /** Sends what is queued now (the page is being hidden, or a test). */
  async flush(): Promise<void> {
    this.cancelTimer()
    const events = this.pending
    this.pending = []
    const relayUrl = this.options.relayUrl().replace(/\/$/, '')
    if (events.length === 0 || relayUrl === '') {
      return
    }
    await sendProductEvents((batch) => this.post(relayUrl, batch), events, this.options.isEnabled())
  }

  private async post(relayUrl: string, batch: ProductEventBatch): Promise<void> {
    const fetchImpl = this.options.fetch ?? ((input, init) => fetch(input, init))
    // No credentials and no token: the counts are anonymous.
    const response = await fetchImpl(`${relayUrl}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
      credentials: 'omit',
      keepalive: true,
    })
    if (!response.ok) {
      throw new Error(`POST /events: HTTP ${response.status}`)
    }
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
