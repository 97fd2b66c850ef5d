// The user's Notion or Capacities token arrives in a header of its own (x-notion-token,
// x-capacities-token; never in a URL), is handed to the service and never stored or logged here.
import { IntegrationErrorCode } from '@inkmark/shared'
import type { FastifyRequest } from 'fastify'
import { IntegrationError } from './integration-error'

/** Longest token accepted (Notion's and Capacities' are far shorter). */
export const MAX_SERVICE_TOKEN_LENGTH = 1024

const TOKEN = /^[\x21-\x7e]+$/

/** The token of `header`, or 401 unauthorized asking to connect `service` (again). */
export function serviceToken(request: FastifyRequest, header: string, service: string): string {
  const value = request.headers[header]
  const token = typeof value === 'string' ? value.trim() : ''
  if (token === '' || token.length > MAX_SERVICE_TOKEN_LENGTH || !TOKEN.test(token)) {
    throw new IntegrationError(
      401,
      IntegrationErrorCode.UNAUTHORIZED,
      `Connect ${service} first: no valid ${service} token came with the request.`,
    )
  }
  return token
}
