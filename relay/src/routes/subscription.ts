// Subscriptions: reading one (with its price), the account's payments and invoices, and the
// cancellation flow (retention offer, cancel at the period's end, resume, feedback). Every id must
// be the caller's own: another account's subscription or payment is answered 404, another
// account's user id 403 (docs/adr/051-relay-billing.md).
import {
  CANCELLATION_FEEDBACK_MAX_LENGTH,
  CANCELLATION_FEEDBACK_STATUSES,
  CANCELLATION_OFFER_OUTCOMES,
  CANCELLATION_REASONS,
  type CancellationFeedback,
} from '@inkmark/shared'
import type { FastifyPluginCallback } from 'fastify'
import { authenticate, currentUser } from '../accounts/authenticate'
import { ErrorCode, RelayError } from '../errors'
import { ACCOUNT_RATE_LIMIT_PER_MINUTE } from './accounts'
import { idSchema } from './billing'

const rateLimit = { rateLimit: { max: ACCOUNT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } }
const okResponse = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } }

function paramsOf(name: string) {
  return { type: 'object', required: [name], properties: { [name]: idSchema } }
}

const byId = {
  config: rateLimit,
  preHandler: authenticate,
  schema: { params: paramsOf('id') },
}

/** The subscription routes. */
export const subscriptionRoutes: FastifyPluginCallback = (app, _options, done) => {
  const billing = () => app.services.billing

  app.get<{ Params: { id: string } }>('/subscription/:id', byId, (request) =>
    billing().subscription(currentUser(request)._id, request.params.id),
  )

  app.get<{ Params: { id: string }; Querystring: { countryCode?: string } }>(
    '/subscription/price/:id',
    {
      ...byId,
      schema: {
        params: paramsOf('id'),
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { countryCode: { type: 'string', pattern: '^[A-Z]{2}$' } },
        },
      },
    },
    (request) =>
      billing().subscriptionPrice(
        currentUser(request)._id,
        request.params.id,
        request.query.countryCode,
      ),
  )

  app.get<{ Params: { userId: string } }>(
    '/subscription/transactions/:userId',
    { ...byId, schema: { params: paramsOf('userId') } },
    (request) => {
      const userId = currentUser(request)._id
      if (request.params.userId !== userId) {
        throw new RelayError(403, ErrorCode.FORBIDDEN, 'You can only read your own payments')
      }
      return billing().transactions(userId)
    },
  )

  app.get<{ Params: { transactionId: string } }>(
    '/subscription/invoice/:transactionId',
    {
      ...byId,
      config: { ...rateLimit, noStore: true },
      schema: { params: paramsOf('transactionId') },
    },
    async (request) => ({
      url: await billing().invoiceUrl(currentUser(request)._id, request.params.transactionId),
    }),
  )

  app.get<{ Params: { id: string } }>('/subscription/cancellation-offer/:id', byId, (request) =>
    billing().cancellationOffer(currentUser(request)._id, request.params.id),
  )

  app.post<{ Params: { id: string } }>(
    '/subscription/redeem-cancellation-offer/:id',
    byId,
    async (request) => ({
      outcome: 'redeem' as const,
      subscription: await billing().redeemOffer(currentUser(request)._id, request.params.id),
    }),
  )

  app.post<{ Params: { id: string } }>('/subscription/cancel/:id', byId, async (request) => ({
    subscription: await billing().cancel(currentUser(request)._id, request.params.id),
  }))

  app.post<{ Params: { id: string } }>('/subscription/resume/:id', byId, async (request) => ({
    subscription: await billing().resume(currentUser(request)._id, request.params.id),
  }))

  app.post<{ Body: CancellationFeedback }>(
    '/cancellation-feedback',
    {
      config: rateLimit,
      preHandler: authenticate,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['subscriptionId', 'reason', 'status'],
          properties: {
            subscriptionId: idSchema,
            reason: { type: 'string', enum: [...CANCELLATION_REASONS] },
            feedback: { type: 'string', maxLength: CANCELLATION_FEEDBACK_MAX_LENGTH },
            status: { type: 'string', enum: [...CANCELLATION_FEEDBACK_STATUSES] },
            offerOutcome: { type: 'string', enum: [...CANCELLATION_OFFER_OUTCOMES] },
          },
        },
        response: okResponse,
      },
    },
    async (request) => {
      await billing().putFeedback(currentUser(request)._id, request.body)
      return { ok: true }
    },
  )

  done()
}
