import { describe, expect, it } from 'vitest'
import { buildRelay, registerUser } from '../testing/build'

const bookmark = {
  _id: 'b1',
  _objectStore: 'bookmarks',
  url: 'https://example.com/a',
  createdAt: 1,
  isStarred: false,
  tags: [],
}
const mark = {
  _id: 'm1',
  _objectStore: 'marks',
  _bookmark: 'b1',
  url: 'https://example.com/a',
  text: 'hi',
  createdAt: 2,
}
const page = {
  _id: 'p1',
  _objectStore: 'pagecontents',
  url: 'https://example.com/a',
  content: '<p>hi</p>',
  createdAt: 3,
}

describe('/sync', () => {
  it('stores entities, answers them by pull with a cursor, and records deletions', async () => {
    const app = await buildRelay()
    const token = await registerUser(app)
    const headers = { authorization: `Bearer ${token}` }
    const pushed = await app.inject({
      method: 'POST',
      url: '/sync',
      headers,
      payload: { entities: [bookmark, mark, page] },
    })
    expect(pushed.statusCode).toBe(200)
    expect(pushed.json()).toEqual({ stored: ['b1', 'm1', 'p1'], rejected: [] })

    const pulled = await app.inject({ method: 'GET', url: '/sync?since=0', headers })
    const body = pulled.json<{
      entities: Record<string, unknown>[]
      cursor: number
      hasMore: boolean
    }>()
    expect(body.entities.map((entity) => entity._id).sort()).toEqual(['b1', 'm1', 'p1'])
    expect(body.entities.find((entity) => entity._id === 'p1')).toMatchObject({
      content: '<p>hi</p>',
      length: 9,
    })
    expect(body.hasMore).toBe(false)

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/sync',
      headers,
      payload: { entities: [{ _id: 'm1', _objectStore: 'marks' }] },
    })
    expect(deleted.json()).toEqual({ stored: ['m1'], rejected: [] })
    const after = await app.inject({ method: 'GET', url: `/sync?since=${body.cursor}`, headers })
    expect(after.json<{ entities: unknown[] }>().entities).toEqual([
      { _id: 'm1', _objectStore: 'marks', deleted: true },
    ])

    const html = await app.inject({ method: 'GET', url: '/page-contents/html?_id=p1', headers })
    expect(html.body).toBe('<p>hi</p>')
    expect((await app.inject({ method: 'GET', url: '/bookmarks', headers })).json()).toEqual([
      expect.objectContaining({ _id: 'b1' }),
    ])
  })

  it('refuses a request without a valid token with 401 and a code', async () => {
    const app = await buildRelay()
    const response = await app.inject({ method: 'GET', url: '/sync?since=0' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'A login token is required' })
  })

  it('answers malformed bodies with 400, never 5xx', async () => {
    const app = await buildRelay()
    const token = await registerUser(app)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    for (const payload of [
      '{',
      '[]',
      '{"entities":"x"}',
      '{"entities":[{"_id":1}]}',
      '{"entities":[],"x":1}',
    ]) {
      const response = await app.inject({ method: 'POST', url: '/sync', headers, payload })
      expect(response.statusCode, payload).toBe(400)
      expect(response.json<{ code: string }>().code).toMatch(/BAD_REQUEST|VALIDATION_FAILED/)
    }
  })
})
