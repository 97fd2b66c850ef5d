// Every error the relay sends is a JSON body `{ code, message }` with a stable code, so that
// clients branch on codes, never on wording, and no stack trace ever reaches a user.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { BillingErrorCode } from './billing/billing-errors'
import { MiscErrorCode } from './misc/misc-errors'

/** The stable error codes of the relay's API. */
export const ErrorCode = {
  NOT_FOUND: 'NOT_FOUND',
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  /** The session was ended (password changed or reset, signed out everywhere, account deleted). */
  SESSION_REVOKED: 'SESSION_REVOKED',
  FORBIDDEN: 'FORBIDDEN',
  /** 402: the account's plan does not include this (sync, rooms). */
  PREMIUM_REQUIRED: 'PREMIUM_REQUIRED',
  /** Giveaways (docs/adr/052): none left this month, off on this relay, taken, expired, not needed. */
  GIVEAWAY_LIMIT_REACHED: 'GIVEAWAY_LIMIT_REACHED',
  GIVEAWAYS_OFF: 'GIVEAWAYS_OFF',
  GIVEAWAY_REDEEMED: 'GIVEAWAY_REDEEMED',
  GIVEAWAY_EXPIRED: 'GIVEAWAY_EXPIRED',
  PLAN_ALREADY_LONGER: 'PLAN_ALREADY_LONGER',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  EMAIL_REQUIRED: 'EMAIL_REQUIRED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  /** A pushed `textState` (ADR 081) that is not base64 of a well-formed Yjs update of a user text. */
  INVALID_TEXT_STATE: 'INVALID_TEXT_STATE',
  /** A pushed `textState`, or the text merged with it, larger than the relay keeps. */
  TEXT_STATE_TOO_LARGE: 'TEXT_STATE_TOO_LARGE',
  /** A first user text for old-style HTML that was not seeded from that HTML (ADR 081). */
  TEXT_NOT_SEEDED: 'TEXT_NOT_SEEDED',
  /** A user text whose elements nest deeper than the relay reads. */
  TEXT_TOO_DEEP: 'TEXT_TOO_DEEP',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNAVAILABLE: 'UNAVAILABLE',
  /** This relay sends no mail (no SMTP server, no dev outbox). */
  MAIL_UNAVAILABLE: 'MAIL_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
  ...BillingErrorCode,
  ...MiscErrorCode,
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export interface ErrorBody {
  code: ErrorCode
  message: string
}

/** An error a handler throws to answer with `status` and a coded body. */
export class RelayError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'RelayError'
  }
}

/** Sends a coded error body. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
): FastifyReply {
  const body: ErrorBody = { code, message }
  return reply.status(status).send(body)
}

function codeForStatus(status: number, error: FastifyError): ErrorCode {
  if (error.validation) {
    return ErrorCode.VALIDATION_FAILED
  }
  switch (status) {
    case 413:
      return ErrorCode.PAYLOAD_TOO_LARGE
    case 415:
      return ErrorCode.UNSUPPORTED_MEDIA_TYPE
    case 429:
      return ErrorCode.RATE_LIMITED
    case 404:
      return ErrorCode.NOT_FOUND
    default:
      return ErrorCode.BAD_REQUEST
  }
}

/** Installs the not-found and error handlers that turn every failure into an ErrorBody. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      404,
      ErrorCode.NOT_FOUND,
      `Route ${request.method} ${request.url.split('?')[0]} not found`,
    ),
  )
  app.setErrorHandler((error: FastifyError | RelayError, request, reply) => {
    if (error instanceof RelayError) {
      return sendError(reply, error.status, error.code, error.message)
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error(error)
      return sendError(reply, 500, ErrorCode.INTERNAL, 'Something went wrong. Try again later.')
    }
    const message = status === 413 ? 'Payload too large' : error.message
    return sendError(reply, status, codeForStatus(status, error), message)
  })
}
