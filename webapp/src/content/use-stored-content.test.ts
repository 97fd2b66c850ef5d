// A user text whose record came through the live room before its HTML (ADR 081) is missing, not
// empty: the editor must not seed from it. Read through a real store (fake IndexedDB).
import 'fake-indexeddb/auto'
import { ObjectStore, type LocalStore } from '@inkmark/shared'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { lacksSeedBody } from './use-stored-content'

const URL = 'https://app.example/content/t1'
const open: TestStore[] = []
afterEach(async () => {
  for (const created of open.splice(0)) {
    await created.store.close()
  }
})

async function storeWith(fields: Record<string, unknown>): Promise<LocalStore> {
  const created = await openTestStore()
  open.push(created)
  const result = await created.store.createOrUpdateEntities([
    { _id: 't1', _objectStore: ObjectStore.PAGE_CONTENTS, url: URL, createdAt: 1, ...fields },
  ])
  expect(result.rejected).toEqual([])
  return created.store
}

describe('lacksSeedBody', () => {
  it('says an old-style text without its HTML lacks it', async () => {
    const store = await storeWith({})
    expect(lacksSeedBody(await store.getPageContentForUrl(URL))).toBe(true)
  })

  it('takes an old-style text with its HTML, even empty HTML', async () => {
    for (const content of ['<p>Words</p>', '']) {
      const store = await storeWith({ content })
      expect(lacksSeedBody(await store.getPageContentForUrl(URL))).toBe(false)
    }
  })

  it('takes a mergeable text without its HTML: its words are in its own text', async () => {
    const store = await storeWith({ mergeableText: true })
    expect(lacksSeedBody(await store.getPageContentForUrl(URL))).toBe(false)
  })

  it('takes no page content at all (nothing stored to lose)', () => {
    expect(lacksSeedBody(undefined)).toBe(false)
  })
})
