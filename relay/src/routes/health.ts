import type { FastifyPluginCallback } from 'fastify'

interface HealthOptions {
  version: string
}

/** GET /health: liveness for scripts, tests and load balancers. */
export const healthRoutes: FastifyPluginCallback<HealthOptions> = (app, options, done) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string' }, version: { type: 'string' } },
            required: ['status', 'version'],
          },
        },
      },
    },
    () => ({ status: 'ok', version: options.version }),
  )
  done()
}
