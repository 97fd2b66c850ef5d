// The /sync contract (push, change, delete, pull in pages) and the read endpoints, as suites any
// storage runs: routes/sync-contract.test.ts and routes/reads.test.ts on SQLite,
// relay-postgres.test.ts on PostgreSQL.
import { describe, expect, it } from 'vitest'
import {
  buildRelayOn,
  createUser,
  entity,
  injectAs,
  pullAll,
  pulledIds,
  push,
  type OpenStorage,
  type PullPage,
} from './relay-harness'

/** A value nested `depth` arrays deep. */
export function nested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level += 1) {
    value = [value]
  }
  return value
}

/** The JSON text of `nested(depth)`. */
export function nestedJson(depth: number): string {
  return `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`
}

/** Registers the /sync contract suite for relays on storages from `open`. */
export function describeSyncContract(name: string, open: OpenStorage): void {
  describe(`/sync contract (${name})`, () => {
    it('stores entities of all five kinds and pulls them back with their bodies', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      const mark = entity.mark('m1', 'b1')
      const entities = [
        entity.bookmark('b1', { _user: 'someone-else' }),
        mark,
        entity.settings('s1'),
        entity.page('p1', '<p>saved page</p>'),
        entity.chat('c1', 'what is it?'),
      ]
      const pushed = await injectAs(app, user, {
        method: 'POST',
        url: '/sync',
        payload: { entities },
      })
      expect(pushed.statusCode).toBe(200)
      expect(pushed.json()).toEqual({ stored: ['b1', 'm1', 's1', 'p1', 'c1'], rejected: [] })

      const pulled = await pullAll(app, user)
      expect(pulledIds(pulled)).toEqual(['b1', 'c1', 'm1', 'p1', 's1'])
      const userId = JSON.parse(
        Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString(),
      ) as { _id: string }
      // Every entity is stamped with the token's user, whatever the client claimed.
      expect(pulled.every((pulledEntity) => pulledEntity._user === userId._id)).toBe(true)
      expect(pulled.find((pulledEntity) => pulledEntity._id === 'p1')).toMatchObject({
        _objectStore: 'pagecontents',
        content: '<p>saved page</p>',
        length: '<p>saved page</p>'.length,
      })
      expect(pulled.find((pulledEntity) => pulledEntity._id === 'c1')).toMatchObject({
        _objectStore: 'aichats',
        messages: [{ role: 'user', content: 'what is it?', createdAt: 1 }],
      })
      expect(pulled.find((pulledEntity) => pulledEntity._id === 'm1')).toMatchObject({
        _objectStore: 'marks',
        _bookmark: 'b1',
        text: mark.text,
      })
    })

    it('refuses invalid entities by id with a reason and stores the valid ones', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      const response = await injectAs(app, user, {
        method: 'POST',
        url: '/sync',
        payload: {
          entities: [
            entity.bookmark('good'),
            entity.bookmark('bad-url', { url: 42 }),
            entity.mark('bad-mark', 'good', { text: ['not', 'text'] }),
          ],
        },
      })
      expect(response.statusCode).toBe(200)
      const body = response.json<{
        stored: string[]
        rejected: { _id: string; message: string }[]
      }>()
      expect(body.stored).toEqual(['good'])
      expect(body.rejected.map((rejected) => rejected._id)).toEqual(['bad-url', 'bad-mark'])
      expect(body.rejected[0]?.message).toMatch(/^url: /)
      expect(pulledIds(await pullAll(app, user))).toEqual(['good'])
    })

    it('refuses entities nested absurdly deep, and keeps storing the next writes', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      for (const depth of [200, 20_000]) {
        // Sent as text: JSON.stringify itself overflows on the deeper value.
        const bookmark = JSON.stringify(entity.bookmark(`deep-${depth}`, { extra: 'EXTRA' }))
        const response = await injectAs(app, user, {
          method: 'POST',
          url: '/sync',
          headers: { 'content-type': 'application/json' },
          payload: `{"entities":[${bookmark.replace('"EXTRA"', nestedJson(depth))}]}`,
        })
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json()).toMatchObject({
          stored: [],
          rejected: [{ _id: `deep-${depth}`, _objectStore: 'bookmarks' }],
        })
      }
      // Reasonable nesting (rich text notes, settings) is fine.
      await push(app, user, [entity.bookmark('b1', { extra: nested(20) })])
      await push(app, user, [entity.bookmark('b2')])
      expect(pulledIds(await pullAll(app, user))).toEqual(['b1', 'b2'])
      const bookmarks = await injectAs(app, user, { method: 'GET', url: '/bookmarks' })
      expect(
        bookmarks
          .json<{ _id: string }[]>()
          .map((bookmark) => bookmark._id)
          .sort(),
      ).toEqual(['b1', 'b2'])

      const learning = await injectAs(app, user, {
        method: 'PUT',
        url: '/learning-info',
        headers: { 'content-type': 'application/json' },
        payload: `{"marks":[{"_id":"m1","learningItem":{"deep":${nestedJson(20_000)}}}]}`,
      })
      expect(learning.statusCode).toBe(400)
    })

    it('changes entities with PUT and pulls only what changed since a cursor', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      await push(app, user, [entity.bookmark('b1'), entity.bookmark('b2')])
      const first = await injectAs(app, user, { method: 'GET', url: '/sync?since=0' })
      const { cursor } = first.json<PullPage>()
      expect(cursor).toBeGreaterThan(0)

      await push(app, user, [entity.bookmark('b2', { title: 'Renamed' })], 'PUT')
      const since = await injectAs(app, user, { method: 'GET', url: `/sync?since=${cursor}` })
      const page = since.json<PullPage>()
      expect(page.entities).toEqual([expect.objectContaining({ _id: 'b2', title: 'Renamed' })])
      expect(page.cursor).toBeGreaterThan(cursor)
      expect(page.hasMore).toBe(false)

      const nothing = await injectAs(app, user, {
        method: 'GET',
        url: `/sync?since=${page.cursor}`,
      })
      expect(nothing.json()).toEqual({ entities: [], cursor: page.cursor, hasMore: false })
    })

    it('deletes entities, leaving tombstones for the pull and nothing for the reads', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      await push(app, user, [
        entity.bookmark('b1'),
        entity.mark('m1', 'b1'),
        entity.page('p1', 'x'),
      ])
      const deleted = await injectAs(app, user, {
        method: 'DELETE',
        url: '/sync',
        payload: {
          entities: [
            { _id: 'm1', _objectStore: 'marks' },
            { _id: 'p1', _objectStore: 'pagecontents' },
          ],
        },
      })
      expect(deleted.json()).toEqual({ stored: ['m1', 'p1'], rejected: [] })
      expect(pulledIds(await pullAll(app, user))).toEqual(['b1', 'm1(deleted)', 'p1(deleted)'])
      expect((await injectAs(app, user, { method: 'GET', url: '/marks' })).json()).toEqual([])
      const html = await injectAs(app, user, { method: 'GET', url: '/page-contents/html?_id=p1' })
      expect(html.statusCode).toBe(404)

      // DELETE carries only _id and _objectStore.
      const extra = await injectAs(app, user, {
        method: 'DELETE',
        url: '/sync',
        payload: { entities: [{ _id: 'b1', _objectStore: 'bookmarks', url: 'x' }] },
      })
      expect(extra.statusCode).toBe(400)
    })

    it('pulls in pages with increasing cursors until hasMore is false', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      const ids = Array.from({ length: 25 }, (_, index) => `b${String(index).padStart(2, '0')}`)
      for (let start = 0; start < ids.length; start += 20) {
        await push(
          app,
          user,
          ids.slice(start, start + 20).map((id) => entity.bookmark(id)),
        )
      }
      const pages: PullPage[] = []
      let cursor = 0
      for (;;) {
        const response = await injectAs(app, user, {
          method: 'GET',
          url: `/sync?since=${cursor}&limit=10`,
        })
        const page = response.json<PullPage>()
        pages.push(page)
        expect(page.cursor).toBeGreaterThan(cursor)
        cursor = page.cursor
        if (!page.hasMore) {
          break
        }
      }
      expect(pages.map((page) => page.entities.length)).toEqual([10, 10, 5])
      expect(pulledIds(pages.flatMap((page) => page.entities))).toEqual(ids)
    })

    it('updates learning info of existing marks only, and accepts events', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      await push(app, user, [entity.bookmark('b1'), entity.mark('m1', 'b1')])
      const learningItem = { box: 2, nextReviewAt: 123 }
      const response = await injectAs(app, user, {
        method: 'PUT',
        url: '/learning-info',
        payload: {
          marks: [
            { _id: 'm1', learningItem },
            { _id: 'no-such-mark', learningItem },
          ],
        },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ stored: ['m1'] })
      const marks = await injectAs(app, user, { method: 'GET', url: '/marks' })
      expect(marks.json()).toEqual([expect.objectContaining({ _id: 'm1', learningItem })])
      expect(pulledIds(await pullAll(app, user))).toEqual(['b1', 'm1'])

      const event = await injectAs(app, user, {
        method: 'POST',
        url: '/events',
        payload: { events: [{ name: 'page_saved', count: 2 }] },
      })
      expect(event.statusCode).toBe(204)
    })
  })
}

/** Registers the read endpoint suite for relays on storages from `open`. */
export function describeReadEndpoints(name: string, open: OpenStorage): void {
  describe(`read endpoints (${name})`, () => {
    it('answers bookmarks, marks, tags, settings, page contents and chats', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      const get = async (url: string) => {
        const response = await injectAs(app, user, { method: 'GET', url })
        return response
      }
      expect((await get('/chrome-storage')).json()).toEqual({})
      expect((await get('/bookmarks')).json()).toEqual([])
      expect((await get('/tags')).json()).toEqual([])

      await push(app, user, [
        entity.bookmark('b1', { tags: ['read', 'work'] }),
        entity.bookmark('b2', { tags: ['read'] }),
        entity.mark('m1', 'b1', { tags: ['read'] }),
        entity.mark('m2', 'b1'),
        entity.mark('m3', 'b2'),
        entity.settings('s1', { defaultHighlightColor: '#ff0000' }),
        entity.page('p1', '<article>page one</article>'),
        entity.chat('c1', 'first question'),
      ])

      const bookmarks = (await get('/bookmarks')).json<{ _id: string }[]>()
      expect(bookmarks.map((bookmark) => bookmark._id).sort()).toEqual(['b1', 'b2'])
      expect((await get('/bookmarks/b1')).json()).toMatchObject({
        _id: 'b1',
        tags: ['read', 'work'],
      })
      const missing = await get('/bookmarks/nope')
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Bookmark not found' })

      const marksOfB1 = (await get('/bookmarks/b1/marks')).json<{ _id: string }[]>()
      expect(marksOfB1.map((mark) => mark._id).sort()).toEqual(['m1', 'm2'])
      expect((await get('/marks')).json<unknown[]>()).toHaveLength(3)
      expect((await get('/tags')).json()).toEqual([
        { name: 'read', count: 3 },
        { name: 'work', count: 1 },
      ])
      expect((await get('/chrome-storage')).json()).toMatchObject({
        _id: 's1',
        defaultHighlightColor: '#ff0000',
      })

      const pages = (await get('/page-contents')).json<Record<string, unknown>[]>()
      expect(pages).toEqual([
        expect.objectContaining({ _id: 'p1', length: '<article>page one</article>'.length }),
      ])
      expect(pages[0]).not.toHaveProperty('content')
      const html = await get('/page-contents/html?_id=p1')
      expect(html.statusCode).toBe(200)
      expect(html.body).toBe('<article>page one</article>')
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(html.headers['content-security-policy']).toBe("default-src 'none'")
      expect((await get('/page-contents/html?_id=p2')).statusCode).toBe(404)

      const chats = (await get('/aichats')).json<Record<string, unknown>[]>()
      expect(chats).toEqual([expect.objectContaining({ _id: 'c1' })])
      expect(chats[0]).not.toHaveProperty('messages')
      expect((await get('/aichats/messages?_id=c1')).json()).toEqual([
        { role: 'user', content: 'first question', createdAt: 1 },
      ])
      expect((await get('/aichats/messages?_id=c2')).statusCode).toBe(404)

      // A chat that grows keeps its earlier messages.
      await push(
        app,
        user,
        [
          entity.chat('c1', 'first question', {
            messages: [
              { role: 'user', content: 'first question', createdAt: 1 },
              { role: 'assistant', content: 'an answer', createdAt: 2 },
            ],
          }),
        ],
        'PUT',
      )
      expect((await get('/aichats/messages?_id=c1')).json<unknown[]>()).toHaveLength(2)
    })

    it('refuses unknown query parameters and missing ids with 400', async () => {
      const app = await buildRelayOn(open)
      const user = await createUser(app, 'ada@example.com')
      for (const url of [
        '/bookmarks?all=true',
        '/page-contents/html',
        '/page-contents/html?_id=',
        '/aichats/messages?id=c1',
        '/sync?since=-1',
        '/sync?since=abc',
        '/sync?limit=1e9',
      ]) {
        const response = await injectAs(app, user, { method: 'GET', url })
        expect(response.statusCode, url).toBe(400)
        expect(response.json<{ code: string }>().code, url).toBe('VALIDATION_FAILED')
      }
    })
  })
}
