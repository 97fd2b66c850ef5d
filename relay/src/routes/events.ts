// POST /events (docs/adr/053-product-events.md): anonymous product event counts. Only allowlisted
// names (shared PRODUCT_EVENT_NAMES) with a count; no token is read and nothing about the caller is
// kept: each count is added to its UTC day's total per name. Anything else in the body is refused
// (400) before anything is stored, and each address may send only a few batches a minute.
import {
  PRODUCT_EVENT_MAX_COUNT,
  PRODUCT_EVENT_NAMES,
  PRODUCT_EVENTS_PER_BATCH,
  mergeProductEvents,
  productEventDay,
  type ProductEventBatch,
} from '@inkmark/shared'
import type { FastifyPluginCallback } from 'fastify'

/** Batches one address may send per minute (clients send one every few seconds at most). */
export const EVENTS_RATE_LIMIT_PER_MINUTE = 30

const batchSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['events'],
  properties: {
    events: {
      type: 'array',
      minItems: 1,
      maxItems: PRODUCT_EVENTS_PER_BATCH,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', enum: PRODUCT_EVENT_NAMES },
          count: { type: 'integer', minimum: 1, maximum: PRODUCT_EVENT_MAX_COUNT },
        },
      },
    },
  },
}

/** The product events route. */
export const eventRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.post<{ Body: ProductEventBatch }>(
    '/events',
    {
      config: { rateLimit: { max: EVENTS_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { body: batchSchema },
    },
    async (request, reply) => {
      const counts = mergeProductEvents(request.body.events).map(({ name, count }) => ({
        name,
        count: count ?? 1,
      }))
      await app.services.storage.addProductEventCounts(productEventDay(app.services.now()), counts)
      return reply.status(204).send()
    },
  )
  done()
}
