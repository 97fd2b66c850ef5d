import { describe, expect, it } from 'vitest'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { buildRelay } from '../testing/build'
import { EVENTS_RATE_LIMIT_PER_MINUTE } from './events'

const NOON = Date.UTC(2026, 5, 15, 12, 0, 0)
const DAY = '2026-06-15'

async function relayWithStorage(now = () => NOON) {
  const storage = openSqliteStorage(':memory:')
  const app = await buildRelay({ storage, now })
  return { app, storage }
}

describe('POST /events', () => {
  it('adds allowlisted counts to the UTC day per name, with no token and nothing about the caller', async () => {
    const { app, storage } = await relayWithStorage()
    const first = await app.inject({
      method: 'POST',
      url: '/events',
      payload: { events: [{ name: 'highlight_created', count: 3 }, { name: 'page_saved' }] },
    })
    expect(first.statusCode).toBe(204)
    await app.inject({
      method: 'POST',
      url: '/events',
      payload: { events: [{ name: 'highlight_created', count: 2 }] },
    })
    expect(await storage.listProductEventCounts(DAY, DAY)).toEqual([
      { day: DAY, name: 'highlight_created', count: 5 },
      { day: DAY, name: 'page_saved', count: 1 },
    ])
  })

  it.each([
    ['an unknown name', { events: [{ name: 'visited_https://example.com' }] }],
    ['a count of 0', { events: [{ name: 'page_saved', count: 0 }] }],
    ['a count over 100', { events: [{ name: 'page_saved', count: 101 }] }],
    ['a fractional count', { events: [{ name: 'page_saved', count: 1.5 }] }],
    ['a URL beside the name', { events: [{ name: 'page_saved', url: 'https://example.com' }] }],
    ['a user id beside the events', { events: [{ name: 'page_saved' }], userId: 'u1' }],
    ['no events', { events: [] }],
    ['51 events', { events: Array.from({ length: 51 }, () => ({ name: 'page_saved' })) }],
  ])('refuses %s with 400 and stores nothing', async (_label, payload) => {
    const { app, storage } = await relayWithStorage()
    const response = await app.inject({ method: 'POST', url: '/events', payload })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(response.body).not.toMatch(/\bat\s.+\.ts:\d+/)
    expect(await storage.listProductEventCounts('0000-00-00', '9999-99-99')).toEqual([])
  })

  it('a valid batch among refused ones stores only its own counts', async () => {
    const { app, storage } = await relayWithStorage()
    await app.inject({
      method: 'POST',
      url: '/events',
      payload: { events: [{ name: 'export_completed' }, { name: 'nope' }] },
    })
    await app.inject({
      method: 'POST',
      url: '/events',
      payload: { events: [{ name: 'note_added' }] },
    })
    expect(await storage.listProductEventCounts(DAY, DAY)).toEqual([
      { day: DAY, name: 'note_added', count: 1 },
    ])
  })

  it('rate-limits each address', async () => {
    const { app } = await relayWithStorage()
    const send = () =>
      app.inject({ method: 'POST', url: '/events', payload: { events: [{ name: 'page_saved' }] } })
    for (let call = 0; call < EVENTS_RATE_LIMIT_PER_MINUTE; call += 1) {
      expect((await send()).statusCode).toBe(204)
    }
    expect((await send()).statusCode).toBe(429)
  })
})
