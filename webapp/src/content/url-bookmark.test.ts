import 'fake-indexeddb/auto'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { INVALID_PAGE_URL_MESSAGE, checkPageUrl, savePageUrl, titleFromUrl } from './url-bookmark'

describe('checkPageUrl', () => {
  it('accepts http(s) pages and reads a bare address as https', () => {
    expect(checkPageUrl(' https://example.com/a?b=1#c ')).toEqual({
      ok: true,
      url: 'https://example.com/a?b=1#c',
    })
    expect(checkPageUrl('http://localhost:8080/x')).toEqual({
      ok: true,
      url: 'http://localhost:8080/x',
    })
    expect(checkPageUrl('www.example.org/post')).toEqual({
      ok: true,
      url: 'https://www.example.org/post',
    })
  })

  it('refuses what is not a web page with one clear message', () => {
    for (const input of [
      '',
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://files.example.com/a',
      'mailto:a@example.com',
      'just words',
      'nodot',
    ]) {
      expect(checkPageUrl(input)).toEqual({ ok: false, message: INVALID_PAGE_URL_MESSAGE })
    }
  })
})

describe('titleFromUrl', () => {
  it('makes a readable title from host and path', () => {
    expect(titleFromUrl('https://www.example.com/blog/caf%C3%A9/')).toBe('example.com/blog/café')
    expect(titleFromUrl('https://example.com/')).toBe('example.com')
  })
})

describe('savePageUrl', () => {
  const open: TestStore[] = []
  afterEach(async () => {
    for (const created of open.splice(0)) {
      await created.store.close()
    }
  })

  it('saves a bookmark once and finds it again for the same page', async () => {
    const created = await openTestStore()
    open.push(created)
    const first = await savePageUrl(created.store, 'https://example.com/article')
    expect(first.existing).toBe(false)
    const bookmark = created.store.getBookmark(first.bookmarkId)
    expect(bookmark).toMatchObject({
      url: 'https://example.com/article',
      title: 'example.com/article',
      origin: 'example.com',
      type: 'normal',
    })
    const again = await savePageUrl(created.store, 'http://www.example.com/article/#top')
    expect(again).toEqual({ bookmarkId: first.bookmarkId, existing: true })
    expect(created.store.getAllBookmarks()).toHaveLength(1)
  })
})
