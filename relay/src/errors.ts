// Every error the relay sends is a JSON body `{ code, message }` with a stable code, so that
// clients branch on codes, never on wording, and no stack trace ever reaches a user.
import type { FastifyInstance } from 'fastify'

/** The stable error codes of the relay's API. */
export const ErrorCode = {
  NOT_FOUND: 'NOT_FOUND',
  BAD_REQUEST: 'BAD_REQUEST',
  INTERNAL: 'INTERNAL',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export interface ErrorBody {
  code: ErrorCode
  message: string
}

/** Installs the not-found and error handlers that turn every failure into an ErrorBody. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      code: ErrorCode.NOT_FOUND,
      message: `Route ${request.method} ${request.url} not found`,
    }
    return reply.status(404).send(body)
  })
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error(error)
      const body: ErrorBody = {
        code: ErrorCode.INTERNAL,
        message: 'Something went wrong. Try again later.',
      }
      return reply.status(500).send(body)
    }
    const body: ErrorBody = { code: ErrorCode.BAD_REQUEST, message: error.message ?? 'Bad request' }
    return reply.status(status).send(body)
  })
}
