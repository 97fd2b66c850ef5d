// The spec's read endpoints over a user's docs (bookmarks, marks, tags, settings, page contents,
// chats); PUT /learning-info is in learning.ts, POST /events in events.ts. Deleted entities are
// gone from the docs, so every answer is the user's live data and nobody else's. Reading the synced
// copy is part of sync: for plans that may sync only (402 PREMIUM_REQUIRED otherwise).
import { ObjectStore, type StoredRecord } from '@inkmark/shared'
import type { FastifyPluginCallback } from 'fastify'
import { authenticate, currentUser } from '../accounts/authenticate'
import { ErrorCode, RelayError } from '../errors'
import { requireSyncPlan } from '../plans/sync-plan'

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 256 } },
}
const idQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['_id'],
  properties: { _id: { type: 'string', minLength: 1, maxLength: 256 } },
}
const noQuery = { type: 'object', additionalProperties: false, properties: {} }

function notFound(what: string): RelayError {
  return new RelayError(404, ErrorCode.NOT_FOUND, `${what} not found`)
}

/** The read routes. */
export const readRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { library } = app.services
  const gate = [authenticate, requireSyncPlan]
  const list = (store: ObjectStore) => async (request: Parameters<typeof currentUser>[0]) =>
    library.list(currentUser(request)._id, store)

  app.get(
    '/bookmarks',
    { preHandler: gate, schema: { querystring: noQuery } },
    list(ObjectStore.BOOKMARKS),
  )
  app.get('/marks', { preHandler: gate, schema: { querystring: noQuery } }, list(ObjectStore.MARKS))
  app.get(
    '/aichats',
    { preHandler: gate, schema: { querystring: noQuery } },
    list(ObjectStore.AI_CHATS),
  )
  app.get(
    '/page-contents',
    { preHandler: gate, schema: { querystring: noQuery } },
    list(ObjectStore.PAGE_CONTENTS),
  )

  app.get<{ Params: { id: string } }>(
    '/bookmarks/:id',
    { preHandler: gate, schema: { params: idParams } },
    async (request) => {
      const bookmark = await library.get(
        currentUser(request)._id,
        ObjectStore.BOOKMARKS,
        request.params.id,
      )
      if (!bookmark) {
        throw notFound('Bookmark')
      }
      return bookmark
    },
  )

  app.get<{ Params: { id: string } }>(
    '/bookmarks/:id/marks',
    { preHandler: gate, schema: { params: idParams } },
    async (request) => {
      const marks = await library.list(currentUser(request)._id, ObjectStore.MARKS)
      return marks.filter((mark) => mark._bookmark === request.params.id)
    },
  )

  app.get('/tags', { preHandler: gate, schema: { querystring: noQuery } }, async (request) => {
    const userId = currentUser(request)._id
    const counts = new Map<string, number>()
    const entities: StoredRecord[] = [
      ...(await library.list(userId, ObjectStore.BOOKMARKS)),
      ...(await library.list(userId, ObjectStore.MARKS)),
    ]
    for (const entity of entities) {
      for (const tag of new Set(Array.isArray(entity.tags) ? (entity.tags as unknown[]) : [])) {
        if (typeof tag === 'string') {
          counts.set(tag, (counts.get(tag) ?? 0) + 1)
        }
      }
    }
    return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count)
  })

  app.get(
    '/chrome-storage',
    { preHandler: gate, schema: { querystring: noQuery } },
    async (request) => {
      const [settings] = await library.list(currentUser(request)._id, ObjectStore.CHROME_SETTINGS)
      return settings ?? {}
    },
  )

  app.get<{ Querystring: { _id: string } }>(
    '/page-contents/html',
    { preHandler: gate, schema: { querystring: idQuery } },
    async (request, reply) => {
      const html = await library.pageContentHtml(currentUser(request)._id, request.query._id)
      if (html === undefined) {
        throw notFound('Page content')
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'")
        .send(html)
    },
  )

  app.get<{ Querystring: { _id: string } }>(
    '/aichats/messages',
    { preHandler: gate, schema: { querystring: idQuery } },
    async (request) => {
      const messages = await library.chatMessages(currentUser(request)._id, request.query._id)
      if (messages === undefined) {
        throw notFound('AI chat')
      }
      return messages
    },
  )

  done()
}
