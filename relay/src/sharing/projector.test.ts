import { ObjectStore, entityMap, newShareId } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { readOperatorToken } from '../config'
import { isOperatorToken } from '../routes/operator'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { buildRelay } from '../testing/build'
import { createUser, entity, injectAs } from '../testing/relay-harness'
import { wrapStorage } from '../testing/storage-wrappers'
import type { LiveDoc } from '../docs/live-doc'
import { LIBRARY_DOC, LOADED_ORIGIN } from '../docs/origins'
import type { RelayStorage } from '../storage/relay-storage'
import { PublicPageProjector, publicPageRowsOf } from './projector'
import { decodeCursor, encodeCursor } from './public-pages'

describe('publicPageRowsOf', () => {
  it('projects shared pages only, with the published JSON and nothing of the owner', () => {
    const doc = new Y.Doc()
    const shareId = newShareId()
    const bookmarks = entityMap(doc, ObjectStore.BOOKMARKS)
    bookmarks.set(
      'b1',
      JSON.stringify(
        entity.bookmark('b1', { url: 'https://example.com/a', permission: 'PUBLIC', shareId }),
      ),
    )
    bookmarks.set('b2', JSON.stringify(entity.bookmark('b2', { shareId: newShareId() })))
    bookmarks.set('junk', 42 as unknown as string)
    entityMap(doc, ObjectStore.MARKS).set(
      'm1',
      JSON.stringify(entity.mark('m1', 'b1', { permission: 'PUBLIC', notes: 'hidden note' })),
    )
    const rows = publicPageRowsOf('owner-1', doc)
    expect(rows.map((row) => [row.bookmarkId, row.shareId, row.permission])).toEqual([
      ['b1', shareId, 'PUBLIC'],
    ])
    const json = rows[0]?.pageJson ?? ''
    expect(JSON.parse(json)).not.toHaveProperty('likes')
    for (const secret of ['owner-1', 'hidden note', '"m1"', '"b1"']) {
      expect(json).not.toContain(secret)
    }
  })
})

describe('the projector and /sync', () => {
  it('does not acknowledge a write whose projection failed; the retry projects it', async () => {
    const storage = openSqliteStorage(':memory:')
    let failuresLeft = 0
    const app = await buildRelay({
      storage: wrapStorage(storage, {
        replacePublicPages: (ownerId, pages) => {
          if (failuresLeft > 0) {
            failuresLeft -= 1
            return Promise.reject(new Error('The database went away'))
          }
          return storage.replacePublicPages(ownerId, pages)
        },
      }),
    })
    const ada = await createUser(app, 'ada@example.com')
    const shareId = newShareId()
    const shared = entity.bookmark('b1', {
      url: 'https://example.com/a',
      permission: 'PUBLIC',
      shareId,
    })
    const sync = (permission: string) =>
      injectAs(app, ada, {
        method: 'PUT',
        url: '/sync',
        payload: { entities: [{ ...shared, permission }] },
      })
    expect((await sync('PUBLIC')).statusCode).toBe(200)
    // The write's run fails, and so does the retry before answering.
    failuresLeft = 2
    const refused = await sync('PRIVATE')
    expect(refused.statusCode).toBeGreaterThanOrEqual(500)
    expect(refused.body).not.toContain('database went away')
    expect((await sync('PRIVATE')).statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: `/explore/bookmarks/${shareId}` })).statusCode,
    ).toBe(404)
  }, 30_000)
})

/** A library doc as the relay loads it, with `bookmarks` stored already. */
function loadedLibrary(userId: string, bookmarks: Record<string, unknown>[]): LiveDoc {
  const doc = new Y.Doc()
  doc.transact(() => {
    for (const bookmark of bookmarks) {
      entityMap(doc, ObjectStore.BOOKMARKS).set(String(bookmark._id), JSON.stringify(bookmark))
    }
  }, LOADED_ORIGIN)
  return { name: LIBRARY_DOC, userId, doc } as unknown as LiveDoc
}

function sharedPage(id: string, shareId: string, permission = 'PUBLIC') {
  return entity.bookmark(id, { url: `https://example.com/${id}`, permission, shareId })
}

async function storageWithUser(): Promise<RelayStorage> {
  const storage = openSqliteStorage(':memory:')
  await storage.createUser({ id: 'u1', email: 'u1@example.com', passwordHash: 'h', createdAt: 1 })
  return storage
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200 && !(await check()); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('the projector', () => {
  it('projects a library once when it is loaded (writes stored before a crash)', async () => {
    const storage = await storageWithUser()
    const [published, stale] = [newShareId(), newShareId()]
    // A page public in storage whose unshare was stored, but not projected, before a crash.
    await storage.replacePublicPages(
      'u1',
      publicPageRowsOf('u1', loadedLibrary('u1', [sharedPage('b2', stale)]).doc),
    )
    const projector = new PublicPageProjector(storage)
    const live = loadedLibrary('u1', [sharedPage('b1', published), entity.bookmark('b2')])
    projector.watch(live)
    await projector.settled('u1')
    expect(await storage.findPublicPage(published)).toBeDefined()
    expect(await storage.findPublicPage(stale)).toBeUndefined()

    // A library that shares nothing, with a page left in storage: projected empty on load.
    const other = await storageWithUser()
    await other.replacePublicPages(
      'u1',
      publicPageRowsOf('u1', loadedLibrary('u1', [sharedPage('b2', stale)]).doc),
    )
    const second = new PublicPageProjector(other)
    second.watch(loadedLibrary('u1', [entity.bookmark('b2')]))
    await until(async () => (await other.findPublicPage(stale)) === undefined)
    expect(await other.findPublicPage(stale)).toBeUndefined()
  })

  it('does not write the projection of a library that shares nothing', async () => {
    const storage = await storageWithUser()
    let writes = 0
    const counted = wrapStorage(storage, {
      replacePublicPages: (ownerId, pages) => {
        writes += 1
        return storage.replacePublicPages(ownerId, pages)
      },
    })
    const projector = new PublicPageProjector(counted)
    const live = loadedLibrary('u1', [entity.bookmark('b1')])
    projector.watch(live)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const bookmarks = entityMap(live.doc, ObjectStore.BOOKMARKS)
    for (let index = 0; index < 5; index += 1) {
      bookmarks.set(`p${index}`, JSON.stringify(entity.bookmark(`p${index}`)))
      await projector.settled('u1')
    }
    expect(writes).toBe(0)
    // Sharing a page projects; so does the unshare that follows, then nothing again.
    const shareId = newShareId()
    bookmarks.set('b1', JSON.stringify(sharedPage('b1', shareId)))
    await projector.settled('u1')
    expect(await storage.findPublicPage(shareId)).toBeDefined()
    bookmarks.set('b1', JSON.stringify(sharedPage('b1', shareId, 'PRIVATE')))
    await projector.settled('u1')
    expect(await storage.findPublicPage(shareId)).toBeUndefined()
    const afterUnshare = writes
    bookmarks.set('p9', JSON.stringify(entity.bookmark('p9')))
    await projector.settled('u1')
    expect(writes).toBe(afterUnshare)
  })

  it('retries a failed projection on a backoff, and stops retrying when closed', async () => {
    const storage = await storageWithUser()
    let failuresLeft = 3
    const flaky = wrapStorage(storage, {
      replacePublicPages: (ownerId, pages) => {
        if (failuresLeft > 0) {
          failuresLeft -= 1
          return Promise.reject(new Error('The database went away'))
        }
        return storage.replacePublicPages(ownerId, pages)
      },
    })
    const errors: unknown[] = []
    const projector = new PublicPageProjector(flaky, {
      onError: (error) => errors.push(error),
      retryBaseMillis: 5,
      retryMaxMillis: 20,
    })
    const shareId = newShareId()
    // A room write (nobody awaits settled): only the retries can publish it.
    const live = loadedLibrary('u1', [])
    projector.watch(live)
    await new Promise((resolve) => setTimeout(resolve, 20))
    entityMap(live.doc, ObjectStore.BOOKMARKS).set('b1', JSON.stringify(sharedPage('b1', shareId)))
    await until(async () => (await storage.findPublicPage(shareId)) !== undefined)
    expect(await storage.findPublicPage(shareId)).toBeDefined()
    expect(errors).toHaveLength(3)
    expect(projector.retriesWaiting).toBe(0)

    failuresLeft = 100
    entityMap(live.doc, ObjectStore.BOOKMARKS).set(
      'b1',
      JSON.stringify(sharedPage('b1', shareId, 'PRIVATE')),
    )
    await until(() => Promise.resolve(projector.retriesWaiting === 1))
    expect(projector.retriesWaiting).toBe(1)
    projector.stop()
    expect(projector.retriesWaiting).toBe(0)
  })
})

describe('cursors and the operator token', () => {
  it('reads back only cursors it made, not deeper than the feed allows', () => {
    expect(decodeCursor(undefined)).toBe(0)
    expect(decodeCursor(encodeCursor(40))).toBe(40)
    expect(decodeCursor(encodeCursor(20_000))).toBeUndefined()
    expect(decodeCursor('bm90LWEtY3Vyc29y')).toBeUndefined()
  })

  it('needs an operator token of 32 characters or more, compared whole', () => {
    expect(readOperatorToken(undefined)).toBeUndefined()
    expect(readOperatorToken('  ')).toBeUndefined()
    expect(() => readOperatorToken('short')).toThrow(/at least 32/)
    const token = 'x'.repeat(40)
    expect(readOperatorToken(` ${token} `)).toBe(token)
    expect(isOperatorToken(token, token)).toBe(true)
    expect(isOperatorToken(token, `${token}x`)).toBe(false)
    expect(isOperatorToken(token, token.slice(1))).toBe(false)
    expect(isOperatorToken(token, undefined)).toBe(false)
  })
})
