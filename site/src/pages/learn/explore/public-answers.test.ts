import { isShareId } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  exploreTagOf,
  feedOrderOf,
  httpUrlOrNull,
  isListedShareId,
  readDiscoverPage,
  readExploreTags,
} from './public-answers'
import { fetchDiscoverPage, fetchExploreTags } from './relay-calls'

const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUv'

const summary = (overrides: Record<string, unknown> = {}) => ({
  shareId: SHARE_ID,
  url: 'https://example.com/article',
  title: 'An article',
  origin: 'example.com',
  tags: ['reading'],
  likes: 2,
  marksCount: 3,
  firstHighlights: ['A line'],
  sharedAt: 1_700_000_000_000,
  ...overrides,
})

describe('readDiscoverPage', () => {
  it('reads a well-formed answer, keeping only what the site shows', () => {
    const page = readDiscoverPage({
      items: [summary({ image: 'https://tracker.example/pixel.png', description: 'd' })],
      nextPage: 'abc',
    })
    expect(page).toEqual({
      items: [
        {
          shareId: SHARE_ID,
          title: 'An article',
          sourceUrl: 'https://example.com/article',
          origin: 'example.com',
          description: 'd',
          tags: ['reading'],
          likes: 2,
          marksCount: 3,
          firstHighlights: ['A line'],
          sharedAt: 1_700_000_000_000,
        },
      ],
      nextPage: 'abc',
    })
    expect(JSON.stringify(page)).not.toContain('pixel')
  })

  it('drops a source link that is not http(s)', () => {
    const page = readDiscoverPage({ items: [summary({ url: 'javascript:alert(1)' })] })
    expect(page.items[0]?.sourceUrl).toBeNull()
    expect(page.nextPage).toBeNull()
  })

  it('refuses answers field by field, naming the field', () => {
    expect(() => readDiscoverPage({ items: [summary({ likes: -1 })] })).toThrow('items.0.likes')
    expect(() => readDiscoverPage({ items: [summary({ shareId: '../admin' })] })).toThrow(
      'items.0.shareId',
    )
    expect(() => readDiscoverPage({ items: [summary({ tags: ['a', 3] })] })).toThrow(
      'items.0.tags.1',
    )
    expect(() => readDiscoverPage({ items: [summary({ title: { html: '<b>' } })] })).toThrow(
      'items.0.title',
    )
    expect(() => readDiscoverPage({ items: [summary()], nextPage: 5 })).toThrow('nextPage')
    expect(() => readDiscoverPage([])).toThrow('the answer')
  })

  it("agrees with the shared package's share id rule", () => {
    for (const value of [SHARE_ID, 'short', `${SHARE_ID}x`, 'AbCdEfGhIjKlMnOpQrSt/v', 42]) {
      expect(isListedShareId(value)).toBe(isShareId(value))
    }
  })
})

describe('readExploreTags', () => {
  it('reads tags and refuses bad counts', () => {
    expect(readExploreTags([{ tag: 'ai', count: 2 }])).toEqual([{ tag: 'ai', count: 2 }])
    expect(() => readExploreTags([{ tag: 'ai', count: 1.5 }])).toThrow('0.count')
    expect(() => readExploreTags({})).toThrow('the answer')
  })
})

describe('addresses', () => {
  it('reads the order and the tag from the query', () => {
    expect(feedOrderOf('?sort=most-liked')).toBe('most-liked')
    expect(feedOrderOf('?sort=oldest')).toBe('newest')
    expect(exploreTagOf('?tag=%20ai%20')).toBe('ai')
    expect(exploreTagOf('?tag=')).toBeNull()
    expect(exploreTagOf(`?tag=${'x'.repeat(201)}`)).toBeNull()
    expect(httpUrlOrNull('data:text/html,x')).toBeNull()
  })
})

describe('relay calls', () => {
  const answer = (status: number, body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }))

  it('posts the discover query and checks the answer', async () => {
    const calls: [string, RequestInit | undefined][] = []
    const fetchStub: typeof fetch = (input, init) => {
      calls.push([input instanceof Request ? input.url : input.toString(), init])
      return answer(200, { items: [summary()] })
    }
    const page = await fetchDiscoverPage(
      'http://relay.test/',
      { type: 'most-liked', tag: 'ai' },
      fetchStub,
    )
    expect(page.items).toHaveLength(1)
    expect(calls[0]?.[0]).toBe('http://relay.test/discover')
    expect(calls[0]?.[1]?.method).toBe('POST')
    expect(calls[0]?.[1]?.body).toBe('{"type":"most-liked","tag":"ai"}')
  })

  it('words failures for the page', async () => {
    await expect(fetchExploreTags('http://relay.test', () => answer(429, {}))).rejects.toThrow(
      'Too many requests',
    )
    await expect(fetchExploreTags('http://relay.test', () => answer(500, {}))).rejects.toThrow(
      'could not answer',
    )
    await expect(
      fetchExploreTags('http://relay.test', () => Promise.reject(new TypeError('offline'))),
    ).rejects.toThrow('Could not reach Inkmark')
    await expect(
      fetchExploreTags('http://relay.test', () => answer(200, [{ tag: 1 }])),
    ).rejects.toThrow('not understood')
  })
})
