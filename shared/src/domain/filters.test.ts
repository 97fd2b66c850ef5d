import { describe, expect, it } from 'vitest'
import { encodeBase64Utf8 } from './base64'
import {
  FilterKey,
  FilterLogical,
  FilterSchema,
  IS_IMAGE_FALSE,
  IS_IMAGE_TRUE,
  encodeFilters,
  isImageEntity,
  matchesFilter,
  matchesFilters,
  parseFilters,
  toSiteOrigin,
} from './filters'
import type { Filter, FilterableEntity } from './filters'

const b64 = (value: unknown): string => encodeBase64Utf8(JSON.stringify(value))

const tag = (value: string, logical?: FilterLogical): Filter =>
  logical === undefined ? { key: 'tag', value } : { key: 'tag', value, logical }

describe('constants and schema', () => {
  it('names the spec keys and logicals', () => {
    expect(Object.values(FilterKey)).toEqual(['tag', 'origin', 'isImage', 'memoryLevel'])
    expect(Object.values(FilterLogical)).toEqual(['AND', 'OR'])
    expect(IS_IMAGE_TRUE).toBe('true')
    expect(IS_IMAGE_FALSE).toBe('false')
  })

  it('requires a known key and a non-empty value', () => {
    expect(FilterSchema.safeParse({ key: 'tag', value: 'x' }).success).toBe(true)
    expect(FilterSchema.safeParse({ key: 'tag', value: '' }).success).toBe(false)
    expect(FilterSchema.safeParse({ key: 'tag', value: '   ' }).success).toBe(false)
    expect(FilterSchema.safeParse({ key: 'color', value: 'x' }).success).toBe(false)
    expect(FilterSchema.safeParse({ key: 'tag', value: 'x', logical: 'XOR' }).success).toBe(false)
  })
})

describe('parseFilters', () => {
  it('reads a base64-encoded JSON list', () => {
    const filters = [
      { key: 'tag', value: 'reading' },
      { key: 'origin', value: 'example.com', logical: 'AND' },
      { key: 'isImage', value: 'true', logical: 'OR' },
    ]
    expect(parseFilters(b64(filters))).toEqual(filters)
  })

  it('gives [] for a missing, empty or garbage parameter', () => {
    expect(parseFilters(null)).toEqual([])
    expect(parseFilters(undefined)).toEqual([])
    expect(parseFilters('')).toEqual([])
    expect(parseFilters('   ')).toEqual([])
    expect(parseFilters('not base64!')).toEqual([])
    expect(parseFilters(encodeBase64Utf8('{not json'))).toEqual([])
    expect(parseFilters(b64({ key: 'tag', value: 'x' }))).toEqual([])
    expect(parseFilters(b64('tag'))).toEqual([])
    expect(parseFilters('/w==')).toEqual([])
  })

  it('drops each invalid filter on its own', () => {
    const param = b64([
      { key: 'tag', value: 'keep' },
      { key: 'tag', value: '' },
      { key: 'tag', value: '  ' },
      { key: 'origin' },
      { key: 'isImage', value: null },
      { key: 'color', value: 'red' },
      { key: 'tag', value: 'x', logical: 'XOR' },
      { key: 'tag', value: ['a'] },
      null,
      'tag',
      42,
      { key: 'origin', value: 'example.com', logical: 'OR' },
    ])
    expect(parseFilters(param)).toEqual([
      { key: 'tag', value: 'keep' },
      { key: 'origin', value: 'example.com', logical: 'OR' },
    ])
  })

  it('trims values and drops unknown fields', () => {
    expect(parseFilters(b64([{ key: 'tag', value: ' reading ', extra: 1 }]))).toEqual([
      { key: 'tag', value: 'reading' },
    ])
  })

  it('tolerates lowercase or null logicals and boolean or number values', () => {
    expect(
      parseFilters(
        b64([
          { key: 'tag', value: 'a', logical: 'and' },
          { key: 'tag', value: 'b', logical: ' or ' },
          { key: 'tag', value: 'c', logical: null },
          { key: 'isImage', value: true },
          { key: 'tag', value: 2024 },
        ]),
      ),
    ).toEqual([
      { key: 'tag', value: 'a', logical: 'AND' },
      { key: 'tag', value: 'b', logical: 'OR' },
      { key: 'tag', value: 'c' },
      { key: 'isImage', value: 'true' },
      { key: 'tag', value: '2024' },
    ])
  })

  it('accepts URL-safe, unpadded, percent-encoded and form-decoded parameters', () => {
    // '??>' in a tag makes the standard encoding contain '+' and '/'.
    const filters = [{ key: 'tag', value: 'a??>b~~~' }]
    const standard = b64(filters)
    expect(standard).toMatch(/[+/]/)
    expect(parseFilters(standard)).toEqual(filters)
    expect(parseFilters(encodeFilters(filters as Filter[]))).toEqual(filters)
    expect(parseFilters(encodeURIComponent(standard))).toEqual(filters)
    expect(parseFilters(standard.replace(/\+/g, ' '))).toEqual(filters)
    expect(parseFilters(standard.replace(/=+$/, ''))).toEqual(filters)
  })

  it('treats a malformed percent escape as plain text', () => {
    expect(parseFilters('%E0%A4%A')).toEqual([])
  })

  it('keeps non-ASCII values intact', () => {
    const filters = [
      { key: 'tag', value: '📚 books' },
      { key: 'tag', value: 'قراءة', logical: 'OR' },
      { key: 'tag', value: '学习', logical: 'OR' },
    ]
    expect(parseFilters(b64(filters))).toEqual(filters)
  })
})

describe('encodeFilters', () => {
  it('round-trips with parseFilters', () => {
    const filters: Filter[] = [
      { key: 'tag', value: 'Machine Learning' },
      { key: 'origin', value: 'https://www.example.com', logical: 'AND' },
      { key: 'isImage', value: 'false', logical: 'OR' },
      { key: 'tag', value: '👩‍💻 code', logical: 'OR' },
    ]
    expect(parseFilters(encodeFilters(filters))).toEqual(filters)
    expect(parseFilters(encodeFilters([]))).toEqual([])
  })

  it('produces URL-safe text that needs no escaping', () => {
    const encoded = encodeFilters([tag('a??>b~~~'), tag('日本語')])
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(encodeURIComponent(encoded)).toBe(encoded)
  })

  it('leaves out invalid filters and extra fields', () => {
    const filters = [
      { key: 'tag', value: '' },
      { key: 'tag', value: 'ok', extra: true },
    ] as unknown as Filter[]
    expect(parseFilters(encodeFilters(filters))).toEqual([{ key: 'tag', value: 'ok' }])
  })
})

describe('toSiteOrigin', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['www.example.com', 'example.com'],
    ['https://www.example.com', 'example.com'],
    ['http://example.com/path?q=1#top', 'example.com'],
    ['HTTPS://WWW.Example.com:443/', 'example.com'],
    ['http://example.com:80', 'example.com'],
    ['https://example.com:8080/a', 'example.com:8080'],
    ['localhost:3000', 'localhost:3000'],
    ['https://user:pass@blog.example.com/', 'blog.example.com'],
    ['//cdn.example.com/x.js', 'cdn.example.com'],
    ['example.com.', 'example.com'],
    ['https://www.example.com.:443/', 'example.com'],
    ['example.com:', 'example.com'],
    ['http://[::1]:8080/', '[::1]:8080'],
    ['  https://www2.example.com ', 'www2.example.com'],
  ])('%j -> %j', (input, expected) => {
    expect(toSiteOrigin(input)).toBe(expected)
  })

  it.each(['', '   ', 'https://', 'file:///Users/me/a.pdf', 'about:blank', 'a b.com', '...'])(
    '%j has no site origin',
    (input) => {
      expect(toSiteOrigin(input)).toBeNull()
    },
  )
})

describe('matchesFilter', () => {
  it("matches a highlight's memory level, and a page by its highlights' levels", () => {
    const level = (value: string): Filter => ({ key: FilterKey.MEMORY_LEVEL, value })
    const learned = {
      learningItem: {
        easinessFactor: 2.6,
        interval: 3,
        repetitions: 1,
        lastLearned: 1,
        nextReviewInMillis: 2,
        lastLearnedHistory: [1],
      },
    }
    expect(matchesFilter({}, level('NOT_YET_LEARNED'))).toBe(true)
    expect(matchesFilter(learned, level('NEW_KNOWLEDGE'))).toBe(true)
    expect(matchesFilter(learned, level('NOT_YET_LEARNED'))).toBe(false)
    const discarded = { learningItem: { ...learned.learningItem, disableLearning: true } }
    expect(matchesFilter(discarded, level('DISCARDED'))).toBe(true)
    const page = { memoryLevels: ['DISCARDED', 'LONG_TERM_MEMORY'] }
    expect(matchesFilter(page, level('LONG_TERM_MEMORY'))).toBe(true)
    expect(matchesFilter(page, level('NOT_YET_LEARNED'))).toBe(false)
    expect(parseFilters(encodeFilters([level('DISCARDED')]))).toEqual([level('DISCARDED')])
  })

  it('matches tags case-insensitively', () => {
    const entity = { tags: ['Reading', 'AI'] }
    expect(matchesFilter(entity, tag('reading'))).toBe(true)
    expect(matchesFilter(entity, tag('READING'))).toBe(true)
    expect(matchesFilter(entity, tag(' ai '))).toBe(true)
    expect(matchesFilter(entity, tag('read'))).toBe(false)
    expect(matchesFilter({}, tag('reading'))).toBe(false)
  })

  it('compares the site origin of the entity, from origin or else url', () => {
    const byOrigin = (value: string, entity: FilterableEntity): boolean =>
      matchesFilter(entity, { key: 'origin', value })
    expect(byOrigin('example.com', { origin: 'www.example.com' })).toBe(true)
    expect(byOrigin('https://www.example.com', { origin: 'example.com' })).toBe(true)
    expect(byOrigin('EXAMPLE.com', { url: 'http://www.example.com/a/b?c' })).toBe(true)
    expect(byOrigin('example.com', { origin: '', url: 'https://example.com/x' })).toBe(true)
    expect(byOrigin('example.com', { origin: 'blog.example.com' })).toBe(false)
    expect(byOrigin('example.com', { url: 'https://example.org/' })).toBe(false)
    expect(byOrigin('example.com', {})).toBe(false)
    expect(byOrigin('https://', { origin: 'example.com' })).toBe(false)
  })

  it('matches image marks for isImage true and everything else for false', () => {
    const image = { mediaType: 'image', imageSrc: 'https://example.com/a.png' }
    const text = { mediaType: 'paragraph' }
    const imageWithoutSource = { mediaType: 'image' }
    expect(matchesFilter(image, { key: 'isImage', value: 'true' })).toBe(true)
    expect(matchesFilter(text, { key: 'isImage', value: 'true' })).toBe(false)
    expect(matchesFilter(imageWithoutSource, { key: 'isImage', value: 'true' })).toBe(false)
    expect(matchesFilter(image, { key: 'isImage', value: 'false' })).toBe(false)
    expect(matchesFilter(text, { key: 'isImage', value: 'FALSE' })).toBe(true)
    expect(matchesFilter(imageWithoutSource, { key: 'isImage', value: 'false' })).toBe(true)
    expect(matchesFilter(image, { key: 'isImage', value: 'yes' })).toBe(true)
  })
})

describe('isImageEntity', () => {
  it('needs mediaType image and an image source', () => {
    expect(isImageEntity({ mediaType: 'image', imageSrc: 'a.png' })).toBe(true)
    expect(isImageEntity({ mediaType: 'image', imageSrc: '' })).toBe(false)
    expect(isImageEntity({ mediaType: 'image' })).toBe(false)
    expect(isImageEntity({ imageSrc: 'a.png' })).toBe(false)
    expect(isImageEntity({ mediaType: 'blockquote', imageSrc: 'a.png' })).toBe(false)
  })
})

describe('matchesFilters', () => {
  // Three tag filters a, b, c; the entity carries the tags whose flag is true.
  const entity = (a: boolean, b: boolean, c: boolean): FilterableEntity => ({
    tags: [a ? 'a' : '', b ? 'b' : '', c ? 'c' : ''].filter((t) => t !== ''),
  })
  const bools = [false, true]
  const cases = bools.flatMap((a) => bools.flatMap((b) => bools.map((c) => [a, b, c] as const)))

  it('lets everything through without filters', () => {
    expect(matchesFilters({}, [])).toBe(true)
    expect(matchesFilters(entity(false, false, false), [])).toBe(true)
  })

  it.each(cases)('AND only: a=%s b=%s -> a && b', (a, b, c) => {
    const filters = [tag('a', 'AND'), tag('b', 'AND')]
    expect(matchesFilters(entity(a, b, c), filters)).toBe(a && b)
  })

  it.each(cases)('untagged only: a=%s b=%s -> a && b', (a, b, c) => {
    expect(matchesFilters(entity(a, b, c), [tag('a'), tag('b')])).toBe(a && b)
  })

  it.each(cases)('OR only: a=%s b=%s -> a || b', (a, b, c) => {
    const filters = [tag('a', 'OR'), tag('b', 'OR')]
    expect(matchesFilters(entity(a, b, c), filters)).toBe(a || b)
  })

  it.each(cases)('untagged a, OR b: a=%s b=%s -> a || b', (a, b, c) => {
    expect(matchesFilters(entity(a, b, c), [tag('a'), tag('b', 'OR')])).toBe(a || b)
  })

  it.each(cases)('untagged a, AND b: a=%s b=%s -> a && b', (a, b, c) => {
    expect(matchesFilters(entity(a, b, c), [tag('a'), tag('b', 'AND')])).toBe(a && b)
  })

  it.each(cases)('AND a, OR b: a=%s b=%s -> a && b', (a, b, c) => {
    expect(matchesFilters(entity(a, b, c), [tag('a', 'AND'), tag('b', 'OR')])).toBe(a && b)
  })

  it.each(cases)('AND a, untagged b, OR c: a=%s b=%s c=%s -> a && (b || c)', (a, b, c) => {
    const filters = [tag('a', 'AND'), tag('b'), tag('c', 'OR')]
    expect(matchesFilters(entity(a, b, c), filters)).toBe(a && (b || c))
  })

  it('mixes keys', () => {
    const mark = {
      tags: ['Design'],
      url: 'https://www.example.com/post',
      mediaType: 'image',
      imageSrc: 'https://example.com/a.png',
    }
    const filters: Filter[] = [
      { key: 'origin', value: 'example.com', logical: 'AND' },
      { key: 'isImage', value: 'true' },
      { key: 'tag', value: 'missing', logical: 'OR' },
    ]
    expect(matchesFilters(mark, filters)).toBe(true)
    expect(matchesFilters({ ...mark, url: 'https://other.org' }, filters)).toBe(false)
    expect(matchesFilters({ ...mark, mediaType: 'paragraph' }, filters)).toBe(false)
    expect(matchesFilters({ ...mark, mediaType: 'paragraph', tags: ['missing'] }, filters)).toBe(
      true,
    )
  })
})
