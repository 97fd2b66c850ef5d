// The relay's memory and storage stay bounded (docs/adr/031-relay-memory.md), on a real relay with
// real y-websocket clients, for each storage: deleted bodies leave no rows, room updates are
// compacted without any REST call, a doc in a live room stays in memory while idle ones go, and
// the versions of deleted entities are neither sent to clients nor kept for ever.
import { ObjectStore, encodeEntity, entityMap } from '@inkmark/shared'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { DELETED_VERSIONS_MAP, pruneDeletions } from '../docs/deletion-guard'
import { COMPACT_AFTER_UPDATES } from '../docs/live-doc'
import { buildRelay } from './build'
import {
  createUser,
  entity,
  injectAs,
  manualClock,
  pullAll,
  pulledIds,
  push,
  tokenPayload,
  type OpenStorage,
  type TestUser,
} from './relay-harness'
import { connectRoom, listenForRooms, waitUntil, whenSynced } from './ws-client'

const DAY_MS = 24 * 60 * 60 * 1000
const START = Date.UTC(2026, 10, 1)

function userId(user: TestUser): string {
  return String(tokenPayload(user.token)._id)
}

/** The doc a storage holds for `name`, rebuilt from its stored updates, and how many there are. */
async function storedDoc(app: FastifyInstance, user: TestUser, name: string) {
  const updates = await app.services.storage.loadDocUpdates(userId(user), name)
  const doc = new Y.Doc()
  for (const stored of updates) {
    Y.applyUpdate(doc, stored.update)
  }
  return { doc, rows: updates.length }
}

/** Registers the memory tests for a storage opened fresh by `open`. */
export function describeRelayMemory(name: string, open: OpenStorage): void {
  describe(`relay memory and storage bounds (${name})`, () => {
    it('destroys the body docs of deleted page contents and chats and removes their rows', async () => {
      const app = await buildRelay({ storage: await open() })
      const ada = await createUser(app, 'ada@example.com')
      await push(app, ada, [
        entity.page('p1', '<p>deleted soon</p>'),
        entity.page('p2', '<p>kept</p>'),
        entity.chat('c1', 'deleted soon?'),
      ])
      expect((await storedDoc(app, ada, 'pagecontent-p1')).rows).toBeGreaterThan(0)
      expect((await storedDoc(app, ada, 'aichat-c1')).rows).toBeGreaterThan(0)

      const deleted = await injectAs(app, ada, {
        method: 'DELETE',
        url: '/sync',
        payload: {
          entities: [
            { _id: 'p1', _objectStore: 'pagecontents' },
            { _id: 'c1', _objectStore: 'aichats' },
          ],
        },
      })
      expect(deleted.statusCode).toBe(200)
      expect((await storedDoc(app, ada, 'pagecontent-p1')).rows).toBe(0)
      expect((await storedDoc(app, ada, 'aichat-c1')).rows).toBe(0)
      expect(app.services.docs.isCached(userId(ada), 'pagecontent-p1')).toBe(false)
      expect((await storedDoc(app, ada, 'pagecontent-p2')).rows).toBeGreaterThan(0)
      expect(pulledIds(await pullAll(app, ada))).toEqual(['c1(deleted)', 'p1(deleted)', 'p2'])

      // Another device that still has the page pushes it again: it lives, with the body it sent.
      await push(app, ada, [entity.page('p1', '<p>back from another device</p>')], 'PUT')
      const page = await injectAs(app, ada, { method: 'GET', url: '/page-contents/html?_id=p1' })
      expect(page.body).toBe('<p>back from another device</p>')
    })

    it('compacts the stored updates of a live room as they accumulate, with no REST call', async () => {
      const app = await buildRelay({ storage: await open() })
      const url = await listenForRooms(app)
      const ada = await createUser(app, 'ada@example.com')
      const client = connectRoom(url, 'library', ada.token)
      await whenSynced(client)
      const count = COMPACT_AFTER_UPDATES + 60
      for (let index = 0; index < count; index += 1) {
        // One update per bookmark, each sent on its own.
        entityMap(client.doc, ObjectStore.BOOKMARKS).set(`b${index}`, entity.bookmark(`b${index}`))
        if (index % 20 === 19) {
          await new Promise((resolve) => setImmediate(resolve))
        }
      }
      await waitUntil(
        async () => {
          const { doc, rows } = await storedDoc(app, ada, 'library')
          return entityMap(doc, ObjectStore.BOOKMARKS).size === count && rows < count / 2
        },
        'every room update was stored and the log compacted',
        20_000,
      )
      const { doc } = await storedDoc(app, ada, 'library')
      expect([...entityMap(doc, ObjectStore.BOOKMARKS).keys()].sort()).toEqual(
        [...entityMap(client.doc, ObjectStore.BOOKMARKS).keys()].sort(),
      )
    }, 30_000)

    it('keeps a doc a live room uses however idle, and drops it once the room is gone', async () => {
      const clock = manualClock(START)
      const app = await buildRelay({
        storage: await open(),
        now: clock.now,
        config: { docIdleMillis: 60_000 },
      })
      const url = await listenForRooms(app)
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      await push(app, ada, [entity.bookmark('a1')])
      await push(app, bob, [entity.bookmark('b1')])
      const client = connectRoom(url, 'library', ada.token)
      await whenSynced(client)

      clock.advance(10 * 60_000)
      app.services.docs.sweep()
      expect(app.services.docs.isCached(userId(ada), 'library')).toBe(true)
      expect(app.services.docs.isCached(userId(bob), 'library')).toBe(false)

      // The room still works on the same doc.
      await push(app, ada, [entity.bookmark('a2')])
      await waitUntil(
        () => entityMap(client.doc, ObjectStore.BOOKMARKS).has('a2'),
        'the push reached the room',
      )

      client.destroy()
      await waitUntil(() => {
        clock.advance(10 * 60_000)
        app.services.docs.sweep()
        return !app.services.docs.isCached(userId(ada), 'library')
      }, 'the doc was dropped once the room closed')
      expect(pulledIds(await pullAll(app, ada))).toEqual(['a1', 'a2'])
    })

    it('keeps the versions of deleted entities out of the library doc, for a limited time', async () => {
      const clock = manualClock(START)
      const app = await buildRelay({
        storage: await open(),
        now: clock.now,
        config: { deletionMemoryMillis: 10 * DAY_MS },
      })
      const url = await listenForRooms(app)
      const ada = await createUser(app, 'ada@example.com')
      await push(app, ada, [entity.bookmark('old'), entity.bookmark('recent')])
      const remove = (id: string) =>
        injectAs(app, ada, {
          method: 'DELETE',
          url: '/sync',
          payload: { entities: [{ _id: id, _objectStore: 'bookmarks' }] },
        })
      await remove('old')
      clock.advance(5 * DAY_MS)
      const removed = await remove('recent')
      expect(removed.statusCode, removed.body).toBe(200)
      const keys = ['bookmarks/old', 'bookmarks/recent']
      const kept = () => app.services.storage.getDeletedVersions(userId(ada), keys)
      expect([...(await kept()).keys()].sort()).toEqual(keys)

      // A client joining the room is not sent them.
      const client = connectRoom(url, 'library', ada.token)
      await whenSynced(client)
      expect(client.doc.share.has(DELETED_VERSIONS_MAP)).toBe(false)
      const { doc } = await storedDoc(app, ada, 'library')
      expect(doc.share.has(DELETED_VERSIONS_MAP)).toBe(false)

      // After the memory window, the old one is forgotten and the recent one kept.
      clock.advance(6 * DAY_MS)
      const { storage, config } = app.services
      expect(await pruneDeletions(storage, clock.now(), config.deletionMemoryMillis)).toBe(1)
      expect([...(await kept()).keys()]).toEqual(['bookmarks/recent'])
    })

    it('deletes a copy a room brings after the REST deletion of an entity it never held', async () => {
      // A device deleted by REST what it had written through a room whose messages came later.
      const clock = manualClock(START)
      const app = await buildRelay({ storage: await open(), now: clock.now })
      const url = await listenForRooms(app)
      const ada = await createUser(app, 'ada@example.com')
      const removed = await injectAs(app, ada, {
        method: 'DELETE',
        url: '/sync',
        payload: { entities: [{ _id: 'late', _objectStore: 'marks' }] },
      })
      expect(removed.statusCode, removed.body).toBe(200)

      const client = connectRoom(url, 'library', ada.token)
      await whenSynced(client)
      const late = entity.mark('late', 'b1', { createdAt: START - 1000, updatedAt: START - 1000 })
      entityMap(client.doc, ObjectStore.MARKS).set('late', encodeEntity(late as never))
      await waitUntil(
        () => !entityMap(client.doc, ObjectStore.MARKS).has('late'),
        'the relay deleted the late copy again',
      )
      expect(pulledIds(await pullAll(app, ada))).not.toContain('late')
      client.destroy()
    })

    it('moves the versions an older relay kept in the library doc out of it', async () => {
      const storage = await open()
      const app = await buildRelay({ storage })
      const url = await listenForRooms(app)
      const ada = await createUser(app, 'ada@example.com')
      // The library as an older relay stored it: a bookmark and the version of a deleted one.
      const old = new Y.Doc()
      entityMap(old, ObjectStore.BOOKMARKS).set('b1', entity.bookmark('b1'))
      old.getMap<number>(DELETED_VERSIONS_MAP).set('bookmarks/gone', 42)
      await storage.appendDocUpdate(userId(ada), 'library', Y.encodeStateAsUpdate(old), [])

      const client = connectRoom(url, 'library', ada.token)
      await whenSynced(client)
      expect(client.doc.getMap(DELETED_VERSIONS_MAP).size).toBe(0)
      expect(entityMap(client.doc, ObjectStore.BOOKMARKS).has('b1')).toBe(true)
      expect(await storage.getDeletedVersions(userId(ada), ['bookmarks/gone'])).toEqual(
        new Map([['bookmarks/gone', 42]]),
      )
    })
  })
}
