import { describe, expect, it } from 'vitest'
import { NOTION_FALLBACK_IMAGE_URL, notionImageOrFallback } from './integration-types'

describe('notionImageOrFallback', () => {
  it('keeps png, jpg, jpeg and webp images, query and fragment ignored', () => {
    for (const url of [
      'https://x.test/a.png',
      'https://x.test/a.JPG?w=200',
      'https://x.test/a.jpeg#top',
      'https://x.test/a.webp',
    ]) {
      expect(notionImageOrFallback(url)).toBe(url)
    }
  })

  it('gives the fallback image for other images and for none', () => {
    expect(notionImageOrFallback('https://x.test/a.gif')).toBe(NOTION_FALLBACK_IMAGE_URL)
    expect(notionImageOrFallback('https://x.test/image?id=3')).toBe(NOTION_FALLBACK_IMAGE_URL)
    expect(notionImageOrFallback(undefined)).toBe(NOTION_FALLBACK_IMAGE_URL)
  })
})
