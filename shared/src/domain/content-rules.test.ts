import { describe, expect, it } from 'vitest'
import {
  MIN_ARTICLE_LENGTH,
  READERABLE_MIN_PARAGRAPH_LENGTH,
  READERABLE_MIN_SCORE,
  isArticleLongEnough,
  notionImageUrl,
} from './content-rules'

describe('reader thresholds', () => {
  it('uses the spec numbers', () => {
    expect([MIN_ARTICLE_LENGTH, READERABLE_MIN_SCORE, READERABLE_MIN_PARAGRAPH_LENGTH]).toEqual([
      500, 20, 140,
    ])
  })

  it('counts an article only from 500 characters, whitespace aside', () => {
    expect(isArticleLongEnough('a'.repeat(499))).toBe(false)
    expect(isArticleLongEnough('a'.repeat(500))).toBe(true)
    expect(isArticleLongEnough(`  ${'a'.repeat(499)}  `)).toBe(false)
  })
})

describe('notionImageUrl', () => {
  it('keeps png, jpg, jpeg and webp images, whatever the case and query', () => {
    for (const url of [
      'https://x.io/a.png',
      'https://x.io/a.JPG',
      'https://x.io/a.jpeg?w=2',
      'https://x.io/a.webp#f',
    ]) {
      expect(notionImageUrl(url, 'fallback')).toBe(url)
    }
  })

  it('falls back for other or missing images', () => {
    expect(notionImageUrl('https://x.io/a.gif', 'fallback')).toBe('fallback')
    expect(notionImageUrl('https://x.io/image', 'fallback')).toBe('fallback')
    expect(notionImageUrl(undefined, 'fallback')).toBe('fallback')
  })
})
