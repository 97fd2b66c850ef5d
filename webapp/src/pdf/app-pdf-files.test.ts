import 'fake-indexeddb/auto'
import { ObjectStore, openLocalStore } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { forgetDeletedPdfFiles, openAppPdfFiles } from './app-pdf-files'
import { createPdfBookmark } from './pdf-bookmark'

const bytes = new TextEncoder().encode('%PDF-1.7').buffer

describe('forgetDeletedPdfFiles', () => {
  it('removes the files of deleted and long-abandoned bookmarks, keeps live and fresh ones', async () => {
    let now = 1_000
    const store = await openLocalStore({ databaseName: 'forget-pdf', now: () => (now += 1) })
    const files = await openAppPdfFiles()
    await store.createOrUpdateEntities([
      createPdfBookmark('live', 'live.pdf', now),
      createPdfBookmark('deleted', 'deleted.pdf', now),
    ])
    // A bookmark the relay has is kept as a deletion record when deleted.
    store.markSynced([
      { ref: { _id: 'deleted', _objectStore: ObjectStore.BOOKMARKS }, lastSync: (now += 10) },
    ])
    await store.markEntitiesAsDeleted([{ _id: 'deleted', _objectStore: ObjectStore.BOOKMARKS }])
    for (const id of ['live', 'deleted', 'unseen']) {
      await files.put({ bookmarkId: id, name: `${id}.pdf`, bytes, storedAt: Date.now() })
    }
    // Stored a day ago for a bookmark that never made it (or was deleted before it was synced).
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000
    await files.put({ bookmarkId: 'abandoned', name: 'a.pdf', bytes, storedAt: dayAgo })
    expect(await forgetDeletedPdfFiles(store)).toBe(2)
    // 'unseen' may be an upload whose bookmark is being created right now: it stays for now.
    expect((await files.listBookmarkIds()).sort()).toEqual(['live', 'unseen'])
  })
})
