// LibraryService applying pushed entities over stored ones: sharing fields merge by their own
// stamp (docs/adr/064), so a device that was away cannot re-publish a page, a highlight or a note
// the owner hid since; every other field is the pushed copy's, as before.
import {
  ObjectStore,
  entityMap,
  publicPageOf,
  writeEntity,
  type Bookmark,
  type Mark,
  type StoredRecord,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { LibraryService } from './library-service'
import { UserDocs } from './user-docs'

const USER = 'u1'
const T0 = Date.UTC(2026, 10, 1)
const SHARE_ID = 'AAAAAAAAAAAAAAAAAAAAAA'

const bookmark: StoredRecord = {
  _id: 'b1',
  _objectStore: ObjectStore.BOOKMARKS,
  url: 'https://example.com/a',
  title: 'A page',
  tags: ['one'],
  permission: 'PUBLIC',
  shareId: SHARE_ID,
  sharedAt: T0,
  sharingChangedAt: T0,
  createdAt: T0,
  updatedAt: T0,
}

const mark: StoredRecord = {
  _id: 'm1',
  _objectStore: ObjectStore.MARKS,
  _bookmark: 'b1',
  url: 'https://example.com/a',
  text: 'highlighted',
  color: '#fdffb4',
  tags: [],
  notes: 'a note',
  permission: 'PUBLIC',
  isNotePublic: true,
  sharingChangedAt: T0,
  createdAt: T0,
  updatedAt: T0,
}

async function service() {
  const storage = openSqliteStorage(':memory:')
  await storage.createUser({ id: USER, email: 'a@example.com', passwordHash: 'x', createdAt: 0 })
  const docs = new UserDocs(storage)
  const library = new LibraryService(docs, storage)
  await library.upsert(USER, [bookmark, mark])
  const read = async () => ({
    bookmark: (await library.get(USER, ObjectStore.BOOKMARKS, 'b1')) as unknown as Bookmark,
    mark: (await library.get(USER, ObjectStore.MARKS, 'm1')) as unknown as Mark,
  })
  return { library, docs, read }
}

describe('LibraryService: sharing fields of pushed entities', () => {
  it('an old copy still PUBLIC pushed after an unshare stays PRIVATE, its edits kept', async () => {
    const { library, read } = await service()
    const unshared = { ...bookmark, permission: 'PRIVATE', sharingChangedAt: T0 + 20 }
    await library.upsert(USER, [{ ...unshared, updatedAt: T0 + 20 }])
    await library.upsert(USER, [{ ...bookmark, tags: ['edited offline'], updatedAt: T0 + 30 }])
    const { bookmark: stored, mark: storedMark } = await read()
    expect(stored).toMatchObject({
      permission: 'PRIVATE',
      sharingChangedAt: T0 + 20,
      tags: ['edited offline'],
      updatedAt: T0 + 30,
    })
    expect(publicPageOf(stored, [storedMark], 0)).toBeUndefined()
  })

  it('an old copy of a mark cannot show a note or a highlight hidden since', async () => {
    const { library, read } = await service()
    await library.upsert(USER, [
      { ...mark, isNotePublic: false, sharingChangedAt: T0 + 20, updatedAt: T0 + 20 },
    ])
    await library.upsert(USER, [{ ...mark, notes: 'edited offline', updatedAt: T0 + 30 }])
    expect((await read()).mark).toMatchObject({ isNotePublic: false, notes: 'edited offline' })

    await library.upsert(USER, [
      { ...mark, permission: 'PRIVATE', sharingChangedAt: T0 + 40, updatedAt: T0 + 40 },
    ])
    await library.upsert(USER, [{ ...mark, color: '#ff0000', updatedAt: T0 + 50 }])
    const { bookmark: page, mark: hidden } = await read()
    expect(hidden).toMatchObject({ permission: 'PRIVATE', color: '#ff0000' })
    expect(publicPageOf(page, [hidden], 0)?.marks).toEqual([])
  })

  it('a newer share wins over the older private copy', async () => {
    const { library, read } = await service()
    await library.upsert(USER, [{ ...bookmark, permission: 'PRIVATE', sharingChangedAt: T0 + 20 }])
    await library.upsert(USER, [
      { ...bookmark, permission: 'PUBLIC_LINK', sharingChangedAt: T0 + 40, updatedAt: T0 + 40 },
    ])
    expect((await read()).bookmark).toMatchObject({
      permission: 'PUBLIC_LINK',
      sharingChangedAt: T0 + 40,
    })
  })

  it('keeps an unshare that came through a live room against an old copy pushed by REST', async () => {
    const { library, docs, read } = await service()
    const live = await docs.open(USER, 'library')
    await live.transactDurably((doc) => {
      writeEntity(doc, ObjectStore.BOOKMARKS, {
        ...bookmark,
        permission: 'PRIVATE',
        sharingChangedAt: T0 + 20,
      })
    }, 'live-client')
    await library.upsert(USER, [{ ...bookmark, title: 'Renamed', updatedAt: T0 + 30 }])
    expect((await read()).bookmark).toMatchObject({ permission: 'PRIVATE', title: 'Renamed' })
    expect(entityMap(live.doc, ObjectStore.BOOKMARKS).size).toBe(1)
  })

  it('ordinary edits replace the entity as before', async () => {
    const { library, read } = await service()
    await library.upsert(USER, [
      { ...bookmark, tags: ['two'], updatedAt: T0 + 10 },
      { ...mark, notes: 'rewritten', updatedAt: T0 + 10 },
    ])
    const { bookmark: stored, mark: storedMark } = await read()
    expect(stored).toEqual({ ...bookmark, tags: ['two'], updatedAt: T0 + 10, _user: USER })
    expect(storedMark).toEqual({ ...mark, notes: 'rewritten', updatedAt: T0 + 10, _user: USER })
  })
})
