import { describe, expect, it } from 'vitest'
import { PublicApiError, createPublicApi, publicErrorMessage } from './public-api'

const summary = {
  shareId: 'AAAAAAAAAAAAAAAAAAAAAA',
  url: 'https://example.com/a',
  title: 'A page',
  origin: 'example.com',
  tags: ['news'],
  likes: 2,
  marksCount: 3,
  firstHighlights: ['one', 'two'],
  sharedAt: 1,
}

const page = {
  shareId: 'AAAAAAAAAAAAAAAAAAAAAA',
  permission: 'PUBLIC',
  url: 'https://example.com/a',
  title: 'A page',
  origin: 'example.com',
  tags: [],
  likes: 0,
  likedByMe: false,
  sharedAt: 1,
  updatedAt: 2,
  marks: [{ _id: 'm1', text: 'one', color: '#fdffb4', createdAt: 1 }],
}

interface Call {
  url: string
  init: RequestInit
}

/** A client whose fetch answers `answer` and records each call. */
function clientAnswering(answer: () => Response, token?: string) {
  const calls: Call[] = []
  const api = createPublicApi({
    relayUrl: 'http://relay.test/',
    getToken: () => token,
    fetch: (input, init) => {
      calls.push({ url: input as string, init: init ?? {} })
      return Promise.resolve(answer())
    },
  })
  return { api, calls }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

async function errorOf(promise: Promise<unknown>): Promise<PublicApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PublicApiError)
    return error as PublicApiError
  }
  throw new Error('expected a rejection')
}

describe('public api client', () => {
  it('posts the discover query without a token and returns a valid answer', async () => {
    const { api, calls } = clientAnswering(() => json({ items: [summary], nextPage: 'c2' }), 'tok')
    const answer = await api.discover({ type: 'most-liked', nextPage: 'c1' })
    expect(answer).toEqual({ items: [summary], nextPage: 'c2' })
    expect(calls[0]!.url).toBe('http://relay.test/discover')
    expect(calls[0]!.init.method).toBe('POST')
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      type: 'most-liked',
      nextPage: 'c1',
    })
    expect(calls[0]!.init.headers).not.toHaveProperty('authorization')
  })

  it('sends the Bearer token for a public page, likes and unlikes only', async () => {
    const { api, calls } = clientAnswering(() => json(page), 'tok')
    await api.publicPage('AAAAAAAAAAAAAAAAAAAAAA')
    expect(calls[0]!.url).toBe('http://relay.test/explore/bookmarks/AAAAAAAAAAAAAAAAAAAAAA')
    expect(calls[0]!.init.headers).toHaveProperty('authorization', 'Bearer tok')
    const likes = clientAnswering(() => json({ likes: 1, likedByMe: true }), 'tok')
    expect(await likes.api.like('a/b')).toEqual({ likes: 1, likedByMe: true })
    expect(likes.calls[0]!.url).toBe('http://relay.test/bookmarks/like/a%2Fb')
    expect(likes.calls[0]!.init.method).toBe('PUT')
    await likes.api.unlike('x')
    expect(likes.calls[1]!.url).toBe('http://relay.test/bookmarks/unlike/x')
    expect(likes.calls[1]!.init.headers).toHaveProperty('authorization', 'Bearer tok')
  })

  it('rejects malformed answers clearly, naming where', async () => {
    const bad = clientAnswering(() => json({ items: [{ ...summary, likes: 'many' }] }))
    const error = await errorOf(bad.api.discover({}))
    expect(error.kind).toBe('malformed')
    expect(error.message).toContain('items.0.likes')

    const notList = clientAnswering(() => json({ tag: 'x', count: 1 }))
    expect((await errorOf(notList.api.exploreTags())).kind).toBe('malformed')

    const badCount = clientAnswering(() => json([{ tag: 'x', count: -1 }]))
    expect((await errorOf(badCount.api.exploreTags())).kind).toBe('malformed')

    const badPermission = clientAnswering(() => json({ ...page, permission: 'PRIVATE' }))
    const pageError = await errorOf(badPermission.api.publicPage('a'))
    expect(pageError.kind).toBe('malformed')
    expect(pageError.message).toContain('permission')

    const badMark = clientAnswering(() => json({ ...page, marks: [{ text: 'no id' }] }))
    expect((await errorOf(badMark.api.publicPage('a'))).message).toContain('marks.0')

    const notJson = clientAnswering(() => new Response('<html>', { status: 200 }))
    const notJsonError = await errorOf(notJson.api.discover({}))
    expect(notJsonError.kind).toBe('malformed')
    expect(notJsonError.message).toContain('not JSON')

    const badLike = clientAnswering(() => json({ likes: 1 }))
    expect((await errorOf(badLike.api.like('a'))).kind).toBe('malformed')
  })

  it('turns statuses and network failures into kinds with messages', async () => {
    expect((await errorOf(clientAnswering(() => json({}, 404)).api.publicPage('a'))).kind).toBe(
      'not-found',
    )
    expect((await errorOf(clientAnswering(() => json({}, 401)).api.like('a'))).kind).toBe(
      'unauthorized',
    )
    expect((await errorOf(clientAnswering(() => json({}, 429)).api.discover({}))).kind).toBe(
      'rate-limited',
    )
    expect((await errorOf(clientAnswering(() => json({}, 400)).api.report('a', ''))).kind).toBe(
      'bad-request',
    )
    expect((await errorOf(clientAnswering(() => json({}, 500)).api.exploreTags())).kind).toBe(
      'failed',
    )
    const offline = createPublicApi({
      relayUrl: 'http://relay.test',
      getToken: () => undefined,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    const error = await errorOf(offline.discover({}))
    expect(error.kind).toBe('offline')
    expect(publicErrorMessage(error)).toBe('Discover needs a connection')
    const noRelay = createPublicApi({ relayUrl: '', getToken: () => undefined })
    expect((await errorOf(noRelay.exploreTags())).kind).toBe('offline')
  })

  it('posts a report with its reason and accepts an empty 202', async () => {
    const { api, calls } = clientAnswering(() => new Response(null, { status: 202 }))
    await api.report('abc', 'Spam')
    expect(calls[0]!.url).toBe('http://relay.test/explore/bookmarks/abc/report')
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ reason: 'Spam' })
  })
})
