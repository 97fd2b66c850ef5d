import { describe, expect, it } from 'vitest'
import { bookmarkTitle, byMostRecent, lastActivity, safeHref } from './library-text'

describe('showing library text', () => {
  it('links only to http(s) and file pages', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a')
    expect(safeHref('file:///tmp/a.pdf')).toBe('file:///tmp/a.pdf')
    expect(safeHref('javascript:alert(1)')).toBeUndefined()
    expect(safeHref(' JavaScript:alert(1)')).toBeUndefined()
    expect(safeHref('data:text/html,<b>x</b>')).toBeUndefined()
    expect(safeHref('not a url')).toBeUndefined()
    expect(safeHref(undefined)).toBeUndefined()
  })

  it('orders history by the latest activity and titles pages by title or address', () => {
    const old = { _id: 'old', createdAt: 1, modifiedAt: 5 }
    const opened = { _id: 'opened', createdAt: 2, openedAt: 9 }
    const fresh = { _id: 'fresh', createdAt: 7 }
    expect(lastActivity(old)).toBe(5)
    expect(byMostRecent([old, opened, fresh]).map((bookmark) => bookmark._id)).toEqual([
      'opened',
      'fresh',
      'old',
    ])
    expect(bookmarkTitle({ title: ' ', url: 'https://a.com' })).toBe('https://a.com')
    expect(bookmarkTitle({ title: 'A', url: 'https://a.com' })).toBe('A')
  })
})
