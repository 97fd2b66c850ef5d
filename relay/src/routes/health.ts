// Health for scripts, tests and load balancers (ADR 085). `/health` and `/health/live` say the
// process answers (liveness: restart it when they do not); `/health/ready` says whether to send it
// traffic (readiness): 503 while the database does not answer within its timeout, while the
// cluster bus is away, or once the relay is shutting down, so a proxy moves clients elsewhere.
import type { FastifyPluginCallback } from 'fastify'

/** What readiness found: each check's outcome. */
export interface Readiness {
  ready: boolean
  checks: Record<string, string>
}

interface HealthOptions {
  version: string
  /** Which server answers (the misc server says 'misc'): a test waiting for one knows it is that one. */
  service?: string
  /** Checks whether this instance should get traffic; without it, a live one is ready. */
  readiness?: () => Promise<Readiness>
}

const liveSchema = {
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
}

/** GET /health, /health/live and /health/ready. */
export const healthRoutes: FastifyPluginCallback<HealthOptions> = (app, options, done) => {
  const live = () => ({
    status: 'ok',
    version: options.version,
    ...(options.service === undefined ? {} : { service: options.service }),
  })
  app.get('/health', { schema: liveSchema }, live)
  app.get('/health/live', { schema: liveSchema }, live)
  app.get('/health/ready', async (_request, reply) => {
    const readiness = options.readiness ? await options.readiness() : { ready: true, checks: {} }
    return reply
      .code(readiness.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: readiness.ready ? 'ready' : 'unavailable', checks: readiness.checks })
  })
  done()
}

/**
 * 'ok' once `work` resolves, 'failed' if it rejects, 'timed out' after `ms` (no error text: the
 * endpoint is public, and a database's error names hosts and ports).
 */
export async function checkWithin(work: Promise<unknown>, ms: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms)
  })
  try {
    return await Promise.race([
      work.then(
        () => 'ok',
        () => 'failed',
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}
