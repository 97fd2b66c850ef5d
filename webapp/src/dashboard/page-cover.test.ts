import { describe, expect, it } from 'vitest'
import { pageCoverUrl } from './page-cover'

describe('pageCoverUrl', () => {
  it('takes the page image, then the meta image, then a book cover', () => {
    expect(
      pageCoverUrl({
        image: 'https://a.example/1.png',
        meta: { image: 'https://a.example/2.png' },
      }),
    ).toBe('https://a.example/1.png')
    expect(pageCoverUrl({ meta: { image: 'https://a.example/2.png' } })).toBe(
      'https://a.example/2.png',
    )
    expect(pageCoverUrl({ coverImageUrl: 'http://books.example/c.jpg' })).toBe(
      'http://books.example/c.jpg',
    )
    expect(pageCoverUrl({})).toBeUndefined()
  })

  it('skips what a page could abuse: other schemes, SVG data, text that is no URL', () => {
    expect(
      pageCoverUrl({ image: 'javascript:alert(1)', meta: { image: '/relative.png' } }),
    ).toBeUndefined()
    expect(pageCoverUrl({ image: 'data:image/svg+xml;base64,PHN2Zz4=' })).toBeUndefined()
    expect(pageCoverUrl({ image: 'data:image/png;base64,iVBOR' })).toBe(
      'data:image/png;base64,iVBOR',
    )
  })
})
