import { describe, expect, it } from 'vitest'
import { PageContentSchema, createPageContent } from './page-content'

const NOW = 1_700_000_000_000
const BASE = { _id: 'p1', url: 'https://example.com/a' }

describe('createPageContent', () => {
  it('is html stored at now, without a body unless given', () => {
    expect(createPageContent(BASE, NOW)).toEqual({
      ...BASE,
      _objectStore: 'pagecontents',
      type: 'html',
      createdAt: NOW,
      updatedAt: NOW,
      modifiedAt: NOW,
    })
  })

  it('derives length from the content unless given', () => {
    expect(createPageContent({ ...BASE, content: '<p>abc</p>' }, NOW).length).toBe(10)
    expect(createPageContent({ ...BASE, content: '<p>abc</p>', length: 3 }, NOW).length).toBe(3)
  })

  it('takes every spec field', () => {
    const content = createPageContent(
      {
        ...BASE,
        title: 'T',
        description: 'D',
        youtubeTranscript: { url: BASE.url, transcripts: [{ text: 'hi', duration: 1, offset: 0 }] },
        wasUpdatedWithLatestContentFromAppType: 'extension',
      },
      NOW,
    )
    expect(content.youtubeTranscript?.availableLanguages).toEqual([])
    expect(content.wasUpdatedWithLatestContentFromAppType).toBe('extension')
  })
})

describe('PageContentSchema', () => {
  const valid = createPageContent({ ...BASE, content: '<p>x</p>' }, NOW)

  it('accepts its defaults unchanged and keeps unknown keys', () => {
    expect(PageContentSchema.parse(valid)).toEqual(valid)
    expect(PageContentSchema.parse({ ...valid, byline: 'Ann' }).byline).toBe('Ann')
  })

  it.each([
    ['type', 'pdf'],
    ['content', 42],
    ['length', -1],
    ['length', 1.5],
    ['youtubeTranscript', 'hi'],
    ['createdAt', undefined],
    ['url', null],
  ])('rejects %s = %j', (key, value) => {
    expect(PageContentSchema.safeParse({ ...valid, [key]: value }).success).toBe(false)
  })
})
