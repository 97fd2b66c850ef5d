// The errors of the integration routes: the spec's product-level codes (`unauthorized`,
// `object_not_found`, ...; shared IntegrationErrorCode) in the relay's `{ code, message }` body.
// They are not relay ErrorCodes, so the integration plugins answer them with an error handler of
// their own and pass every other error on to the relay's (validation, 401 of the login, 500).
import { IntegrationErrorCode } from '@inkmark/shared'
import type { FastifyInstance } from 'fastify'

/** An integration call's failure, answered as `{ code, message }` with `status`. */
export class IntegrationError extends Error {
  constructor(
    readonly status: number,
    readonly code: IntegrationErrorCode,
    message: string,
    /** Seconds to wait, passed on as Retry-After (a 429 of the service). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'IntegrationError'
  }
}

/** Installs, on an integration plugin, the handler that answers IntegrationErrors. */
export function answerIntegrationErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof IntegrationError)) {
      // Fastify hands an error thrown here to the parent's handler: the relay's.
      throw error
    }
    if (error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.retryAfterSeconds))
    }
    return reply.status(error.status).send({ code: error.code, message: error.message })
  })
}

/** 400 validation_error for a request body or parameter our schema refuses. */
export function invalidRequest(message: string): IntegrationError {
  return new IntegrationError(400, IntegrationErrorCode.VALIDATION_ERROR, message)
}

/** The seconds of a Retry-After header value (seconds or an HTTP date), or undefined. */
export function retryAfterOf(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim()
  if (!text) {
    return undefined
  }
  if (/^\d+$/.test(text)) {
    return Math.max(1, Number(text))
  }
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - now) / 1000))
}
