// Every way an AI run fails, as one error class with a named code, so that the screens say one
// plain sentence per cause (aiErrorMessage) and the logic can tell a quota from a dropped stream
// without reading provider-specific errors. Providers translate their own errors into these.
import { countLabel } from '../domain/plural'

/** Why an AI run failed. */
export type AiErrorCode =
  | 'not-configured'
  | 'unavailable'
  | 'quota-exceeded'
  | 'unauthorized'
  | 'rate-limited'
  | 'aborted'
  | 'network'
  | 'stream-dropped'
  | 'bad-response'

/** Every AiErrorCode, e.g. for tests and exhaustive lists. */
export const AI_ERROR_CODES: readonly AiErrorCode[] = [
  'not-configured',
  'unavailable',
  'quota-exceeded',
  'unauthorized',
  'rate-limited',
  'aborted',
  'network',
  'stream-dropped',
  'bad-response',
]

/** Details an AiError may carry. */
export interface AiErrorDetails {
  /** The HTTP status of an endpoint's answer. */
  status?: number
  /** How long the endpoint asked us to wait (from Retry-After). */
  retryAfterMs?: number
  cause?: unknown
}

/** A failed AI run: a code for the logic, a message for logs (never the API key). */
export class AiError extends Error {
  readonly code: AiErrorCode
  readonly status?: number
  readonly retryAfterMs?: number

  constructor(code: AiErrorCode, message: string, details: AiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = 'AiError'
    this.code = code
    if (details.status !== undefined) {
      this.status = details.status
    }
    if (details.retryAfterMs !== undefined) {
      this.retryAfterMs = details.retryAfterMs
    }
  }
}

/** Whether `error` is an AiError (of `code`, when given). */
export function isAiError(error: unknown, code?: AiErrorCode): error is AiError {
  return error instanceof AiError && (code === undefined || error.code === code)
}

/**
 * Whether `error` says the input was too long for the model: an AiError 'quota-exceeded', the
 * browser's QuotaExceededError (a DOMException by name), or any error whose text names it
 * (spec section 8 recognises the text QuotaExceededError).
 */
export function isQuotaExceededError(error: unknown): boolean {
  if (isAiError(error)) {
    return error.code === 'quota-exceeded'
  }
  if (typeof error === 'string') {
    return error.includes('QuotaExceededError')
  }
  if (typeof error !== 'object' || error === null) {
    return false
  }
  const { name, message } = error as { name?: unknown; message?: unknown }
  return (
    name === 'QuotaExceededError' ||
    (typeof message === 'string' && message.includes('QuotaExceededError'))
  )
}

/** Whether `error` is a cancellation: an AiError 'aborted' or the platform's AbortError. */
export function isAbortError(error: unknown): boolean {
  if (isAiError(error)) {
    return error.code === 'aborted'
  }
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  )
}

const MESSAGES: Readonly<Record<AiErrorCode, string>> = {
  'not-configured': 'No AI provider is set up. Choose one in Settings, under AI.',
  unavailable:
    "This browser's built-in AI cannot run here. Choose an OpenAI-compatible endpoint in Settings, under AI.",
  'quota-exceeded': 'The text is too long for the AI model. Try a shorter text or a new chat.',
  unauthorized: 'The AI endpoint refused the API key. Check the key in Settings, under AI.',
  'rate-limited': 'The AI endpoint has had too many requests. Try again in a moment.',
  aborted: 'Cancelled.',
  network:
    'Inkmark could not reach the AI endpoint. Check its address in Settings and that it is running.',
  'stream-dropped': 'The connection to the AI dropped before the answer was complete. Try again.',
  'bad-response': 'The AI sent an answer Inkmark could not read. Try again.',
}

const SECOND_MS = 1000

/** One plain sentence for users about why an AI run failed. */
export function aiErrorMessage(error: unknown): string {
  const code = aiErrorCodeOf(error)
  if (code === 'rate-limited' && isAiError(error) && error.retryAfterMs !== undefined) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / SECOND_MS))
    return `The AI endpoint has had too many requests. Try again in ${countLabel(seconds, 'second')}.`
  }
  return code === undefined ? 'Something went wrong with the AI. Try again.' : MESSAGES[code]
}

function aiErrorCodeOf(error: unknown): AiErrorCode | undefined {
  if (isAiError(error)) {
    return error.code
  }
  if (isQuotaExceededError(error)) {
    return 'quota-exceeded'
  }
  if (isAbortError(error)) {
    return 'aborted'
  }
  return undefined
}
