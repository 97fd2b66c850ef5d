import { describe, expect, it } from 'vitest'
import { buildMiscForTest } from './misc-testing'

/** Every misc route of this module with a well-formed body. */
const ROUTES = [
  { method: 'POST' as const, url: '/page-content', payload: { url: 'https://example.com/' } },
  { method: 'POST' as const, url: '/html-to-pdf', payload: { html: '<p>Hi</p>', title: 'Hi' } },
]

describe('misc server', () => {
  it('answers its health check, naming itself (a relay answers /health too)', async () => {
    const { misc, relay } = await buildMiscForTest()
    const response = await misc.inject({ method: 'GET', url: '/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ service?: string }>().service).toBe('misc')
    const relayHealth = await relay.inject({ method: 'GET', url: '/health' })
    expect(relayHealth.json<{ service?: string }>().service).toBeUndefined()
  })

  it.each(ROUTES)(
    'refuses $url without a login token, a bad one, or a deleted account',
    async (route) => {
      const kit = await buildMiscForTest()
      const { misc, relay } = kit
      const missing = await misc.inject(route)
      expect(missing.statusCode).toBe(401)
      expect(missing.json<{ code: string }>().code).toBe('UNAUTHORIZED')
      const forged = await misc.inject({
        ...route,
        headers: { authorization: 'Bearer not.a.token' },
      })
      expect(forged.statusCode).toBe(401)
      const token = await kit.signUp()
      const deleted = await relay.inject({
        method: 'DELETE',
        url: '/users/delete',
        headers: { authorization: `Bearer ${token}` },
        payload: { password: 'correct horse' },
      })
      expect(deleted.statusCode).toBe(200)
      const gone = await misc.inject({ ...route, headers: { authorization: `Bearer ${token}` } })
      expect(gone.statusCode).toBe(401)
    },
  )

  it('checks login before it reads the body', async () => {
    const { misc } = await buildMiscForTest()
    const response = await misc.inject({
      method: 'POST',
      url: '/page-content',
      payload: { nope: 1 },
    })
    expect(response.statusCode).toBe(401)
  })

  it('refuses a bad body with a coded 400 and no stack', async () => {
    const kit = await buildMiscForTest()
    const { misc } = kit
    const token = await kit.signUp()
    const response = await misc.inject({
      method: 'POST',
      url: '/page-content',
      headers: { authorization: `Bearer ${token}` },
      payload: { url: 42 },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json<object>()).sort()).toEqual(['code', 'message'])
    expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED')
  })
})
