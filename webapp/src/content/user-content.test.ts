// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { BookmarkType } from '@inkmark/shared'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import type { Descendant } from 'slate'
import { afterEach, describe, expect, it } from 'vitest'
import { fromContentHtml } from './content-html'
import {
  UNTITLED,
  createUserContent,
  descriptionOf,
  getUserContentUrl,
  titleOf,
  updateUserContent,
} from './user-content'

const DOCUMENT: Descendant[] = [
  { type: 'heading', level: 1, children: [{ text: 'Ideas' }] },
  { type: 'paragraph', children: [{ text: 'Write ' }, { text: 'more', bold: true }] },
]

const open: TestStore[] = []
afterEach(async () => {
  for (const created of open.splice(0)) {
    await created.store.close()
  }
})

describe('titles and descriptions', () => {
  it('takes the typed title, else the first line cut to 55, else Untitled', () => {
    expect(titleOf({ title: '  Mine ', document: DOCUMENT })).toBe('Mine')
    expect(titleOf({ title: '', document: DOCUMENT })).toBe('Ideas')
    const long = 'x'.repeat(80)
    expect(
      titleOf({ title: '', document: [{ type: 'paragraph', children: [{ text: long }] }] }),
    ).toHaveLength(55)
    expect(
      titleOf({ title: ' ', document: [{ type: 'paragraph', children: [{ text: '' }] }] }),
    ).toBe(UNTITLED)
  })

  it('describes the text in at most 145 characters', () => {
    expect(descriptionOf(DOCUMENT)).toBe('Ideas Write more')
    const long: Descendant[] = [{ type: 'paragraph', children: [{ text: 'word '.repeat(100) }] }]
    expect(descriptionOf(long)).toHaveLength(145)
  })
})

describe('createUserContent and updateUserContent', () => {
  it('stores a content-text bookmark at its /content url with the document as HTML', async () => {
    const created = await openTestStore()
    open.push(created)
    const { store } = created
    const id = await createUserContent(
      store,
      { title: '', document: DOCUMENT },
      'https://app.example',
    )
    const bookmark = store.getBookmark(id)
    expect(bookmark).toMatchObject({
      url: getUserContentUrl('https://app.example', id),
      type: BookmarkType.CONTENT_TEXT,
      title: 'Ideas',
      description: 'Ideas Write more',
      isStarred: false,
    })
    const stored = await store.getPageContentForUrl(bookmark?.url ?? '')
    expect(stored?.content).toBe('<h1>Ideas</h1><p>Write <strong>more</strong></p>')
    expect(fromContentHtml(stored?.content ?? '')).toEqual({ ok: true, document: DOCUMENT })

    const edited: Descendant[] = [{ type: 'paragraph', children: [{ text: 'Changed' }] }]
    await updateUserContent(store, bookmark!, stored, { title: 'New title', document: edited })
    expect(store.getBookmark(id)).toMatchObject({ title: 'New title', description: 'Changed' })
    expect((await store.getPageContentForUrl(bookmark?.url ?? ''))?.content).toBe('<p>Changed</p>')
    expect(store.getAllPageContents()).toHaveLength(1)
  })
})
