// The relay as a Fastify plugin: everything a client talks to, with no process concerns (ports,
// signals, logging destinations), so that tests can build it with `app.inject` and server.ts can
// listen with it.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { registerErrorHandling } from './errors'
import { healthRoutes } from './routes/health'

export interface AppOptions {
  /** Shown by /health so that an operator can tell which build answers. */
  version: string
}

/** Registers every plugin and route of the relay on `app`. */
export const relayApp: FastifyPluginAsync<AppOptions> = async (app: FastifyInstance, options) => {
  registerErrorHandling(app)
  await app.register(healthRoutes, { version: options.version })
}
