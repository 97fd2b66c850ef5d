// The misc server's Notion calls (spec section 7; docs/adr/066-notion-and-capacities.md): OAuth
// (the authorize address, the code exchange), the pages and databases to export to, and the export
// of a page with its highlights as a child page or a database row. Every call needs the login and
// has a per-account rate limit; the user's Notion token comes in x-notion-token and goes only to
// Notion. Exports count against the plan's daily limit (402 daily_limit over it).
import {
  ExportPagePayloadSchema,
  IntegrationService,
  type ExportPagePayload,
  type ExportResult,
  type NotionAuthorizeUrl,
  type NotionConnection,
  type NotionTargetList,
} from '@inkmark/shared'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { withDailyExport } from '../integrations/daily-export-gate'
import { answerIntegrationErrors, invalidRequest } from '../integrations/integration-error'
import { notionSettingsOf } from '../integrations/integrations-config'
import { serviceToken } from '../integrations/service-token'
import { notionClient } from './notion-client'
import { notionError } from './notion-errors'
import { exportToNotion, type NotionExportTarget } from './notion-export'
import {
  MAX_REDIRECT_URI_LENGTH,
  MAX_STATE_LENGTH,
  exchangeNotionCode,
  notionAuthorizeUrl,
} from './notion-oauth'
import { listNotionTargets } from './notion-targets'
import { miscRouteGuards } from '../misc-rate-limit'

/** The header carrying the user's Notion token. */
export const NOTION_TOKEN_HEADER = 'x-notion-token'
/** Largest export body (2,000 highlights of ordinary length fit many times over). */
export const NOTION_EXPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024
/** A Notion id: a UUID, with or without its dashes. */
export const NOTION_ID_PATTERN =
  '^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$'
/** Notion calls per account and minute (an export makes several requests to Notion). */
export const NOTION_CALLS_PER_ACCOUNT_PER_MINUTE = 20
/** Notion calls per address and minute. */
export const NOTION_CALLS_PER_ADDRESS_PER_MINUTE = 60
/** Longest OAuth code accepted in the path. */
export const MAX_OAUTH_CODE_LENGTH = 512

const notionIdRegExp = new RegExp(NOTION_ID_PATTERN)
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: NOTION_ID_PATTERN } },
}

/** The export body checked against the shared schema (limits included), or 400 validation_error. */
export function parseExportPayload(body: unknown): ExportPagePayload {
  const parsed = ExportPagePayloadSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.join('.') || 'body'
    throw invalidRequest(`The export is not valid (${where}: ${issue?.message ?? 'invalid'})`)
  }
  if (
    parsed.data.existingPageId !== undefined &&
    !notionIdRegExp.test(parsed.data.existingPageId)
  ) {
    throw invalidRequest('existingPageId is not a Notion page id')
  }
  return parsed.data
}

// Async by the misc server's contract (MISC_ROUTES holds FastifyPluginAsync plugins).
// eslint-disable-next-line @typescript-eslint/require-await
export const notionRoutes: FastifyPluginAsync = async (app) => {
  answerIntegrationErrors(app)
  const { services } = app
  // Login (before the body is read) and the per-address and per-account limits, on every call.
  const guards = miscRouteGuards(app, {
    name: 'notion',
    perAccountPerMinute: NOTION_CALLS_PER_ACCOUNT_PER_MINUTE,
    perAddressPerMinute: NOTION_CALLS_PER_ADDRESS_PER_MINUTE,
  })
  const settings = () => notionSettingsOf(services.config)
  const now = () => services.now()

  const clientOf = (request: FastifyRequest) =>
    notionClient(settings(), serviceToken(request, NOTION_TOKEN_HEADER, 'Notion'), request.log)

  app.get<{ Querystring: { state: string; redirectUri: string } }>(
    '/notion/authorize-url',
    {
      ...guards,
      schema: {
        querystring: {
          type: 'object',
          required: ['state', 'redirectUri'],
          properties: {
            state: { type: 'string', minLength: 1, maxLength: MAX_STATE_LENGTH },
            redirectUri: { type: 'string', minLength: 1, maxLength: MAX_REDIRECT_URI_LENGTH },
          },
        },
      },
    },
    (request): NotionAuthorizeUrl => ({
      url: notionAuthorizeUrl(settings(), request.query.state, request.query.redirectUri),
    }),
  )

  app.post<{ Params: { code: string }; Body: { redirectUri: string } }>(
    '/notion/auth/:code',
    {
      // The code travels in the path (the spec's call): keep this route's requests out of the log.
      logLevel: 'warn',
      ...guards,
      schema: {
        params: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', minLength: 1, maxLength: MAX_OAUTH_CODE_LENGTH } },
        },
        body: {
          type: 'object',
          required: ['redirectUri'],
          properties: {
            redirectUri: { type: 'string', minLength: 1, maxLength: MAX_REDIRECT_URI_LENGTH },
          },
        },
      },
    },
    async (request): Promise<NotionConnection> =>
      exchangeNotionCode(settings(), request.params.code, request.body.redirectUri, now),
  )

  app.get('/notion/pages', guards, async (request): Promise<NotionTargetList> => {
    try {
      return { items: await listNotionTargets(clientOf(request)) }
    } catch (error) {
      throw notionError(error, now())
    }
  })

  const exportRoute =
    (kind: NotionExportTarget['kind']) =>
    async (request: FastifyRequest<{ Params: { id: string } }>): Promise<ExportResult> => {
      const payload = parseExportPayload(request.body)
      const client = clientOf(request)
      return await withDailyExport(request, IntegrationService.NOTION, async () => {
        try {
          return await exportToNotion(client, { kind, id: request.params.id }, payload)
        } catch (error) {
          throw notionError(error, now())
        }
      })
    }

  const exportOptions = {
    ...guards,
    bodyLimit: NOTION_EXPORT_BODY_LIMIT_BYTES,
    schema: { params: idParams },
  }
  app.post<{ Params: { id: string } }>('/notion/page/:id', exportOptions, exportRoute('page'))
  app.post<{ Params: { id: string } }>(
    '/notion/database/:id',
    exportOptions,
    exportRoute('database'),
  )
}
