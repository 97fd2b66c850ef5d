import { ObjectStore, entityMap, newShareId } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { readOperatorToken } from '../config'
import { isOperatorToken } from '../routes/operator'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { buildRelay } from '../testing/build'
import { createUser, entity, injectAs } from '../testing/relay-harness'
import { wrapStorage } from '../testing/storage-wrappers'
import { publicPageRowsOf } from './projector'
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
