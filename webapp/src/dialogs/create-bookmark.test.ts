import { describe, expect, it } from 'vitest'
import { INVALID_PAGE_URL_MESSAGE } from '../content/url-bookmark'
import { MAX_TITLE_LENGTH, checkNewBookmark, parseTagList } from './create-bookmark'

const none = () => undefined

describe('parseTagList', () => {
  it('cleans each tag and keeps it once', () => {
    expect(parseTagList(' reading list, #news,reading list ,, ')).toEqual(['readinglist', 'news'])
    expect(parseTagList('')).toEqual([])
  })
})

describe('checkNewBookmark', () => {
  it('saves an address with its title and tags', () => {
    expect(
      checkNewBookmark({ url: 'example.com/a', title: ' A page ', tags: 'one, two' }, none),
    ).toEqual({ ok: true, url: 'https://example.com/a', title: 'A page', tags: ['one', 'two'] })
  })

  it('makes a title from the address when none is typed', () => {
    const check = checkNewBookmark({ url: 'https://www.example.com/x/', title: '', tags: '' }, none)
    expect(check).toEqual({
      ok: true,
      url: 'https://www.example.com/x/',
      title: 'example.com/x',
      tags: [],
    })
  })

  it('refuses an empty or non-web address', () => {
    expect(checkNewBookmark({ url: ' ', title: '', tags: '' }, none)).toEqual({
      ok: false,
      errors: { url: 'Type the address of the page to save.' },
    })
    expect(checkNewBookmark({ url: 'javascript:alert(1)', title: '', tags: '' }, none)).toEqual({
      ok: false,
      errors: { url: INVALID_PAGE_URL_MESSAGE },
    })
  })

  it('reports an address already saved, with its bookmark', () => {
    const check = checkNewBookmark({ url: 'https://e.org/', title: '', tags: '' }, (url) =>
      url === 'https://e.org/' ? 'b1' : undefined,
    )
    expect(check).toEqual({
      ok: false,
      errors: { url: 'This page is already in your library.' },
      existingId: 'b1',
    })
  })

  it('refuses an overlong title', () => {
    const check = checkNewBookmark(
      { url: 'https://e.org/', title: 'x'.repeat(MAX_TITLE_LENGTH + 1), tags: '' },
      none,
    )
    expect(check.ok).toBe(false)
  })
})
