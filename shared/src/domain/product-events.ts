// Anonymous product events (docs/adr/053-product-events.md): which things people do, counted, never
// what they do it on. The names are an allowlist shared by the clients (which send them) and the
// relay (which refuses any other), so an event can carry no URL, no page text and no user id: a
// batch is only names and counts, and the relay adds them up per UTC day.

/** The events the apps may send. Nothing else is accepted by the relay. */
export const PRODUCT_EVENT_NAMES = [
  'highlight_created',
  'note_added',
  'page_saved',
  'import_completed',
  'export_completed',
  'review_session_completed',
  'ai_summary_created',
  'ai_chat_message_sent',
  'share_created',
  'reader_opened',
  'checkout_started',
  'checkout_completed',
  'giveaway_created',
  'giveaway_redeemed',
] as const
export type InkmarkEventName = (typeof PRODUCT_EVENT_NAMES)[number]

/** One counted event of a batch. */
export interface ProductEvent {
  name: InkmarkEventName
  /** How many times it happened (1 when left out); 1 to PRODUCT_EVENT_MAX_COUNT. */
  count?: number
}

/** The body of POST /events. */
export interface ProductEventBatch {
  events: ProductEvent[]
}

/** Largest count one event of a batch may carry. */
export const PRODUCT_EVENT_MAX_COUNT = 100
/** Most events one batch may carry. */
export const PRODUCT_EVENTS_PER_BATCH = 50

const KNOWN_NAMES: ReadonlySet<string> = new Set(PRODUCT_EVENT_NAMES)

/** Whether `name` is one of the allowlisted event names. */
export function isProductEventName(name: unknown): name is InkmarkEventName {
  return typeof name === 'string' && KNOWN_NAMES.has(name)
}

/** Adds up events of the same name into as few entries as the per-event count cap allows. */
export function mergeProductEvents(events: readonly ProductEvent[]): ProductEvent[] {
  const totals = new Map<InkmarkEventName, number>()
  for (const event of events) {
    totals.set(event.name, (totals.get(event.name) ?? 0) + (event.count ?? 1))
  }
  const merged: ProductEvent[] = []
  for (const [name, total] of totals) {
    for (let left = total; left > 0; left -= PRODUCT_EVENT_MAX_COUNT) {
      merged.push({ name, count: Math.min(left, PRODUCT_EVENT_MAX_COUNT) })
    }
  }
  return merged
}

/** Splits merged events into batches the relay accepts (at most PRODUCT_EVENTS_PER_BATCH each). */
export function toProductEventBatches(events: readonly ProductEvent[]): ProductEventBatch[] {
  const merged = mergeProductEvents(events)
  const batches: ProductEventBatch[] = []
  for (let start = 0; start < merged.length; start += PRODUCT_EVENTS_PER_BATCH) {
    batches.push({ events: merged.slice(start, start + PRODUCT_EVENTS_PER_BATCH) })
  }
  return batches
}

/** The UTC day (YYYY-MM-DD) an event counted at `now` is added to. */
export function productEventDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10)
}

/**
 * Sends events through `post` (which calls POST /events) in accepted batches, unless `enabled` is
 * false. Failures are swallowed: counts are a nicety and never worth an error or a retry.
 */
export async function sendProductEvents(
  post: (batch: ProductEventBatch) => Promise<unknown>,
  events: readonly ProductEvent[],
  enabled: boolean,
): Promise<void> {
  if (!enabled) {
    return
  }
  for (const batch of toProductEventBatches(events)) {
    try {
      await post(batch)
    } catch {
      return
    }
  }
}
