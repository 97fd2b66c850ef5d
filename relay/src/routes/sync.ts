// The spec's /sync contract: POST (new entities), PUT (changed entities), DELETE (only _id and
// _objectStore), each answering which entities were stored, and GET /sync?since= for what changed
// since a cursor, deletions included, in pages. Every entity is validated with the shared schema;
// an invalid one is refused by id with a reason while the valid ones are stored. Every one of them
// is for plans that may sync (plans/sync-plan.ts): 402 PREMIUM_REQUIRED otherwise.
import { OBJECT_STORES, SyncEntitySchema, type StoredRecord } from '@inkmark/shared'
import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import { authenticate, currentUser } from '../accounts/authenticate'
import type { EntityReference } from '../docs/library-service'
import { MAX_ENTITY_DEPTH, nestsDeeperThan } from '../docs/nesting'
import { requireSyncPlan } from '../plans/sync-plan'

/** At most this many entities in one /sync request (clients send batches of 20). */
export const MAX_SYNC_ENTITIES = 500
/** Default and largest page of GET /sync. */
export const DEFAULT_PULL_LIMIT = 500
export const MAX_PULL_LIMIT = 2000

const entityReference = {
  type: 'object',
  required: ['_id', '_objectStore'],
  properties: {
    _id: { type: 'string', minLength: 1, maxLength: 256 },
    _objectStore: { type: 'string', enum: OBJECT_STORES },
  },
}
const upsertBody = {
  type: 'object',
  additionalProperties: false,
  required: ['entities'],
  properties: { entities: { type: 'array', maxItems: MAX_SYNC_ENTITIES, items: entityReference } },
}
const deleteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['entities'],
  properties: {
    entities: {
      type: 'array',
      maxItems: MAX_SYNC_ENTITIES,
      items: { ...entityReference, additionalProperties: false },
    },
  },
}
const writeResponse = {
  200: {
    type: 'object',
    properties: {
      stored: { type: 'array', items: { type: 'string' } },
      rejected: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            _id: { type: 'string' },
            _objectStore: { type: 'string' },
            message: { type: 'string' },
            code: { type: 'string' },
          },
        },
      },
    },
  },
}

interface Rejected {
  _id: string
  _objectStore: string
  message: string
  code?: string
}

function validate(entities: readonly StoredRecord[]): {
  valid: StoredRecord[]
  rejected: Rejected[]
} {
  const valid: StoredRecord[] = []
  const rejected: Rejected[] = []
  for (const entity of entities) {
    if (nestsDeeperThan(entity, MAX_ENTITY_DEPTH)) {
      rejected.push({
        _id: entity._id,
        _objectStore: String(entity._objectStore),
        message: `entity: nested deeper than ${MAX_ENTITY_DEPTH} levels`,
      })
      continue
    }
    const parsed = SyncEntitySchema.safeParse(entity)
    if (parsed.success) {
      valid.push(entity)
    } else {
      const issue = parsed.error.issues[0]
      rejected.push({
        _id: entity._id,
        _objectStore: String(entity._objectStore),
        message: `${issue?.path.join('.') || 'entity'}: ${issue?.message ?? 'invalid'}`,
      })
    }
  }
  return { valid, rejected }
}

/** The /sync routes. */
export const syncRoutes: FastifyPluginCallback = (app, _options, done) => {
  const upsert = async (request: FastifyRequest<{ Body: { entities: StoredRecord[] } }>) => {
    const userId = currentUser(request)._id
    const { valid, rejected } = validate(request.body.entities)
    // Pushed texts are merged on a copy first (ADR 081): a bad one is refused by id, and a good
    // one carries the merged HTML, which is what the quota measures.
    const texts = await app.services.library.checkUserTexts(userId, valid)
    // The plan's page-content quota (limits/limits-plugin.ts): refused pages stay pending.
    const fitting = await app.limits.fitPageContents(userId, texts.valid)
    const stored = await app.services.library.upsert(userId, fitting.accepted)
    // Public pages reflect the write before it is acknowledged (docs/adr/057).
    await app.services.publicPages.settled(userId)
    return { stored, rejected: [...rejected, ...texts.rejected, ...fitting.rejected] }
  }
  app.post<{ Body: { entities: StoredRecord[] } }>(
    '/sync',
    {
      preHandler: [authenticate, requireSyncPlan],
      schema: { body: upsertBody, response: writeResponse },
    },
    upsert,
  )
  app.put<{ Body: { entities: StoredRecord[] } }>(
    '/sync',
    {
      preHandler: [authenticate, requireSyncPlan],
      schema: { body: upsertBody, response: writeResponse },
    },
    upsert,
  )
  app.delete<{ Body: { entities: EntityReference[] } }>(
    '/sync',
    {
      preHandler: [authenticate, requireSyncPlan],
      schema: { body: deleteBody, response: writeResponse },
    },
    async (request) => {
      const userId = currentUser(request)._id
      const stored = await app.services.library.delete(userId, request.body.entities)
      await app.services.publicPages.settled(userId)
      return { stored, rejected: [] }
    },
  )
  app.get<{ Querystring: { since?: string; limit?: string } }>(
    '/sync',
    {
      preHandler: [authenticate, requireSyncPlan],
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            since: { type: 'string', pattern: '^[0-9]{1,15}$' },
            limit: { type: 'string', pattern: '^[0-9]{1,5}$' },
          },
        },
      },
    },
    async (request, reply) => {
      const since = Number(request.query.since ?? 0)
      const limit = Math.min(
        Math.max(Number(request.query.limit ?? DEFAULT_PULL_LIMIT), 1),
        MAX_PULL_LIMIT,
      )
      const page = await app.services.library.changesSince(currentUser(request)._id, since, limit)
      // The page is JSON text already: a string with a JSON type is sent as it is, not serialized.
      return reply.type('application/json; charset=utf-8').send(page)
    },
  )
  done()
}
