import type { FastifyPluginCallback } from 'fastify'

interface HealthOptions {
  version: string
  /** Which server answers (the misc server says 'misc'): a test waiting for one knows it is that one. */
  service?: string
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
            properties: {
              status: { type: 'string' },
              version: { type: 'string' },
              service: { type: 'string' },
            },
            required: ['status', 'version'],
          },
        },
      },
    },
    () => ({
      status: 'ok',
      version: options.version,
      ...(options.service === undefined ? {} : { service: options.service }),
    }),
  )
  done()
}
