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
import { authenticate } from '../../accounts/authenticate'
import { accountRateLimit } from '../integrations/account-rate-limit'
import { withDailyExport } from '../integrations/daily-export-gate'
import { answerIntegrationErrors, invalidRequest } from '../integrations/integration-error'
import { capacitiesSettingsOf } from '../integrations/integrations-config'
import { serviceToken } from '../integrations/service-token'
import { parseExportPayload } from '../notion/routes'
import { listCapacitiesSpaces, saveCapacitiesWeblink } from './capacities-client'
import { saveWeblinkBody } from './capacities-markdown'

/** The header carrying the user's Capacities API token. */
export const CAPACITIES_TOKEN_HEADER = 'x-capacities-token'
/** Largest export body. */
export const CAPACITIES_EXPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024
/** A Capacities space id: a UUID. */
const SPACE_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

const perAddress = { rateLimit: { max: 60, timeWindow: '1 minute' } }

// Async by the misc server's contract (MISC_ROUTES holds FastifyPluginAsync plugins).
// eslint-disable-next-line @typescript-eslint/require-await
export const capacitiesRoutes: FastifyPluginAsync = async (app) => {
  answerIntegrationErrors(app)
  const { services } = app
  // Login and the account's rate limit come first, before the body or parameters are read.
  const onRequest = [authenticate, accountRateLimit(services.now, 'Capacities')]
  const settings = () => capacitiesSettingsOf(services.config)
  const now = () => services.now()

  app.get(
    '/capacities/spaces',
    { config: perAddress, onRequest },
    async (request): Promise<CapacitiesSpaceList> => ({
      items: await listCapacitiesSpaces(
        settings(),
        serviceToken(request, CAPACITIES_TOKEN_HEADER, 'Capacities'),
        now,
      ),
    }),
  )

  app.post(
    '/capacities/weblink',
    { config: perAddress, onRequest, bodyLimit: CAPACITIES_EXPORT_BODY_LIMIT_BYTES },
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
