// Billing: which provider this relay uses (GET /billing/config), starting a checkout, the test
// provider's checkout page calls, and Paddle's webhook. The webhook keeps its body as the exact
// bytes Paddle signed (a content-type parser scoped to that route), and only a verified event can
// change a plan; nothing the browser sends does (docs/adr/051-relay-billing.md).
import { PURCHASABLE_PLAN_TYPES, UserPlanDuration, type CheckoutRequest } from '@inkmark/shared'
import type { FastifyPluginCallback } from 'fastify'
import { authenticate, currentUser, requireAccount } from '../accounts/authenticate'
import { InvalidSignatureError, MalformedEventError } from '../billing/billing-service'
import { ErrorCode, RelayError } from '../errors'
import { ACCOUNT_RATE_LIMIT_PER_MINUTE } from './accounts'

const rateLimit = { rateLimit: { max: ACCOUNT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } }
/** The public config is read by every app start: a looser limit. */
const CONFIG_RATE_LIMIT_PER_MINUTE = 120
/** Paddle may deliver bursts (retries, several events per purchase) from few addresses. */
export const WEBHOOK_RATE_LIMIT_PER_MINUTE = 600
/** Paddle's webhook bodies are a few kilobytes. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024

export const idSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_-]+$',
}
const okResponse = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } }

/** The Paddle webhook, in its own scope so its raw-body parser touches no other route. */
const paddleWebhook: FastifyPluginCallback = (scope, _options, done) => {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  )
  scope.post<{ Body: string }>(
    '/billing/webhooks/paddle',
    {
      config: {
        rateLimit: { max: WEBHOOK_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: { response: okResponse },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : ''
      const signature = request.headers['paddle-signature']
      try {
        const received = await scope.services.billing.receivePaddleWebhook(
          rawBody,
          typeof signature === 'string' ? signature : undefined,
        )
        if (received.outcome === 'ignored') {
          request.log.warn(
            { eventId: received.eventId, eventType: received.eventType, reason: received.reason },
            'Paddle event acknowledged and ignored',
          )
        }
        return { ok: true }
      } catch (error) {
        if (error instanceof InvalidSignatureError) {
          throw new RelayError(401, ErrorCode.INVALID_SIGNATURE, error.message)
        }
        if (error instanceof MalformedEventError) {
          throw new RelayError(400, ErrorCode.BAD_REQUEST, error.message)
        }
        throw error
      }
    },
  )
  done()
}

/** The billing routes. */
export const billingRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get(
    '/billing/config',
    {
      config: { rateLimit: { max: CONFIG_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } },
    },
    () => app.services.billing.config(),
  )

  app.post<{ Body: CheckoutRequest }>(
    '/billing/checkout',
    {
      config: rateLimit,
      preHandler: authenticate,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['plan', 'duration'],
          properties: {
            plan: { type: 'string', enum: [...PURCHASABLE_PLAN_TYPES] },
            duration: { type: 'string', enum: Object.values(UserPlanDuration) },
            discountCode: { type: 'string', maxLength: 40, pattern: '^[A-Za-z0-9_-]*$' },
            countryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
          },
        },
      },
    },
    async (request) => {
      const { storage, billing } = app.services
      const user = await requireAccount(storage, currentUser(request))
      return billing.startCheckout(user, request.body)
    },
  )

  app.get<{ Params: { checkoutId: string } }>(
    '/billing/test-checkout/:checkoutId',
    {
      config: rateLimit,
      preHandler: authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['checkoutId'],
          properties: { checkoutId: idSchema },
        },
      },
    },
    (request) =>
      app.services.billing.testCheckoutOrder(currentUser(request)._id, request.params.checkoutId),
  )

  app.post<{ Params: { checkoutId: string } }>(
    '/billing/test-checkout/:checkoutId/complete',
    {
      config: rateLimit,
      preHandler: authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['checkoutId'],
          properties: { checkoutId: idSchema },
        },
        response: okResponse,
      },
    },
    async (request) => {
      const { storage, billing } = app.services
      const user = await requireAccount(storage, currentUser(request))
      await billing.completeTestCheckout(user, request.params.checkoutId)
      return { ok: true }
    },
  )

  void app.register(paddleWebhook)
  done()
}
