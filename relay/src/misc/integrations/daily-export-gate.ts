// The daily export limits on the misc server (shared integrations/daily-limits.ts, ADR 066): the
// plan is read from the stored account like the relay's own gates (planUserOf, never the token,
// which may predate a purchase), a slot of today's (UTC) count is taken before the export and
// given back if it fails, so only exports that succeed count. Over the limit: 402 daily_limit with
// the spec's upgrade message, and nothing is sent to the service.
import {
  IntegrationErrorCode,
  integrationDailyLimitMessage,
  integrationExportLimitOf,
  resolvePlan,
  utcDayOf,
  type IntegrationService,
} from '@inkmark/shared'
import type { FastifyRequest } from 'fastify'
import { currentUser } from '../../accounts/authenticate'
import { planUserOf } from '../../billing/plan-of'
import { ErrorCode, RelayError } from '../../errors'
import { IntegrationError } from './integration-error'

/** Runs `exportWork` as one of today's exports of `service`, or refuses it over the plan's limit. */
export async function withDailyExport<T>(
  request: FastifyRequest,
  service: IntegrationService,
  exportWork: () => Promise<T>,
): Promise<T> {
  const { services } = request.server
  const userId = currentUser(request)._id
  const account = await services.storage.findUserById(userId)
  if (!account) {
    throw new RelayError(401, ErrorCode.UNAUTHORIZED, 'The account of this token no longer exists')
  }
  const now = services.now()
  const day = utcDayOf(now)
  const limit = integrationExportLimitOf(
    resolvePlan(planUserOf(account, services.config), now),
    service,
  )
  if (!(await services.storage.takeIntegrationExport(userId, service, day, limit))) {
    throw new IntegrationError(
      402,
      IntegrationErrorCode.DAILY_LIMIT,
      integrationDailyLimitMessage(service),
    )
  }
  try {
    return await exportWork()
  } catch (error) {
    await services.storage.releaseIntegrationExport(userId, service, day)
    throw error
  }
}
