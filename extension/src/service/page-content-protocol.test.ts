import { describe, expect, it } from 'vitest'
import {
  MAX_PAGE_CONTENT_HTML_LENGTH,
  addressOf,
  offeredHtml,
  pageContentAnswerOf,
  shouldOfferPage,
} from './page-content-protocol'

const page = { address: 'https://example.org/article', textLength: 10_000 }

describe('shouldOfferPage', () => {
  it('offers a page never offered in this page load', () => {
    expect(shouldOfferPage(undefined, page)).toBe(true)
  })

  it('does not offer the same page again for a highlight or a few edited words', () => {
    expect(shouldOfferPage(page, page)).toBe(false)
    expect(shouldOfferPage(page, { ...page, textLength: 10_400 })).toBe(false)
    // 900 characters are under a tenth of 10,000.
    expect(shouldOfferPage(page, { ...page, textLength: 9_100 })).toBe(false)
  })

  it('offers it again when its text grew or shrank by a tenth and 500 characters', () => {
    expect(shouldOfferPage(page, { ...page, textLength: 11_000 })).toBe(true)
    expect(shouldOfferPage(page, { ...page, textLength: 8_000 })).toBe(true)
    // A short page: a tenth is not enough under 500 characters.
    const short = { ...page, textLength: 1_000 }
    expect(shouldOfferPage(short, { ...short, textLength: 1_400 })).toBe(false)
    expect(shouldOfferPage(short, { ...short, textLength: 1_500 })).toBe(true)
  })

  it('offers it again at another address (a single-page app moved on)', () => {
    expect(shouldOfferPage(page, { ...page, address: 'https://example.org/next' })).toBe(true)
  })
})

describe('addressOf', () => {
  it('drops the fragment only', () => {
    expect(addressOf('https://example.org/a?b=1#part')).toBe('https://example.org/a?b=1')
    expect(addressOf('https://example.org/a')).toBe('https://example.org/a')
  })
})

describe('pageContentAnswerOf', () => {
  it('accepts the four answers', () => {
    expect(pageContentAnswerOf({ type: 'wanted' })).toEqual({ type: 'wanted' })
    expect(pageContentAnswerOf({ type: 'not-wanted' })).toEqual({ type: 'not-wanted' })
    expect(pageContentAnswerOf({ type: 'saved', extra: 1 })).toEqual({ type: 'saved' })
    expect(pageContentAnswerOf({ type: 'not-saved' })).toEqual({ type: 'not-saved' })
    expect(pageContentAnswerOf({ type: 'not-saved', message: 'Storage full. x' })).toEqual({
      type: 'not-saved',
      message: 'Storage full. x',
    })
  })

  it('refuses anything else and keeps a message short', () => {
    expect(pageContentAnswerOf(null)).toBeUndefined()
    expect(pageContentAnswerOf('wanted')).toBeUndefined()
    expect(pageContentAnswerOf({ type: 'save' })).toBeUndefined()
    expect(pageContentAnswerOf({ type: 'not-saved', message: 42 })).toEqual({ type: 'not-saved' })
    const long = pageContentAnswerOf({ type: 'not-saved', message: 'x'.repeat(2_000) })
    expect(long?.type === 'not-saved' && long.message?.length).toBe(500)
  })
})

describe('offeredHtml', () => {
  it('takes a non-empty string of bounded size only', () => {
    expect(offeredHtml({ html: '<p>a</p>' })).toBe('<p>a</p>')
    expect(offeredHtml({ html: '' })).toBeUndefined()
    expect(offeredHtml({ html: 5 })).toBeUndefined()
    expect(offeredHtml(null)).toBeUndefined()
    expect(offeredHtml({ html: 'x'.repeat(MAX_PAGE_CONTENT_HTML_LENGTH + 1) })).toBeUndefined()
  })
})
