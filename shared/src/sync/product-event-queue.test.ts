import { describe, expect, it } from 'vitest'
import { ProductEventQueue, PRODUCT_EVENTS_DEBOUNCE_MS } from './product-event-queue'

function setUp(options: { enabled?: () => boolean; status?: number; relayUrl?: string } = {}) {
  const bodies: unknown[] = []
  const requests: RequestInit[] = []
  const timers: { run: () => void; ms: number }[] = []
  const queue = new ProductEventQueue({
    relayUrl: () => options.relayUrl ?? 'http://relay.test/',
    isEnabled: options.enabled ?? (() => true),
    fetch: (_input, init) => {
      requests.push(init ?? {})
      bodies.push(JSON.parse(init?.body as string))
      return Promise.resolve(new Response(null, { status: options.status ?? 204 }))
    },
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
  })
  return { queue, bodies, requests, timers }
}

describe('ProductEventQueue', () => {
  it('adds up what was recorded and sends one anonymous batch after the debounce', async () => {
    const { queue, bodies, requests, timers } = setUp()
    queue.record('highlight_created')
    queue.record('highlight_created')
    queue.record('page_saved', 3)
    expect(bodies).toEqual([])
    expect(timers.at(-1)?.ms).toBe(PRODUCT_EVENTS_DEBOUNCE_MS)
    await queue.flush()
    expect(bodies).toEqual([
      {
        events: [
          { name: 'highlight_created', count: 2 },
          { name: 'page_saved', count: 3 },
        ],
      },
    ])
    expect(requests[0]).toMatchObject({ method: 'POST', credentials: 'omit' })
    expect(JSON.stringify(requests[0]?.headers)).not.toMatch(/authorization/i)
    await queue.flush()
    expect(bodies).toHaveLength(1)
  })

  it('records nothing while the setting is off, and drops what is queued when it goes off', async () => {
    let enabled = false
    const { queue, bodies } = setUp({ enabled: () => enabled })
    queue.record('page_saved')
    await queue.flush()
    expect(bodies).toEqual([])
    enabled = true
    queue.record('page_saved')
    enabled = false
    await queue.flush()
    expect(bodies).toEqual([])
  })

  it('drops a batch the relay refuses, silently, and sends nothing without a relay', async () => {
    const refused = setUp({ status: 500 })
    refused.queue.record('export_completed')
    await expect(refused.queue.flush()).resolves.toBeUndefined()
    refused.queue.record('import_completed')
    await refused.queue.flush()
    expect(refused.bodies).toHaveLength(2)

    const none = setUp({ relayUrl: '' })
    none.queue.record('page_saved')
    await none.queue.flush()
    expect(none.bodies).toEqual([])
  })
})
