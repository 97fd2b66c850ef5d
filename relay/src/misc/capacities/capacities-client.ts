// Capacities' public API as the misc server calls it (https://api.capacities.io, Bearer token):
// GET /spaces and POST /save-weblink, each with the 60 s timeout. Its errors become the spec's
// product-level codes: 401 unauthorized (connect again), 404 object_not_found (the space), 400
// validation_error, 429 rate_limited with Retry-After passed on (Capacities allows 5 space lists
// and 10 saved weblinks a minute per user), anything else 502 unknown_error; a timeout says so.
import {
  IntegrationErrorCode,
  type CapacitiesExportResult,
  type CapacitiesSpace,
} from '@inkmark/shared'
import { IntegrationError, retryAfterOf } from '../integrations/integration-error'
import type { CapacitiesSettings } from '../integrations/integrations-config'
import type { SaveWeblinkBody } from './capacities-markdown'

/** Largest answer read from Capacities. */
const MAX_ANSWER_BYTES = 1024 * 1024
const MAX_PASSED_MESSAGE = 300

export const CAPACITIES_MESSAGES = {
  unauthorized: 'Capacities refused the token. Connect Capacities again with a new API token.',
  notFound: 'Capacities could not find this space. Choose another space.',
  rateLimited: 'Capacities asks to slow down. Try again in a moment.',
  timeout: 'The request to Capacities has timed out. Try again later.',
  unknown: 'Capacities did not answer as expected. Try again later.',
} as const

interface SpacesAnswer {
  spaces?: { id?: unknown; title?: unknown; icon?: { type?: unknown; emoji?: unknown } | null }[]
}

interface WeblinkAnswer {
  id?: unknown
}

async function call(
  settings: CapacitiesSettings,
  token: string,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  now: () => number,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(new URL(path, settings.apiBaseUrl), {
      method: init.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new IntegrationError(
      timedOut ? 504 : 502,
      IntegrationErrorCode.UNKNOWN_ERROR,
      timedOut ? CAPACITIES_MESSAGES.timeout : CAPACITIES_MESSAGES.unknown,
    )
  }
  const text = await response.text().catch(() => '')
  if (text.length > MAX_ANSWER_BYTES) {
    throw new IntegrationError(502, IntegrationErrorCode.UNKNOWN_ERROR, CAPACITIES_MESSAGES.unknown)
  }
  let body: unknown
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {
    body = undefined
  }
  if (!response.ok) {
    throw capacitiesError(response.status, body, response.headers.get('retry-after'), now())
  }
  return body
}

/** A failed answer of Capacities as an IntegrationError. */
export function capacitiesError(
  status: number,
  body: unknown,
  retryAfter: string | null,
  now: number,
): IntegrationError {
  switch (status) {
    case 401:
    case 403:
      return new IntegrationError(
        401,
        IntegrationErrorCode.UNAUTHORIZED,
        CAPACITIES_MESSAGES.unauthorized,
      )
    case 404:
      return new IntegrationError(
        404,
        IntegrationErrorCode.OBJECT_NOT_FOUND,
        CAPACITIES_MESSAGES.notFound,
      )
    case 429:
      return new IntegrationError(
        429,
        IntegrationErrorCode.RATE_LIMITED,
        CAPACITIES_MESSAGES.rateLimited,
        retryAfterOf(retryAfter, now) ?? 60,
      )
    case 400: {
      const message = (body as { message?: unknown } | undefined)?.message
      const detail =
        typeof message === 'string'
          ? message.slice(0, MAX_PASSED_MESSAGE)
          : 'the request was refused'
      return new IntegrationError(
        400,
        IntegrationErrorCode.VALIDATION_ERROR,
        `Capacities refused the export: ${detail}`,
      )
    }
    default:
      return new IntegrationError(
        502,
        IntegrationErrorCode.UNKNOWN_ERROR,
        CAPACITIES_MESSAGES.unknown,
      )
  }
}

/** The user's spaces. */
export async function listCapacitiesSpaces(
  settings: CapacitiesSettings,
  token: string,
  now: () => number,
): Promise<CapacitiesSpace[]> {
  const answer = (await call(settings, token, '/spaces', { method: 'GET' }, now)) as
    SpacesAnswer | undefined
  const spaces: CapacitiesSpace[] = []
  for (const space of answer?.spaces ?? []) {
    if (typeof space.id !== 'string' || space.id === '') {
      continue
    }
    const emoji =
      space.icon?.type === 'emoji' && typeof space.icon.emoji === 'string'
        ? space.icon.emoji
        : undefined
    spaces.push({
      id: space.id,
      title:
        typeof space.title === 'string' && space.title.trim() !== ''
          ? space.title
          : 'Untitled space',
      ...(emoji ? { icon: emoji } : {}),
    })
  }
  return spaces
}

/** Saves the weblink; Capacities answers the new object's id. */
export async function saveCapacitiesWeblink(
  settings: CapacitiesSettings,
  token: string,
  body: SaveWeblinkBody,
  now: () => number,
): Promise<CapacitiesExportResult> {
  const answer = (await call(settings, token, '/save-weblink', { method: 'POST', body }, now)) as
    WeblinkAnswer | undefined
  return typeof answer?.id === 'string' && answer.id !== '' ? { id: answer.id } : {}
}
