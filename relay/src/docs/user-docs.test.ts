import { ObjectStore, entityMap, readPageContentBody, writePageContentBody } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { openSqliteStorage } from '../storage/sqlite-storage'
import type { RelayStorage } from '../storage/relay-storage'
import { manualClock } from '../testing/relay-harness'
import { wrapStorage } from '../testing/storage-wrappers'
import { nestedJson } from '../testing/sync-suite'
import { UserDocs } from './user-docs'

const START = Date.UTC(2026, 10, 1)

async function storageWithUser(): Promise<RelayStorage> {
  const storage = openSqliteStorage(':memory:')
  await storage.createUser({ id: 'u1', email: 'a@example.com', passwordHash: 'h', createdAt: 1 })
  return storage
}

describe('UserDocs', () => {
  it('drops a doc whose transaction threw, so later writes are stored again', async () => {
    const storage = await storageWithUser()
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

  it('drops a doc nobody used for the idle time and reloads it identical', async () => {
    const storage = await storageWithUser()
    const clock = manualClock(START)
    const docs = new UserDocs(storage, { now: clock.now, idleMillis: 60_000 })
    const before = await docs.use('u1', 'library', async (live) => {
      for (let index = 0; index < 5; index += 1) {
        await live.transactDurably((doc) => {
          entityMap(doc, ObjectStore.BOOKMARKS).set(`b${index}`, { _id: `b${index}`, n: index })
        }, 'test')
      }
      return live
    })

    clock.advance(59_999)
    docs.sweep()
    expect(docs.isCached('u1', 'library')).toBe(true)
    clock.advance(1)
    docs.sweep()
    expect(docs.isCached('u1', 'library')).toBe(false)
    expect(before.doc.isDestroyed).toBe(true)

    const after = await docs.open('u1', 'library')
    expect(after).not.toBe(before)
    expect(entityMap(after.doc, ObjectStore.BOOKMARKS).toJSON()).toEqual(
      entityMap(before.doc, ObjectStore.BOOKMARKS).toJSON(),
    )
    expect(entityMap(after.doc, ObjectStore.BOOKMARKS).size).toBe(5)
    expect(Y.encodeStateVector(after.doc)).toEqual(Y.encodeStateVector(before.doc))
    await docs.closeAll()
    await storage.close()
  })

  it('keeps the docs nobody uses within the byte budget, least recently used going first', async () => {
    const storage = await storageWithUser()
    const clock = manualClock(START)
    const budgetBytes = 40_000
    const docs = new UserDocs(storage, { now: clock.now, idleMillis: 3_600_000, budgetBytes })
    const html = (index: number) => `<p>${String(index).repeat(2_000)}</p>`
    for (let index = 0; index < 60; index += 1) {
      clock.advance(1)
      await docs.use('u1', `pagecontent-p${index}`, (live) =>
        live.transactDurably((doc) => writePageContentBody(doc, html(index), 'test'), 'test'),
      )
    }
    docs.sweep()
    const { docs: cached, bytes } = docs.stats()
    expect(bytes).toBeLessThanOrEqual(budgetBytes)
    expect(cached).toBeGreaterThan(0)
    expect(cached).toBeLessThan(60)
    expect(docs.isCached('u1', 'pagecontent-p59')).toBe(true)
    expect(docs.isCached('u1', 'pagecontent-p0')).toBe(false)
    for (let index = 0; index < 60; index += 1) {
      const live = await docs.open('u1', `pagecontent-p${index}`)
      expect(readPageContentBody(live.doc)).toBe(html(index))
    }
    await docs.closeAll()
    await storage.close()
  })

  it('never drops a doc while one of its writes is in flight', async () => {
    const real = await storageWithUser()
    let openGate: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      openGate = resolve
    })
    const storage = wrapStorage(real, {
      appendDocUpdate: async (...args) => {
        await gate
        return real.appendDocUpdate(...args)
      },
    })
    const clock = manualClock(START)
    const docs = new UserDocs(storage, { now: clock.now, idleMillis: 1_000, budgetBytes: 1 })
    const live = await docs.open('u1', 'library')
    const written = live.transactDurably((doc) => {
      entityMap(doc, ObjectStore.BOOKMARKS).set('b1', { _id: 'b1' })
    }, 'test')

    clock.advance(10_000)
    docs.sweep()
    expect(docs.isCached('u1', 'library')).toBe(true)
    openGate()
    await written
    docs.sweep()
    expect(docs.isCached('u1', 'library')).toBe(false)
    const reloaded = await docs.open('u1', 'library')
    expect(entityMap(reloaded.doc, ObjectStore.BOOKMARKS).has('b1')).toBe(true)
    await docs.closeAll()
    await real.close()
  })
})
