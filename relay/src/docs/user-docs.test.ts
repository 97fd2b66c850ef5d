import { ObjectStore, entityMap } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { nestedJson } from '../testing/sync-suite'
import { UserDocs } from './user-docs'

describe('UserDocs', () => {
  it('drops a doc whose transaction threw, so later writes are stored again', async () => {
    const storage = openSqliteStorage(':memory:')
    await storage.createUser({ id: 'u1', email: 'a@example.com', passwordHash: 'h', createdAt: 1 })
    const docs = new UserDocs(storage)
    const deep: unknown = JSON.parse(nestedJson(20_000))

    const first = await docs.open('u1', 'library')
    await expect(
      first.transactDurably((doc) => {
        entityMap(doc, ObjectStore.BOOKMARKS).set('deep', { _id: 'deep', extra: deep })
      }, 'test'),
    ).rejects.toThrow(RangeError)

    const second = await docs.open('u1', 'library')
    expect(second).not.toBe(first)
    await second.transactDurably((doc) => {
      entityMap(doc, ObjectStore.BOOKMARKS).set('b1', { _id: 'b1' })
    }, 'test')
    expect(await storage.listChangesSince('u1', 0, 10)).toEqual([
      { store: 'bookmarks', entityId: 'b1', deleted: false, revision: 1 },
    ])
    expect(await storage.loadDocUpdates('u1', 'library')).toHaveLength(1)
    expect(entityMap(second.doc, ObjectStore.BOOKMARKS).has('deep')).toBe(false)
    await docs.closeAll()
    await storage.close()
  })
})
