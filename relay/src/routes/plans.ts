// Configuration and plans: GET /config (server overrides, cache lifetime, the isAiChatEnabled
// feature flag), GET /pricing with the
// spec's default prices, discount codes and Black Friday rule, GET /product/plans and /products.
import type { FastifyPluginCallback } from 'fastify'
import { PRICE_LIST, planCatalog, priceList } from '../pricing/catalog'

/** The plan and pricing routes. */
export const planRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get(
    '/config',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } } },
    () => ({
      backendUrlOverride: null,
      miscServerUrlOverride: null,
      backendUrlFallbackOverride: app.services.config.backupUrl ?? null,
      cacheTtlInMillis: app.services.config.configCacheTtlMillis,
      isAiChatEnabled: app.services.config.aiChatEnabled,
    }),
  )

  app.get<{ Querystring: { userPlanType?: string; discountCode?: string; countryCode?: string } }>(
    '/pricing',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            userPlanType: { type: 'string', enum: Object.keys(PRICE_LIST) },
            discountCode: { type: 'string', maxLength: 40, pattern: '^[A-Za-z0-9_-]*$' },
            countryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
          },
        },
      },
    },
    (request) => priceList(request.query, app.services.now()),
  )

  app.get('/product/plans', () => planCatalog())
  app.get('/product/products', () =>
    priceList({}, app.services.now()).map(({ plan, interval, amount, currency }) => ({
      type: plan,
      duration: interval,
      amount,
      currency,
    })),
  )
  done()
}
