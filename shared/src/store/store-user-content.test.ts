// User-written content (bookmarks of type content-text) is the bookmark itself: the spec's
// "an unstarred bookmark without highlights is deleted" and "the last highlight of an unstarred
// bookmark takes the bookmark" are about saved web pages, and would delete a person's text
// (ADR 019). Deleting the content itself still takes its page content (the spec's cascade).
import { afterEach, describe, expect, it } from 'vitest'
import { BookmarkType } from '../domain/entities/bookmark'
import { ObjectStore } from '../domain/entities/object-store'
import {
  createBookmarkFixture,
  createMarkFixture,
  createPageContentFixture,
} from '../testing/factories'
import { openTestStore, type TestStore } from '../testing/store-harness'

const open: TestStore[] = []
afterEach(async () => {
  for (const created of open.splice(0)) {
    await created.store.close()
  }
})

async function harness(): Promise<TestStore> {
  const created = await openTestStore()
  open.push(created)
  return created
}

const CONTENT_URL = 'https://app.example/content/c1'
const content = (isStarred: boolean) => ({
  ...createBookmarkFixture({
    _id: 'c1',
    url: CONTENT_URL,
    type: BookmarkType.CONTENT_TEXT,
    isStarred,
  }),
  _objectStore: ObjectStore.BOOKMARKS,
})
const body = {
  ...createPageContentFixture({ _id: 'pc1', url: CONTENT_URL, content: '<p>My text</p>' }),
  _objectStore: ObjectStore.PAGE_CONTENTS,
}

describe('user content in the store', () => {
  it('keeps user content that is unstarred', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([content(true), body])
    await store.createOrUpdateEntities([content(false)])
    expect(store.getBookmark('c1')?.isStarred).toBe(false)
    expect((await store.getPageContentForUrl(CONTENT_URL))?.content).toBe('<p>My text</p>')
  })

  it('keeps user content when its last highlight is deleted', async () => {
    const { store } = await harness()
    const mark = {
      ...createMarkFixture({ _id: 'm1', _bookmark: 'c1', url: CONTENT_URL }),
      _objectStore: ObjectStore.MARKS,
    }
    await store.createOrUpdateEntities([content(false), body, mark])
    await store.markEntitiesAsDeleted([{ _id: 'm1', _objectStore: ObjectStore.MARKS }])
    expect(store.getBookmark('c1')).toBeDefined()
  })

  it('takes the page content with it when the content is deleted', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([content(false), body])
    await store.markEntitiesAsDeleted([{ _id: 'c1', _objectStore: ObjectStore.BOOKMARKS }])
    expect(store.getBookmark('c1')).toBeUndefined()
    expect(await store.getPageContentForUrl(CONTENT_URL)).toBeUndefined()
  })
})
