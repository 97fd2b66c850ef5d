// The misc server's Capacities calls (spec section 7; docs/adr/066-notion-and-capacities.md): the
// user's spaces, and a page with its highlights saved as a weblink. Login and a per-account rate
// limit on both; the user's Capacities API token comes in x-capacities-token and goes only to
// Capacities. Saving counts against the plan's daily limit (402 daily_limit over it).
import {
  IntegrationService,
  type CapacitiesExportResult,
  type CapacitiesSpaceList,
} from '@inkmark/shared'
import type { FastifyPluginAsync } from 'fastify'
import { withDailyExport } from '../integrations/daily-export-gate'
import { answerIntegrationErrors, invalidRequest } from '../integrations/integration-error'
import { capacitiesSettingsOf } from '../integrations/integrations-config'
import { serviceToken } from '../integrations/service-token'
import { parseExportPayload } from '../notion/routes'
import { listCapacitiesSpaces, saveCapacitiesWeblink } from './capacities-client'
import { saveWeblinkBody } from './capacities-markdown'
import { miscRouteGuards } from '../misc-rate-limit'

/** The header carrying the user's Capacities API token. */
export const CAPACITIES_TOKEN_HEADER = 'x-capacities-token'
/** Largest export body. */
export const CAPACITIES_EXPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024
/** A Capacities space id: a UUID. */
const SPACE_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

/** Capacities calls per account and minute (Capacities itself allows 5 space lists and 10 saves). */
export const CAPACITIES_CALLS_PER_ACCOUNT_PER_MINUTE = 20
/** Capacities calls per address and minute. */
export const CAPACITIES_CALLS_PER_ADDRESS_PER_MINUTE = 60

// Async by the misc server's contract (MISC_ROUTES holds FastifyPluginAsync plugins).
// eslint-disable-next-line @typescript-eslint/require-await
export const capacitiesRoutes: FastifyPluginAsync = async (app) => {
  answerIntegrationErrors(app)
  const { services } = app
  // Login (before the body is read) and the per-address and per-account limits, on every call.
  const guards = miscRouteGuards(app, {
    name: 'capacities',
    perAccountPerMinute: CAPACITIES_CALLS_PER_ACCOUNT_PER_MINUTE,
    perAddressPerMinute: CAPACITIES_CALLS_PER_ADDRESS_PER_MINUTE,
  })
  const settings = () => capacitiesSettingsOf(services.config)
  const now = () => services.now()

  app.get('/capacities/spaces', guards, async (request): Promise<CapacitiesSpaceList> => ({
    items: await listCapacitiesSpaces(
      settings(),
      serviceToken(request, CAPACITIES_TOKEN_HEADER, 'Capacities'),
      now,
    ),
  }))

  app.post(
    '/capacities/weblink',
    { ...guards, bodyLimit: CAPACITIES_EXPORT_BODY_LIMIT_BYTES },
    async (request): Promise<CapacitiesExportResult> => {
      const { spaceId, ...rest } = (request.body ?? {}) as { spaceId?: unknown }
      if (typeof spaceId !== 'string' || !SPACE_ID.test(spaceId)) {
        throw invalidRequest('spaceId must be the id of a Capacities space')
      }
      const payload = parseExportPayload(rest)
      const token = serviceToken(request, CAPACITIES_TOKEN_HEADER, 'Capacities')
      return withDailyExport(request, IntegrationService.CAPACITIES, () =>
        saveCapacitiesWeblink(settings(), token, saveWeblinkBody(spaceId, payload), now),
      )
    },
  )
}
