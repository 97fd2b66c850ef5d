import { describe, expect, it } from 'vitest'
import {
  PRODUCT_EVENT_MAX_COUNT,
  PRODUCT_EVENTS_PER_BATCH,
  PRODUCT_EVENT_NAMES,
  isProductEventName,
  mergeProductEvents,
  productEventDay,
  sendProductEvents,
  toProductEventBatches,
  type ProductEventBatch,
} from './product-events'

describe('product events', () => {
  it('knows only the allowlisted names', () => {
    expect(isProductEventName('highlight_created')).toBe(true)
    expect(isProductEventName('https://example.com')).toBe(false)
    expect(isProductEventName(42)).toBe(false)
    expect(new Set(PRODUCT_EVENT_NAMES).size).toBe(PRODUCT_EVENT_NAMES.length)
    for (const name of PRODUCT_EVENT_NAMES) {
      expect(name).toMatch(/^[a-z_]+$/)
    }
  })

  it('adds up counts per name, splitting at the per-event cap', () => {
    expect(
      mergeProductEvents([
        { name: 'page_saved' },
        { name: 'highlight_created', count: 60 },
        { name: 'page_saved', count: 2 },
        { name: 'highlight_created', count: 60 },
      ]),
    ).toEqual([
      { name: 'page_saved', count: 3 },
      { name: 'highlight_created', count: PRODUCT_EVENT_MAX_COUNT },
      { name: 'highlight_created', count: 20 },
    ])
  })

  it('splits into batches of at most 50 events', () => {
    const many = Array.from({ length: 51 }, () => ({ name: 'note_added' as const, count: 100 }))
    const batches = toProductEventBatches(many)
    expect(batches.map((batch) => batch.events.length)).toEqual([PRODUCT_EVENTS_PER_BATCH, 1])
    expect(toProductEventBatches([])).toEqual([])
  })

  it('counts on the UTC day', () => {
    expect(productEventDay(Date.UTC(2026, 10, 26, 23, 59, 59))).toBe('2026-11-26')
    expect(productEventDay(Date.UTC(2026, 10, 27, 0, 0, 0))).toBe('2026-11-27')
  })

  it('sends nothing when switched off, and swallows failures', async () => {
    const sent: ProductEventBatch[] = []
    const post = (batch: ProductEventBatch) => {
      sent.push(batch)
      return Promise.resolve()
    }
    await sendProductEvents(post, [{ name: 'page_saved' }], false)
    expect(sent).toEqual([])
    await sendProductEvents(post, [{ name: 'page_saved' }], true)
    expect(sent).toEqual([{ events: [{ name: 'page_saved', count: 1 }] }])
    let calls = 0
    const failing = () => {
      calls += 1
      return Promise.reject(new Error('offline'))
    }
    const many = Array.from({ length: 60 }, (_, index) => ({
      name: PRODUCT_EVENT_NAMES[index % PRODUCT_EVENT_NAMES.length]!,
      count: 100,
    }))
    await expect(sendProductEvents(failing, many, true)).resolves.toBeUndefined()
    // The first failure stops the rest: no retries, no storm.
    expect(calls).toBe(1)
  })
})
