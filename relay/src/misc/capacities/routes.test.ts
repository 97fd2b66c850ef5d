// The Capacities calls through the app against the Capacities stand-in
// (misc/testing/capacities-stand-in.ts): spaces, a saved weblink with the highlights as markdown,
// the error mapping, the daily limit, login and the rate limit.
import { CAPACITIES_DAILY_LIMIT_MESSAGE, type ExportPagePayload } from '@inkmark/shared'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { injectAs, type TestUser } from '../../testing/relay-harness'
import { integrationsTestApp, type IntegrationsTestApp } from '../testing/integrations-test-app'

const exportPayload: ExportPagePayload = {
  page: {
    url: 'https://example.com/article',
    title: 'An article about ink',
    description: 'What it says',
    tags: ['reading', 'ink'],
    inkmarkUrl: 'https://app.inkmark.app/page/b1',
  },
  marks: [
    {
      text: 'A [link](javascript:alert(1)) <b>bold</b>',
      color: '#fdffb4',
      note: 'My note',
      tags: ['key'],
      createdAt: 1,
    },
    { text: 'Second', color: '#c3effc', tags: [], createdAt: 2 },
  ],
}

function save(
  setup: IntegrationsTestApp,
  user: TestUser,
  token: string,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return injectAs(setup.app, user, {
    method: 'POST',
    url: '/capacities/weblink',
    headers: { 'x-capacities-token': token },
    payload: body as Record<string, unknown>,
  })
}

describe('GET /capacities/spaces', { timeout: 30_000 }, () => {
  it('lists the spaces with the token as Bearer', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('spaces@example.com')
    const token = setup.capacities.issueToken()
    const id = setup.capacities.addSpace('Research', '🔬')
    const answer = await injectAs(setup.app, user, {
      method: 'GET',
      url: '/capacities/spaces',
      headers: { 'x-capacities-token': token },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ items: [{ id, title: 'Research', icon: '🔬' }] })
    expect(setup.capacities.authorizations).toEqual([`Bearer ${token}`])
    expect(setup.logs()).not.toContain(token)
  })

  it('maps 401 to unauthorized, passes 429 on with Retry-After, and a timeout says so', async () => {
    const setup = await integrationsTestApp({ capacitiesTimeoutMs: 200 })
    const user = await setup.user('errors@example.com')
    const spaces = (token: string) =>
      injectAs(setup.app, user, {
        method: 'GET',
        url: '/capacities/spaces',
        headers: { 'x-capacities-token': token },
      })
    const refused = await spaces('cap_not_issued')
    expect(refused.statusCode).toBe(401)
    expect(refused.json<{ code: string }>().code).toBe('unauthorized')
    const token = setup.capacities.issueToken()
    setup.capacities.rateLimitNext(1, 42)
    const limited = await spaces(token)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBe('42')
    expect(limited.json<{ code: string }>().code).toBe('rate_limited')
    setup.capacities.holdNext(1)
    const slow = await spaces(token)
    expect(slow.statusCode).toBe(504)
    expect(slow.json<{ code: string; message: string }>().message).toContain('timed out')
  })
})

describe('POST /capacities/weblink', { timeout: 30_000 }, () => {
  it('saves the page as a weblink with its tags and the highlights as escaped markdown', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('weblink@example.com')
    const token = setup.capacities.issueToken()
    const spaceId = setup.capacities.addSpace('Research')
    const answer = await save(setup, user, token, { spaceId, ...exportPayload })
    expect(answer.statusCode).toBe(200)
    const [saved] = setup.capacities.weblinks
    expect(answer.json()).toEqual({ id: saved?.id })
    expect(saved).toMatchObject({
      spaceId,
      url: 'https://example.com/article',
      titleOverwrite: 'An article about ink',
      descriptionOverwrite: 'What it says',
      tags: ['reading', 'ink'],
    })
    expect(saved?.mdText).toContain('[Open in Inkmark](<https://app.inkmark.app/page/b1>)')
    expect(saved?.mdText).toContain(
      '> A \\[link\\]\\(javascript:alert\\(1\\)\\) &lt;b\\>bold&lt;/b\\>',
    )
    expect(saved?.mdText).toContain('**Note:** My note')
    expect(saved?.mdText).toContain('Tags: #key')
  })

  it('answers 404 object_not_found for an unknown space and 400 for a bad body, neither counted', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('bad@example.com')
    const token = setup.capacities.issueToken()
    const unknown = await save(setup, user, token, {
      spaceId: '00000000-0000-4000-8000-000000000000',
      ...exportPayload,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json<{ code: string }>().code).toBe('object_not_found')
    const bad = await save(setup, user, token, { spaceId: 'nope', ...exportPayload })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ code: string }>().code).toBe('validation_error')
    const spaceId = setup.capacities.addSpace('Research')
    expect((await save(setup, user, token, { spaceId, ...exportPayload })).statusCode).toBe(200)
  })

  it('refuses the second save of the day on Free with 402 daily_limit, not on Premium', async () => {
    const setup = await integrationsTestApp()
    const free = await setup.user('cap-free@example.com')
    const premium = await setup.user('cap-premium@example.com')
    setup.makePremium(premium.email)
    const token = setup.capacities.issueToken()
    const spaceId = setup.capacities.addSpace('Research')
    expect((await save(setup, free, token, { spaceId, ...exportPayload })).statusCode).toBe(200)
    const refused = await save(setup, free, token, { spaceId, ...exportPayload })
    expect(refused.statusCode).toBe(402)
    expect(refused.json()).toEqual({ code: 'daily_limit', message: CAPACITIES_DAILY_LIMIT_MESSAGE })
    expect(setup.capacities.weblinks).toHaveLength(1)
    expect((await save(setup, premium, token, { spaceId, ...exportPayload })).statusCode).toBe(200)
    expect((await save(setup, premium, token, { spaceId, ...exportPayload })).statusCode).toBe(200)
  })

  it('needs the login on both calls', async () => {
    const setup = await integrationsTestApp()
    const token = setup.capacities.issueToken()
    for (const [method, url] of [
      ['GET', '/capacities/spaces'],
      ['POST', '/capacities/weblink'],
    ] as const) {
      const answer = await setup.app.inject({
        method,
        url,
        headers: { 'x-capacities-token': token },
      })
      expect(answer.statusCode, url).toBe(401)
      expect(answer.json<{ code: string }>().code).toBe('UNAUTHORIZED')
    }
    expect(setup.capacities.authorizations).toHaveLength(0)
  })
})
