// Users are isolated: nothing of user A can be read by user B through any read endpoint or the
// pull, and nothing B writes (even with A's ids) changes A's data. A suite any storage runs:
// security/isolation.test.ts on SQLite, relay-postgres.test.ts on PostgreSQL.
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  buildRelayOn,
  createUser,
  entity,
  injectAs,
  pullAll,
  push,
  type OpenStorage,
  type TestUser,
} from './relay-harness'

/** Every read endpoint, with A's ids where it takes one. */
const READ_URLS = [
  '/bookmarks',
  '/bookmarks/a-bookmark',
  '/bookmarks/a-bookmark/marks',
  '/marks',
  '/tags',
  '/chrome-storage',
  '/page-contents',
  '/page-contents/html?_id=a-page',
  '/aichats',
  '/aichats/messages?_id=a-chat',
  '/sync?since=0',
]

/** A marker that appears in every piece of A's data, so any leak is visible in a body. */
const SECRET = 'ada-secret'

function adaEntities(): object[] {
  return [
    entity.bookmark('a-bookmark', { title: `${SECRET} title`, tags: [`${SECRET}-tag`] }),
    entity.mark('a-mark', 'a-bookmark', { text: `${SECRET} text`, tags: [`${SECRET}-tag`] }),
    entity.settings('a-settings', { defaultHighlightColor: '#123456', sidebarTitle: SECRET }),
    entity.page('a-page', `<p>${SECRET} page</p>`, { title: `${SECRET} page` }),
    entity.chat('a-chat', `${SECRET} question`, { title: `${SECRET} chat` }),
  ]
}

/** Everything `user` can read, endpoint by endpoint. */
async function readEverything(
  app: FastifyInstance,
  user: TestUser,
): Promise<Record<string, { status: number; body: string }>> {
  const views: Record<string, { status: number; body: string }> = {}
  for (const url of READ_URLS) {
    const response = await injectAs(app, user, { method: 'GET', url })
    views[url] = { status: response.statusCode, body: response.body }
  }
  return views
}

/** Registers the isolation suite for relays on storages from `open`. */
export function describeIsolation(name: string, open: OpenStorage): void {
  describe(`user isolation (${name})`, () => {
    it("never shows user A's entities to user B, by any read endpoint", async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      await push(app, ada, adaEntities())

      const bobSees = await readEverything(app, bob)
      for (const [url, view] of Object.entries(bobSees)) {
        expect(view.body, url).not.toContain(SECRET)
        expect(view.body, url).not.toMatch(/a-(bookmark|mark|settings|page|chat)"/)
      }
      expect(bobSees['/bookmarks/a-bookmark']?.status).toBe(404)
      expect(bobSees['/page-contents/html?_id=a-page']?.status).toBe(404)
      expect(bobSees['/aichats/messages?_id=a-chat']?.status).toBe(404)
      expect(JSON.parse(bobSees['/sync?since=0']?.body ?? '')).toEqual({
        entities: [],
        cursor: 0,
        hasMore: false,
      })

      // Sanity: A does see all of it.
      const adaSees = await readEverything(app, ada)
      for (const url of READ_URLS.filter((url) => url !== '/bookmarks/a-bookmark/marks')) {
        expect(adaSees[url]?.body, url).toContain(SECRET)
      }
    })

    it("never lets user B's writes with A's ids change A's data", async () => {
      const app = await buildRelayOn(open)
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      await push(app, ada, adaEntities())
      const adaBefore = await pullAll(app, ada)
      const adaViewBefore = await readEverything(app, ada)

      const bobVersions = [
        entity.bookmark('a-bookmark', { title: 'bob was here', _user: 'ada' }),
        entity.mark('a-mark', 'a-bookmark', { text: 'bob was here' }),
        entity.settings('a-settings', { defaultHighlightColor: '#000000' }),
        entity.page('a-page', '<p>bob was here</p>'),
        entity.chat('a-chat', 'bob was here'),
      ]
      for (const method of ['POST', 'PUT'] as const) {
        const response = await injectAs(app, bob, {
          method,
          url: '/sync',
          payload: { entities: bobVersions },
        })
        expect(response.statusCode).toBe(200)
      }
      const learning = await injectAs(app, bob, {
        method: 'PUT',
        url: '/learning-info',
        payload: { marks: [{ _id: 'a-mark', learningItem: { box: 5 } }] },
      })
      expect(learning.statusCode).toBe(200)
      const deleted = await injectAs(app, bob, {
        method: 'DELETE',
        url: '/sync',
        payload: {
          entities: [
            { _id: 'a-bookmark', _objectStore: 'bookmarks' },
            { _id: 'a-mark', _objectStore: 'marks' },
            { _id: 'a-settings', _objectStore: 'chromesettings' },
            { _id: 'a-page', _objectStore: 'pagecontents' },
            { _id: 'a-chat', _objectStore: 'aichats' },
          ],
        },
      })
      expect(deleted.statusCode).toBe(200)

      expect(await pullAll(app, ada)).toEqual(adaBefore)
      expect(await readEverything(app, ada)).toEqual(adaViewBefore)
      // B's writes went to B's own data.
      const bobPulled = await pullAll(app, bob)
      expect(bobPulled).toHaveLength(5)
      expect(bobPulled.every((pulled) => pulled.deleted === true)).toBe(true)
    })
  })
}
