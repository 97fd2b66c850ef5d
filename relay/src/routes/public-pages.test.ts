// The server-rendered public pages through the whole relay: data pushed with POST /sync, read by
// GET /explore/:shareId and /discover/page/:shareId from the public projection. Authorization
// (only what the owner published), one 404 for everything else, caching and the rate limit.
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildRelay } from '../testing/build'
import { createUser, entity, push, type TestUser } from '../testing/relay-harness'
import { PUBLIC_READS_PER_MINUTE } from './sharing'

const SHARED = 'sharedPageId_000000000A'.slice(0, 22)
const LINK_ONLY = 'linkOnlyPageId_0000000B'.slice(0, 22)
const PRIVATE = 'privatePageId_00000000C'.slice(0, 22)
const UNKNOWN = 'unknownPageId_00000000D'.slice(0, 22)
const EVIL = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'

async function share(
  app: FastifyInstance,
  user: TestUser,
  id: string,
  shareId: string,
  permission: string,
) {
  await push(app, user, [
    entity.bookmark(id, {
      shareId,
      permission,
      title: `${EVIL} title`,
      url: 'https://example.com/article',
      origin: 'example.com',
      tags: [`${EVIL}tag`],
    }),
    entity.mark(`${id}-shown`, id, {
      text: 'A shown highlight',
      notes: 'A note the owner shows',
      isNotePublic: true,
      permission: 'PUBLIC',
      color: '#3cbefc',
    }),
    entity.mark(`${id}-hidden-note`, id, {
      text: 'Shown, its note hidden',
      notes: 'SECRET-NOTE',
      isNotePublic: false,
      permission: 'PUBLIC',
    }),
    entity.mark(`${id}-private`, id, { text: 'SECRET-MARK', permission: 'PRIVATE' }),
  ])
}

const OPERATOR_TOKEN = 'operator-token-operator-token-operator-token'

async function relayWithPages() {
  const app = await buildRelay({ config: { operatorToken: OPERATOR_TOKEN } })
  const owner = await createUser(app, 'owner@example.com')
  await share(app, owner, 'b-public', SHARED, 'PUBLIC')
  await share(app, owner, 'b-link', LINK_ONLY, 'PUBLIC_LINK')
  await share(app, owner, 'b-private', PRIVATE, 'PRIVATE')
  return { app, owner }
}

// A relay with three accounts' sign-ups (scrypt) per test, and 601 views in the rate limit's: slow
// on a busy machine, so a generous hang guard.
describe('GET /explore/:shareId (HTML)', { timeout: 30_000 }, () => {
  it('answers a shared page with its metadata and only what the owner published', async () => {
    const { app } = await relayWithPages()
    const response = await app.inject({ method: 'GET', url: `/explore/${SHARED}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-/,
    )
    expect(response.headers['cache-control']).toBe('public, no-cache')
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(response.headers['x-robots-tag']).toBeUndefined()
    const html = response.body
    expect(html).toContain('<meta property="og:title" content="&lt;script&gt;alert(1)')
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:0/explore/${SHARED}">`)
    expect(html).toContain('A shown highlight')
    expect(html).toContain('A note the owner shows')
    expect(html).toContain('Shown, its note hidden')
    expect(html).not.toContain('SECRET-NOTE')
    expect(html).not.toContain('SECRET-MARK')
    expect(html).not.toContain('owner@example.com')
    expect(html).not.toContain('b-public')
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html).not.toContain('<img')
  })

  it('answers the same document at /discover/page/:shareId, and 304 for its ETag', async () => {
    const { app } = await relayWithPages()
    const explore = await app.inject({ method: 'GET', url: `/explore/${SHARED}` })
    const discover = await app.inject({ method: 'GET', url: `/discover/page/${SHARED}` })
    expect(discover.statusCode).toBe(200)
    expect(discover.body).toBe(explore.body)
    const again = await app.inject({
      method: 'GET',
      url: `/explore/${SHARED}`,
      headers: { 'if-none-match': explore.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('keeps a link-only page out of search engines', async () => {
    const { app } = await relayWithPages()
    const response = await app.inject({ method: 'GET', url: `/explore/${LINK_ONLY}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow">')
  })

  it('answers one identical 404 for private, unknown and malformed ids', async () => {
    const { app } = await relayWithPages()
    const answers = await Promise.all(
      [
        `/explore/${PRIVATE}`,
        `/explore/${UNKNOWN}`,
        '/explore/short',
        `/explore/${'x'.repeat(40)}`,
        `/explore/${encodeURIComponent('<script>')}`,
        `/discover/page/${PRIVATE}`,
        '/discover/page/b-public',
      ].map((url) => app.inject({ method: 'GET', url })),
    )
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404)
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(answer.headers['cache-control']).toBe('no-store')
      expect(answer.headers.etag).toBeUndefined()
      expect(answer.body).toBe(answers[0]?.body)
    }
    expect(answers[0]?.body).toContain('This page is not shared')
    expect(answers[0]?.body).not.toContain('SECRET')
  })

  it('is gone at once when the owner unshares, and back with the same link when shared again', async () => {
    const { app, owner } = await relayWithPages()
    const before = await app.inject({ method: 'GET', url: `/explore/${SHARED}` })
    expect(before.statusCode).toBe(200)
    await push(app, owner, [
      entity.bookmark('b-public', { shareId: SHARED, permission: 'PRIVATE' }),
    ])
    const after = await app.inject({
      method: 'GET',
      url: `/explore/${SHARED}`,
      headers: { 'if-none-match': before.headers.etag as string },
    })
    expect(after.statusCode).toBe(404)
  })

  it('answers the same 404 for a page the operator hid', async () => {
    const { app } = await relayWithPages()
    const unknown = await app.inject({ method: 'GET', url: `/explore/${UNKNOWN}` })
    const hide = await app.inject({
      method: 'PUT',
      url: `/operator/hidden-pages/${SHARED}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    })
    expect(hide.statusCode).toBe(200)
    for (const url of [`/explore/${SHARED}`, `/discover/page/${SHARED}`]) {
      const hidden = await app.inject({ method: 'GET', url })
      expect(hidden.statusCode).toBe(404)
      expect(hidden.body).toBe(unknown.body)
    }
  })

  it("never shows another user's private page to a signed-in reader", async () => {
    const { app } = await relayWithPages()
    const reader = await createUser(app, 'reader@example.com')
    const response = await app.inject({
      method: 'GET',
      url: `/explore/${PRIVATE}`,
      headers: reader.headers,
    })
    expect(response.statusCode).toBe(404)
  })

  it('limits views per address', async () => {
    const { app } = await relayWithPages()
    const statuses: number[] = []
    for (let index = 0; index <= PUBLIC_READS_PER_MINUTE; index += 1) {
      const response = await app.inject({ method: 'GET', url: `/explore/${UNKNOWN}` })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, PUBLIC_READS_PER_MINUTE).every((s) => s === 404)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})
