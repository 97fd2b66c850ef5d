// The sharing API's suite (routes/sharing.ts, routes/operator.ts, sharing/*), run on SQLite and
// PostgreSQL: what the public sees of a shared page, that nothing else leaks (other users' private
// and link-only pages, private highlights, hidden notes, ids), that unsharing, deleting, a mark
// going private, account deletion and a lapsed plan remove a page from every answer at once,
// likes, reports and the operator's moderation.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { DISCOVER_PAGE_SIZE, ObjectStore, entityMap, newShareId } from '@inkmark/shared'
import { buildRelay } from './build'
import {
  createUser,
  entity,
  injectAs,
  manualClock,
  push,
  tokenPayload,
  type OpenStorage,
  type TestUser,
} from './relay-harness'
import { connectRoom, listenForRooms, waitUntil, whenSynced } from './ws-client'

const OPERATOR_TOKEN = 'operator-token-operator-token-operator-token'
const DAY = 24 * 60 * 60 * 1000

function sharedBookmark(id: string, shareId: string, overrides: Record<string, unknown> = {}) {
  return entity.bookmark(id, {
    url: `https://example.com/${id}`,
    title: `Title of ${id}`,
    tags: ['reading'],
    permission: 'PUBLIC',
    shareId,
    sharedAt: 1_000,
    ...overrides,
  })
}

function shownMark(id: string, bookmarkId: string, overrides: Record<string, unknown> = {}) {
  return entity.mark(id, bookmarkId, {
    url: `https://example.com/${bookmarkId}`,
    text: `Highlight ${id}`,
    notes: `Secret note ${id}`,
    permission: 'PUBLIC',
    ...overrides,
  })
}

function get(app: FastifyInstance, url: string, user?: TestUser) {
  return user ? injectAs(app, user, { method: 'GET', url }) : app.inject({ method: 'GET', url })
}

function discover(app: FastifyInstance, payload: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/discover', payload })
}

function discoverIds(response: LightMyRequestResponse): string[] {
  return response.json<{ items: { shareId: string }[] }>().items.map((item) => item.shareId)
}

function idOf(user: TestUser): string {
  return String(tokenPayload(user.token)._id)
}

async function everyPublicAnswer(app: FastifyInstance, shareIds: string[]): Promise<string> {
  const answers = [
    (await discover(app)).body,
    (await discover(app, { type: 'most-liked' })).body,
    (await discover(app, { tag: 'reading' })).body,
    (await get(app, '/explore/tags')).body,
    (await app.inject({ method: 'POST', url: '/discover/websites', payload: {} })).body,
  ]
  for (const shareId of shareIds) {
    answers.push((await get(app, `/explore/bookmarks/${shareId}`)).body)
    answers.push((await get(app, `/explore/bookmarks/${shareId}/marks`)).body)
  }
  return answers.join('\n')
}

/** Registers the sharing suite for a storage opened fresh by `open`. */
export function describeSharing(name: string, open: OpenStorage): void {
  async function relay(
    options: { now?: () => number; operator?: boolean; trialDays?: number } = {},
  ) {
    const app = await buildRelay({
      storage: await open(),
      ...(options.now ? { now: options.now } : {}),
      config: {
        ...(options.operator === false ? {} : { operatorToken: OPERATOR_TOKEN }),
        ...(options.trialDays === undefined ? {} : { trialDays: options.trialDays }),
      },
    })
    const ada = await createUser(app, 'ada@example.com')
    const bob = await createUser(app, 'bob@example.com')
    return { app, ada, bob }
  }

  // Each test registers two accounts (scrypt) and writes through a real database: on a busy
  // machine that takes longer than the default 5 s, which is a hang guard here, not a timing check.
  describe(`${name}: sharing API`, { timeout: 30_000 }, () => {
    it('answers only what the owner published, with no-cache and an ETag', async () => {
      const { app, ada } = await relay()
      const shareId = newShareId()
      await push(app, ada, [
        sharedBookmark('b1', shareId, { aiSummary: { text: 'AI summary', createdAt: 1 } }),
        shownMark('m1', 'b1', { isNotePublic: true, notes: 'A note for everyone' }),
        shownMark('m2', 'b1'),
        shownMark('m3', 'b1', { permission: 'PRIVATE', text: 'Private highlight' }),
        entity.page('p1', '<p>Page contents</p>', { url: 'https://example.com/b1' }),
      ])
      const response = await get(app, `/explore/bookmarks/${shareId}`)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
      const page = response.json<Record<string, unknown>>()
      expect(page).toMatchObject({
        shareId,
        permission: 'PUBLIC',
        url: 'https://example.com/b1',
        title: 'Title of b1',
        origin: 'example.com',
        tags: ['reading'],
        likes: 0,
      })
      expect(page).not.toHaveProperty('likedByMe')
      const marks = page.marks as { text: string; note?: string }[]
      expect(marks.map((mark) => [mark.text, mark.note])).toEqual([
        ['Highlight m1', 'A note for everyone'],
        ['Highlight m2', undefined],
      ])
      for (const secret of [
        'Secret note',
        'Private highlight',
        'AI summary',
        'Page contents',
        idOf(ada),
        'ada@example.com',
        '"b1"',
        '"m1"',
      ]) {
        expect(response.body).not.toContain(secret)
      }
      const marksResponse = await get(app, `/explore/bookmarks/${shareId}/marks`)
      expect(marksResponse.json()).toEqual(page.marks)

      const etag = response.headers.etag
      expect(etag).toMatch(/^".+"$/)
      const again = await app.inject({
        method: 'GET',
        url: `/explore/bookmarks/${shareId}`,
        headers: { 'if-none-match': String(etag) },
      })
      expect(again.statusCode).toBe(304)
    })

    it("never lists another user's private or link-only pages, and answers one 404 for all", async () => {
      const { app, ada, bob } = await relay()
      const [adaPublic, bobPrivate, bobLink] = [newShareId(), newShareId(), newShareId()]
      await push(app, ada, [sharedBookmark('a1', adaPublic), shownMark('am1', 'a1')])
      await push(app, bob, [
        sharedBookmark('b1', bobPrivate, {
          permission: 'PRIVATE',
          title: 'Bob private title',
          tags: ['bob-private-tag'],
          url: 'https://bob-private.example/x',
        }),
        shownMark('bm1', 'b1', { text: 'Bob private page highlight' }),
        sharedBookmark('b2', bobLink, {
          permission: 'PUBLIC_LINK',
          title: 'Bob link title',
          tags: ['bob-link-tag'],
          url: 'https://bob-link.example/y',
        }),
        shownMark('bm2', 'b2', { text: 'Bob link highlight' }),
      ])

      expect(discoverIds(await discover(app))).toEqual([adaPublic])
      expect(discoverIds(await discover(app, { type: 'most-liked' }))).toEqual([adaPublic])
      const listed = await everyPublicAnswer(app, [adaPublic])
      for (const secret of ['Bob', 'bob-', bobPrivate, bobLink]) {
        expect(listed).not.toContain(secret)
      }
      expect((await get(app, '/explore/tags')).json()).toEqual([{ tag: 'reading', count: 1 }])
      expect(
        (await app.inject({ method: 'POST', url: '/discover/websites', payload: {} })).json(),
      ).toEqual({ items: [['example.com', 1, 0]] })

      // The link-only page is reachable by its link.
      const link = await get(app, `/explore/bookmarks/${bobLink}`)
      expect(link.statusCode).toBe(200)
      expect(link.json()).toMatchObject({ permission: 'PUBLIC_LINK', title: 'Bob link title' })

      // Private, unknown and malformed ids answer the same 404, signed in or not.
      const notFound = [
        await get(app, `/explore/bookmarks/${bobPrivate}`),
        await get(app, `/explore/bookmarks/${bobPrivate}`, bob),
        await get(app, `/explore/bookmarks/${newShareId()}`),
        await get(app, '/explore/bookmarks/b1'),
        await get(app, `/explore/bookmarks/${bobPrivate}/marks`),
      ]
      for (const response of notFound) {
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual(notFound[0]?.json())
      }
    })

    it('removes a page at once: unshared, a mark made private, deleted', async () => {
      const { app, ada } = await relay()
      const [first, second] = [newShareId(), newShareId()]
      await push(app, ada, [
        sharedBookmark('b1', first),
        shownMark('m1', 'b1'),
        shownMark('m2', 'b1'),
        sharedBookmark('b2', second),
      ])
      expect((await get(app, `/explore/bookmarks/${first}`)).statusCode).toBe(200)

      await push(
        app,
        ada,
        [shownMark('m1', 'b1', { permission: 'PRIVATE', updatedAt: Date.now() + 60_000 })],
        'PUT',
      )
      const marks = (await get(app, `/explore/bookmarks/${first}/marks`)).json<{ text: string }[]>()
      expect(marks.map((mark) => mark.text)).toEqual(['Highlight m2'])

      await push(app, ada, [sharedBookmark('b1', first, { permission: 'PRIVATE' })], 'PUT')
      expect((await get(app, `/explore/bookmarks/${first}`)).statusCode).toBe(404)
      expect(discoverIds(await discover(app))).toEqual([second])

      const deleted = await injectAs(app, ada, {
        method: 'DELETE',
        url: '/sync',
        payload: { entities: [{ _id: 'b2', _objectStore: 'bookmarks' }] },
      })
      expect(deleted.statusCode).toBe(200)
      expect((await get(app, `/explore/bookmarks/${second}`)).statusCode).toBe(404)
      expect(discoverIds(await discover(app))).toEqual([])
      expect((await get(app, '/explore/tags')).json()).toEqual([])
    })

    it('removes every page of a deleted account at once, and its likes', async () => {
      const { app, ada, bob } = await relay()
      const [adaPage, bobPage] = [newShareId(), newShareId()]
      await push(app, ada, [sharedBookmark('a1', adaPage)])
      await push(app, bob, [sharedBookmark('b1', bobPage)])
      await injectAs(app, bob, { method: 'PUT', url: `/bookmarks/like/${adaPage}` })
      expect((await get(app, `/explore/bookmarks/${adaPage}`)).json()).toMatchObject({ likes: 1 })

      const deleted = await injectAs(app, bob, {
        method: 'DELETE',
        url: '/users/delete',
        payload: { password: 'correct horse battery' },
      })
      expect(deleted.statusCode).toBe(200)
      expect((await get(app, `/explore/bookmarks/${bobPage}`)).statusCode).toBe(404)
      expect(discoverIds(await discover(app))).toEqual([adaPage])
      expect((await get(app, `/explore/bookmarks/${adaPage}`)).json()).toMatchObject({ likes: 0 })
    })

    it("hides pages once the owner's plan may no longer share", async () => {
      const clock = manualClock(Date.UTC(2026, 0, 1))
      const { app, ada } = await relay({ now: clock.now })
      const shareId = newShareId()
      await push(app, ada, [sharedBookmark('b1', shareId)])
      expect((await get(app, `/explore/bookmarks/${shareId}`)).statusCode).toBe(200)
      // The test relay's trial is 365 days; afterwards the account is on the free plan.
      clock.advance(400 * DAY)
      expect((await get(app, `/explore/bookmarks/${shareId}`)).statusCode).toBe(404)
      expect(discoverIds(await discover(app))).toEqual([])
      expect((await get(app, '/explore/tags')).json()).toEqual([])
    })

    it("lists the owner's pages, not live, with why, once the plan may not share", async () => {
      const clock = manualClock(Date.UTC(2026, 0, 1))
      const { app, ada } = await relay({ now: clock.now, trialDays: 1 })
      const shareId = newShareId()
      await push(app, ada, [sharedBookmark('b1', shareId)])
      clock.advance(2 * DAY)
      expect((await get(app, `/explore/bookmarks/${shareId}`)).statusCode).toBe(404)
      expect((await get(app, '/sharing', ada)).json()).toEqual({
        items: [expect.objectContaining({ shareId, hidden: false, live: false })],
        shareAllowed: false,
      })
    })

    it('forgets the cached lists at once when a page is unshared, liked or hidden', async () => {
      const { app, ada, bob } = await relay()
      const [first, second] = [newShareId(), newShareId()]
      await push(app, ada, [
        sharedBookmark('b1', first, { sharedAt: 2_000 }),
        sharedBookmark('b2', second),
      ])
      const websites = () => app.inject({ method: 'POST', url: '/discover/websites', payload: {} })
      expect(discoverIds(await discover(app))).toEqual([first, second])
      expect(discoverIds(await discover(app, { type: 'most-liked' }))).toEqual([first, second])
      expect((await websites()).json()).toEqual({ items: [['example.com', 2, 0]] })
      await injectAs(app, bob, { method: 'PUT', url: `/bookmarks/like/${second}` })
      expect(discoverIds(await discover(app, { type: 'most-liked' }))).toEqual([second, first])
      expect((await websites()).json()).toEqual({ items: [['example.com', 2, 1]] })
      await push(app, ada, [sharedBookmark('b1', first, { permission: 'PRIVATE' })], 'PUT')
      expect(discoverIds(await discover(app))).toEqual([second])
      expect((await get(app, '/explore/tags')).json()).toEqual([{ tag: 'reading', count: 1 }])
      const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` }
      await app.inject({
        method: 'PUT',
        url: `/operator/hidden-pages/${second}`,
        headers: operator,
      })
      expect(discoverIds(await discover(app))).toEqual([])
      expect((await get(app, '/explore/tags')).json()).toEqual([])
      expect((await websites()).json()).toEqual({ items: [] })
    })

    it('lets the operator hide a reported page that was unshared or reset since', async () => {
      const { app, ada } = await relay()
      const [old, renewed] = [newShareId(), newShareId()]
      await push(app, ada, [sharedBookmark('b1', old)])
      await push(
        app,
        ada,
        [
          sharedBookmark('b1', old, {
            permission: 'PRIVATE',
            updatedAt: 1_800_000_000_000,
            modifiedAt: 1_800_000_000_000,
          }),
        ],
        'PUT',
      )
      const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` }
      const hidden = await app.inject({
        method: 'PUT',
        url: `/operator/hidden-pages/${old}`,
        headers: operator,
      })
      expect(hidden.statusCode).toBe(200)
      // Shared again under a reset link: still hidden, and shown again by the reported id.
      await push(
        app,
        ada,
        [
          sharedBookmark('b1', renewed, {
            updatedAt: 1_800_000_001_000,
            modifiedAt: 1_800_000_001_000,
          }),
        ],
        'PUT',
      )
      expect((await get(app, `/explore/bookmarks/${renewed}`)).statusCode).toBe(404)
      expect(
        (
          await app.inject({
            method: 'DELETE',
            url: `/operator/hidden-pages/${old}`,
            headers: operator,
          })
        ).statusCode,
      ).toBe(200)
      expect((await get(app, `/explore/bookmarks/${renewed}`)).statusCode).toBe(200)
      // An id nobody ever published is still 404.
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/operator/hidden-pages/${newShareId()}`,
            headers: operator,
          })
        ).statusCode,
      ).toBe(404)
    })

    it('publishes what a live room writes, and removes what it unshares', async () => {
      const { app, ada } = await relay()
      const url = await listenForRooms(app)
      const client = connectRoom(url, 'library', ada.token)
      await whenSynced(client)
      const shareId = newShareId()
      entityMap(client.doc, ObjectStore.BOOKMARKS).set('b1', sharedBookmark('b1', shareId))
      await waitUntil(
        async () => (await get(app, `/explore/bookmarks/${shareId}`)).statusCode === 200,
        'the room write was published',
      )
      entityMap(client.doc, ObjectStore.BOOKMARKS).set(
        'b1',
        sharedBookmark('b1', shareId, { permission: 'PRIVATE' }),
      )
      await waitUntil(
        async () => (await get(app, `/explore/bookmarks/${shareId}`)).statusCode === 404,
        'the room unshare was published',
      )
      client.destroy()
    })

    it("never lets a copied share id take over another user's link", async () => {
      const { app, ada, bob } = await relay()
      const shareId = newShareId()
      await push(app, ada, [sharedBookmark('a1', shareId, { title: 'Ada page' })])
      await push(app, bob, [sharedBookmark('b1', shareId, { title: 'Bob impostor' })])
      expect((await get(app, `/explore/bookmarks/${shareId}`)).json()).toMatchObject({
        title: 'Ada page',
      })
      // Not even after Ada unshares: the id stays Ada's.
      await push(app, ada, [sharedBookmark('a1', shareId, { permission: 'PRIVATE' })], 'PUT')
      await push(app, bob, [sharedBookmark('b1', shareId, { title: 'Bob again' })], 'PUT')
      expect((await get(app, `/explore/bookmarks/${shareId}`)).statusCode).toBe(404)
    })

    it('keeps one like per account, idempotent, for signed-in users only', async () => {
      const { app, ada, bob } = await relay()
      const [first, second] = [newShareId(), newShareId()]
      await push(app, ada, [
        sharedBookmark('b1', first, { sharedAt: 1 }),
        sharedBookmark('b2', second, { sharedAt: 2 }),
      ])
      const anonymous = await app.inject({ method: 'PUT', url: `/bookmarks/like/${first}` })
      expect(anonymous.statusCode).toBe(401)

      const like = (user: TestUser, verb: 'like' | 'unlike', shareId = first) =>
        injectAs(app, user, { method: 'PUT', url: `/bookmarks/${verb}/${shareId}` })
      expect((await like(bob, 'like')).json()).toEqual({ likes: 1, likedByMe: true })
      expect((await like(bob, 'like')).json()).toEqual({ likes: 1, likedByMe: true })
      expect((await like(ada, 'like')).json()).toEqual({ likes: 2, likedByMe: true })
      expect((await get(app, `/explore/bookmarks/${first}`, bob)).json()).toMatchObject({
        likes: 2,
        likedByMe: true,
      })
      expect(discoverIds(await discover(app))).toEqual([second, first])
      expect(discoverIds(await discover(app, { type: 'most-liked' }))).toEqual([first, second])

      expect((await like(bob, 'unlike')).json()).toEqual({ likes: 1, likedByMe: false })
      expect((await like(bob, 'unlike')).json()).toEqual({ likes: 1, likedByMe: false })
      expect((await get(app, `/explore/bookmarks/${first}`, bob)).json()).toMatchObject({
        likes: 1,
        likedByMe: false,
      })
      expect((await like(bob, 'like', newShareId())).statusCode).toBe(404)
    })

    it('pages the discover feed and filters it by tag', async () => {
      const { app, ada } = await relay()
      const pages = Array.from({ length: DISCOVER_PAGE_SIZE + 1 }, (_, index) =>
        sharedBookmark(`b${index}`, newShareId(), {
          sharedAt: 1_000 + index,
          tags: index === 0 ? ['rare'] : ['reading'],
        }),
      )
      await push(app, ada, pages)
      const first = (await discover(app)).json<{ items: unknown[]; nextPage?: string }>()
      expect(first.items).toHaveLength(DISCOVER_PAGE_SIZE)
      expect(first.nextPage).toBeDefined()
      const second = (await discover(app, { nextPage: first.nextPage })).json<{
        items: { shareId: string }[]
        nextPage?: string
      }>()
      expect(second.items.map((item) => item.shareId)).toEqual([pages[0]?.shareId])
      expect(second.nextPage).toBeUndefined()
      expect(discoverIds(await discover(app, { tag: 'rare' }))).toEqual([pages[0]?.shareId])
      expect((await get(app, '/explore/tags')).json()).toEqual([
        { tag: 'reading', count: DISCOVER_PAGE_SIZE },
        { tag: 'rare', count: 1 },
      ])

      for (const payload of [
        { nextPage: 'not-a-cursor' },
        { type: 'oldest' },
        { tag: '' },
        { extra: true },
      ]) {
        expect((await discover(app, payload)).statusCode).toBe(400)
      }
      const huge = await discover(app, { tag: 'x'.repeat(10_000) })
      expect(huge.statusCode).toBe(413)
    })

    it('returns markup in titles, notes and tags as data, unchanged', async () => {
      const { app, ada } = await relay()
      const shareId = newShareId()
      const markup = '<script>alert("x")</script><img src=x onerror=alert(1)>'
      await push(app, ada, [
        sharedBookmark('b1', shareId, { title: markup, tags: [markup] }),
        shownMark('m1', 'b1', { text: markup, notes: markup, isNotePublic: true }),
      ])
      const response = await get(app, `/explore/bookmarks/${shareId}`)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      const page = response.json<{ title: string; tags: string[]; marks: { note: string }[] }>()
      expect(page.title).toBe(markup)
      expect(page.tags).toEqual([markup])
      expect(page.marks[0]?.note).toBe(markup)
    })

    it("lists the caller's own published pages, for signed-in callers only", async () => {
      const { app, ada, bob } = await relay()
      const shareId = newShareId()
      await push(app, ada, [sharedBookmark('b1', shareId), shownMark('m1', 'b1')])
      expect((await get(app, '/sharing')).statusCode).toBe(401)
      const mine = (await get(app, '/sharing', ada)).json<{ items: Record<string, unknown>[] }>()
      expect(mine).toEqual({
        items: [
          expect.objectContaining({
            shareId,
            permission: 'PUBLIC',
            marksCount: 1,
            hidden: false,
            live: true,
          }),
        ],
        shareAllowed: true,
      })
      expect((await get(app, '/sharing', bob)).json()).toEqual({ items: [], shareAllowed: true })
    })

    it('takes reports and lets the operator hide a page from every answer', async () => {
      const { app, ada, bob } = await relay()
      const shareId = newShareId()
      await push(app, ada, [sharedBookmark('b1', shareId)])
      const report = (payload: Record<string, unknown>, id = shareId) =>
        app.inject({ method: 'POST', url: `/explore/bookmarks/${id}/report`, payload })
      expect((await report({ reason: 'Spam' })).statusCode).toBe(202)
      expect(
        (
          await injectAs(app, bob, {
            method: 'POST',
            url: `/explore/bookmarks/${shareId}/report`,
            payload: { reason: 'Abuse' },
          })
        ).statusCode,
      ).toBe(202)
      for (const bad of [{ reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, {}]) {
        expect((await report(bad)).statusCode).toBe(400)
      }
      expect((await report({ reason: 'Spam' }, newShareId())).statusCode).toBe(404)

      const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` }
      expect((await app.inject({ method: 'GET', url: '/operator/reports' })).statusCode).toBe(401)
      expect((await get(app, '/operator/reports', ada)).statusCode).toBe(401)
      const reports = await app.inject({
        method: 'GET',
        url: '/operator/reports',
        headers: operator,
      })
      expect(reports.json()).toEqual({
        items: [
          expect.objectContaining({ shareId, reason: 'Abuse', signedIn: true }),
          expect.objectContaining({ shareId, reason: 'Spam', signedIn: false }),
        ],
      })

      const hide = (method: 'PUT' | 'DELETE', headers: Record<string, string>) =>
        app.inject({ method, url: `/operator/hidden-pages/${shareId}`, headers })
      expect((await hide('PUT', ada.headers)).statusCode).toBe(401)
      expect((await hide('PUT', operator)).statusCode).toBe(200)
      expect((await get(app, `/explore/bookmarks/${shareId}`)).statusCode).toBe(404)
      expect(discoverIds(await discover(app))).toEqual([])
      expect((await get(app, '/sharing', ada)).json()).toEqual({
        items: [expect.objectContaining({ shareId, hidden: true, live: false })],
        shareAllowed: true,
      })
      expect((await hide('DELETE', operator)).statusCode).toBe(200)
      expect((await get(app, `/explore/bookmarks/${shareId}`)).statusCode).toBe(200)
      expect((await hide('DELETE', operator)).statusCode).toBe(404)
    })

    it('has no moderation endpoints without an operator token', async () => {
      const { app } = await relay({ operator: false })
      const response = await app.inject({
        method: 'GET',
        url: '/operator/reports',
        headers: { authorization: 'Bearer anything' },
      })
      expect(response.statusCode).toBe(404)
    })
  })
}
