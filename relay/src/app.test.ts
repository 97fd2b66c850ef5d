import { describe, expect, it } from 'vitest'
import { buildRelay } from './testing/build'

describe('relay app', () => {
  it('answers GET /health', async () => {
    const app = await buildRelay()
    const response = await app.inject({ method: 'GET', url: '/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', version: 'test' })
  })

  it('answers unknown routes with a JSON error and a stable code', async () => {
    const app = await buildRelay()
    const response = await app.inject({ method: 'GET', url: '/nope' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Route GET /nope not found' })
  })
})
