import { describe, expect, it } from 'vitest'
import { retryAfterMs } from './retry-after'

const NOW = Date.parse('2026-06-15T12:00:00Z')
const headers = (entries: Record<string, string>) => new Headers(entries)

describe('retryAfterMs', () => {
  it('reads seconds, an HTTP date and OpenAI’s retry-after-ms', () => {
    expect(retryAfterMs(headers({ 'retry-after': '20' }), NOW)).toBe(20_000)
    expect(retryAfterMs(headers({ 'retry-after': '1.5' }), NOW)).toBe(1500)
    expect(retryAfterMs(headers({ 'retry-after': 'Mon, 15 Jun 2026 12:01:00 GMT' }), NOW)).toBe(
      60_000,
    )
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '1' }), NOW)).toBe(250)
  })

  it('gives 0 for a date past, and undefined without a readable header', () => {
    expect(retryAfterMs(headers({ 'retry-after': 'Mon, 15 Jun 2026 11:00:00 GMT' }), NOW)).toBe(0)
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), NOW)).toBeUndefined()
    expect(retryAfterMs(headers({}), NOW)).toBeUndefined()
    expect(retryAfterMs(undefined, NOW)).toBeUndefined()
  })
})
