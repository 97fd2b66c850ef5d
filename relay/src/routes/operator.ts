// The operator's minimal moderation (docs/adr/058-reports-and-moderation.md): list reports, hide a
// public page from every public answer and show it again. Reached only with
// `Authorization: Bearer <INKMARK_OPERATOR_TOKEN>`, compared in constant time; on a relay without
// that token these routes answer 404 as if they did not exist.
import { createHash, timingSafeEqual } from 'node:crypto'
import { isShareId } from '@inkmark/shared'
import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import { bearerToken } from '../accounts/authenticate'
import { ErrorCode, RelayError } from '../errors'
import { invalidatePublicAnswers } from '../sharing/answer-cache'
import { pageNotFound } from './sharing'

/** Operator calls per address and minute. */
export const OPERATOR_CALLS_PER_MINUTE = 60
/** Most reports one answer lists. */
export const OPERATOR_REPORTS_LIMIT = 500

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/** Whether `given` is the operator token (constant time whatever the lengths). */
export function isOperatorToken(expected: string, given: string | undefined): boolean {
  return given !== undefined && timingSafeEqual(digest(expected), digest(given))
}

function requireOperator(
  request: FastifyRequest,
  _reply: unknown,
  next: (error?: Error) => void,
): void {
  const expected = request.server.services.config.operatorToken
  if (expected === undefined) {
    next(new RelayError(404, ErrorCode.NOT_FOUND, 'Not found'))
  } else if (!isOperatorToken(expected, bearerToken(request.headers.authorization))) {
    next(new RelayError(401, ErrorCode.UNAUTHORIZED, 'The operator token is required'))
  } else {
    next()
  }
}

const shareIdParams = {
  type: 'object',
  required: ['shareId'],
  properties: { shareId: { type: 'string', minLength: 1, maxLength: 64 } },
}
const noQuery = { type: 'object', additionalProperties: false, properties: {} }
const options = {
  config: { rateLimit: { max: OPERATOR_CALLS_PER_MINUTE, timeWindow: '1 minute' }, noStore: true },
  preHandler: requireOperator,
  bodyLimit: 1024,
}

/** The operator routes. */
export const operatorRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { storage, now } = app.services

  app.get('/operator/reports', { ...options, schema: { querystring: noQuery } }, async () => {
    const reports = await storage.listPageReports(OPERATOR_REPORTS_LIMIT)
    return {
      items: reports.map((report) => ({
        id: report.id,
        shareId: report.shareId,
        reason: report.reason,
        createdAt: report.createdAt,
        signedIn: report.reporterId !== null,
      })),
    }
  })

  app.put<{ Params: { shareId: string } }>(
    '/operator/hidden-pages/:shareId',
    { ...options, schema: { params: shareIdParams, querystring: noQuery } },
    async (request) => {
      const { shareId } = request.params
      // Through the claims, not the projection: a reported page unshared or reset since is still
      // that bookmark, and stays hidden when it is shared again.
      const claim = isShareId(shareId) ? await storage.findShareClaim(shareId) : undefined
      if (!claim) {
        throw pageNotFound()
      }
      await storage.hidePage(claim.ownerId, claim.bookmarkId, shareId, now())
      invalidatePublicAnswers(storage)
      return { shareId, hidden: true }
    },
  )

  app.delete<{ Params: { shareId: string } }>(
    '/operator/hidden-pages/:shareId',
    { ...options, schema: { params: shareIdParams, querystring: noQuery } },
    async (request) => {
      const { shareId } = request.params
      if (!isShareId(shareId) || !(await storage.unhidePage(shareId))) {
        throw pageNotFound()
      }
      invalidatePublicAnswers(storage)
      return { shareId, hidden: false }
    },
  )

  done()
}
