import 'fake-indexeddb/auto'
import { ObjectStore, openLocalStore } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { forgetDeletedPdfFiles, openAppPdfFiles } from './app-pdf-files'
import { createPdfBookmark } from './pdf-bookmark'

const bytes = new TextEncoder().encode('%PDF-1.7').buffer

describe('forgetDeletedPdfFiles', () => {
  it('removes the file of a deleted bookmark, keeps live ones and ones this tab has not seen', async () => {
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
      await files.put({ bookmarkId: id, name: `${id}.pdf`, bytes, storedAt: now })
    }
    expect(await forgetDeletedPdfFiles(store)).toBe(1)
    expect((await files.listBookmarkIds()).sort()).toEqual(['live', 'unseen'])
  })
})
