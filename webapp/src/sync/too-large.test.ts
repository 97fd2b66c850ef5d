import 'fake-indexeddb/auto'
import {
  ObjectStore,
  SyncValueKey,
  createBookmark,
  createMark,
  openLocalStore,
  type EntityRef,
  type LocalStore,
} from '@inkmark/shared'
import { afterEach, describe, expect, it } from 'vitest'
import {
  TOO_LARGE_TEXT_PREVIEW,
  deleteTooLarge,
  keepTooLarge,
  releaseChangedTooLarge,
  tooLargeItems,
  undecidedTooLargeCount,
} from './too-large'

const T0 = Date.UTC(2026, 10, 22, 12)
const opened: LocalStore[] = []
let counter = 0

async function libraryWithBigNote() {
  let time = T0
  const store = await openLocalStore({
    databaseName: `too-large-${++counter}`,
    now: () => time,
  })
  opened.push(store)
  const bookmark = createBookmark(
    { _id: 'b1', url: 'https://example.org/long-read', title: 'A long read', isStarred: true },
    T0,
  )
  const mark = createMark(
    { _id: 'm1', _bookmark: 'b1', url: 'https://example.org/long-read', text: 'x'.repeat(1000) },
    T0,
  )
  expect((await store.createOrUpdateEntities([bookmark, mark])).rejected).toEqual([])
  const markRef: EntityRef = { _id: 'm1', _objectStore: ObjectStore.MARKS }
  const bookmarkRef: EntityRef = { _id: 'b1', _objectStore: ObjectStore.BOOKMARKS }
  store.device.setValue(SyncValueKey.TOO_LARGE, [markRef, bookmarkRef])
  return { store, markRef, bookmarkRef, tick: () => (time += 1000) }
}

afterEach(async () => {
  for (const store of opened.splice(0)) {
    await store.close()
  }
})

describe('tooLargeItems', () => {
  it('describes each set-aside entity with its title, address and text', async () => {
    const { store } = await libraryWithBigNote()
    const [mark, bookmark] = tooLargeItems(store)
    expect(mark).toMatchObject({
      kind: 'Highlight',
      title: 'A long read',
      url: 'https://example.org/long-read',
      kept: false,
    })
    expect(mark?.text).toHaveLength(TOO_LARGE_TEXT_PREVIEW + 1)
    expect(bookmark).toMatchObject({ kind: 'Page', title: 'A long read', text: undefined })
    expect(undecidedTooLargeCount(store)).toBe(2)
  })

  it('is empty when sync set nothing aside or the value is not a list', async () => {
    const { store } = await libraryWithBigNote()
    store.device.setValue(SyncValueKey.TOO_LARGE, 'broken')
    expect(tooLargeItems(store)).toEqual([])
  })
})

describe('keeping and deleting', () => {
  it('keeps an entity set aside until it changes, then releases it for the next sync', async () => {
    const { store, markRef, tick } = await libraryWithBigNote()
    expect(releaseChangedTooLarge(store)).toEqual([])
    keepTooLarge(store, markRef)
    expect(tooLargeItems(store)[0]?.kept).toBe(true)
    expect(undecidedTooLargeCount(store)).toBe(1)
    expect(releaseChangedTooLarge(store)).toEqual([])

    tick()
    const mark = store.getStoredEntity(markRef)!
    await store.createOrUpdateEntities([{ ...mark, text: 'A shorter note', updatedAt: T0 + 1000 }])
    expect(releaseChangedTooLarge(store)).toEqual([markRef])
    expect(tooLargeItems(store).map((item) => item.ref)).toEqual([
      { _id: 'b1', _objectStore: ObjectStore.BOOKMARKS },
    ])
  })

  it('releases an entity changed before anyone reviewed it', async () => {
    const { store, bookmarkRef, tick } = await libraryWithBigNote()
    releaseChangedTooLarge(store)
    tick()
    const bookmark = store.getStoredEntity(bookmarkRef)!
    await store.createOrUpdateEntities([{ ...bookmark, title: 'Renamed', updatedAt: T0 + 1000 }])
    expect(releaseChangedTooLarge(store)).toEqual([bookmarkRef])
  })

  it('deletes an entity and takes it off the list so its deletion can sync', async () => {
    const { store, markRef } = await libraryWithBigNote()
    await deleteTooLarge(store, markRef)
    expect(store.getEntityById('m1')).toBe(undefined)
    expect(tooLargeItems(store).map((item) => item.key)).toEqual(['bookmarks/b1'])
    expect(store.device.getValue(SyncValueKey.TOO_LARGE)).toEqual([
      { _id: 'b1', _objectStore: ObjectStore.BOOKMARKS },
    ])
  })
})
