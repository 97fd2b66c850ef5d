import { describe, expect, it } from 'vitest'
import { capacitiesError } from './capacities-client'

const now = Date.UTC(2026, 10, 26)

describe('capacitiesError', () => {
  it("maps Capacities' answers to the product-level codes", () => {
    expect(capacitiesError(401, undefined, null, now)).toMatchObject({
      status: 401,
      code: 'unauthorized',
    })
    expect(capacitiesError(404, undefined, null, now)).toMatchObject({
      status: 404,
      code: 'object_not_found',
    })
    expect(
      capacitiesError(400, { message: 'Invalid UUID', statusCode: 400 }, null, now),
    ).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'Capacities refused the export: Invalid UUID',
    })
    expect(capacitiesError(500, undefined, null, now)).toMatchObject({
      status: 502,
      code: 'unknown_error',
    })
  })

  it('passes Retry-After on, a minute when Capacities sent none (its limits are per minute)', () => {
    expect(capacitiesError(429, undefined, '12', now).retryAfterSeconds).toBe(12)
    expect(capacitiesError(429, undefined, null, now).retryAfterSeconds).toBe(60)
  })
})
