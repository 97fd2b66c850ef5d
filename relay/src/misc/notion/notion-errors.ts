// The Notion client's errors as the spec's product-level codes (section 8): what the web app shows
// and does next (reconnect, pick another page, wait, try later). Notion's own message is passed on
// for requests it refused (it names the field), never a token; anything unexpected is a 502.
import { IntegrationErrorCode } from '@inkmark/shared'
import {
  APIErrorCode,
  APIResponseError,
  RequestTimeoutError,
  UnknownHTTPResponseError,
  isNotionClientError,
} from '@notionhq/client'
import { IntegrationError, retryAfterOf } from '../integrations/integration-error'

/** Longest message of Notion passed on. */
const MAX_PASSED_MESSAGE = 300

export const NOTION_MESSAGES = {
  unauthorized: 'Notion refused the connection. Reconnect Notion and try again.',
  notFound:
    'Notion could not find this page or database. Share it with the Inkmark integration in Notion, or choose another one.',
  rateLimited: 'Notion asks to slow down. Try again in a moment.',
  timeout: 'The request to Notion has timed out. Try again later.',
  unknown: 'Notion did not answer as expected. Try again later.',
  invalidGrant: 'Notion did not accept the connection. Connect Notion again.',
} as const

/** A header of the client's error (a fetch Headers, or a plain record). */
function headerOf(headers: unknown, name: string): string | undefined {
  if (headers !== null && typeof headers === 'object') {
    if ('get' in headers && typeof headers.get === 'function') {
      const value: unknown = (headers.get as (key: string) => unknown).call(headers, name)
      return typeof value === 'string' ? value : undefined
    }
    const value: unknown = (headers as Record<string, unknown>)[name]
    return typeof value === 'string' ? value : undefined
  }
  return undefined
}

function passedMessage(message: string): string {
  return message.length > MAX_PASSED_MESSAGE ? `${message.slice(0, MAX_PASSED_MESSAGE)}…` : message
}

/** Maps any error of a Notion call to an IntegrationError (the argument is never rethrown). */
export function notionError(error: unknown, now: number): IntegrationError {
  if (error instanceof IntegrationError) {
    return error
  }
  if (!isNotionClientError(error)) {
    // The network failed (DNS, refused connection): Notion is not reachable from here.
    return new IntegrationError(502, IntegrationErrorCode.UNKNOWN_ERROR, NOTION_MESSAGES.unknown)
  }
  if (RequestTimeoutError.isRequestTimeoutError(error)) {
    return new IntegrationError(504, IntegrationErrorCode.UNKNOWN_ERROR, NOTION_MESSAGES.timeout)
  }
  if (APIResponseError.isAPIResponseError(error)) {
    switch (error.code) {
      case APIErrorCode.Unauthorized:
        return new IntegrationError(
          401,
          IntegrationErrorCode.UNAUTHORIZED,
          NOTION_MESSAGES.unauthorized,
        )
      case APIErrorCode.ObjectNotFound:
      case APIErrorCode.RestrictedResource:
        return new IntegrationError(
          404,
          IntegrationErrorCode.OBJECT_NOT_FOUND,
          NOTION_MESSAGES.notFound,
        )
      case APIErrorCode.RateLimited:
        return new IntegrationError(
          429,
          IntegrationErrorCode.RATE_LIMITED,
          NOTION_MESSAGES.rateLimited,
          retryAfterOf(headerOf(error.headers, 'retry-after'), now) ?? 1,
        )
      case APIErrorCode.ValidationError:
      case APIErrorCode.InvalidJSON:
      case APIErrorCode.InvalidRequestURL:
      case APIErrorCode.InvalidRequest:
        return new IntegrationError(
          400,
          IntegrationErrorCode.VALIDATION_ERROR,
          `Notion refused the export: ${passedMessage(error.message)}`,
        )
      default:
        return new IntegrationError(
          502,
          IntegrationErrorCode.UNKNOWN_ERROR,
          NOTION_MESSAGES.unknown,
        )
    }
  }
  if (UnknownHTTPResponseError.isUnknownHTTPResponseError(error) && error.status === 401) {
    return new IntegrationError(
      401,
      IntegrationErrorCode.UNAUTHORIZED,
      NOTION_MESSAGES.unauthorized,
    )
  }
  return new IntegrationError(502, IntegrationErrorCode.UNKNOWN_ERROR, NOTION_MESSAGES.unknown)
}

/**
 * The error of the OAuth code exchange: Notion answers a refused code with an OAuth error body
 * (`{ error: 'invalid_grant' }`, 400), which is the spec's invalid_grant; the rest as above.
 */
export function notionOAuthError(error: unknown, now: number): IntegrationError {
  if (
    isNotionClientError(error) &&
    (APIResponseError.isAPIResponseError(error) ||
      UnknownHTTPResponseError.isUnknownHTTPResponseError(error)) &&
    error.status === 400
  ) {
    return new IntegrationError(
      400,
      IntegrationErrorCode.INVALID_GRANT,
      NOTION_MESSAGES.invalidGrant,
    )
  }
  return notionError(error, now)
}
