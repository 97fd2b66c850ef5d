// The sharing API (docs/adr/057-sharing-on-the-relay.md, 058 moderation): public reads of shared
// pages, explore tags, the discover feed and its websites (no login, read only from the public
// projection), likes (login), reports (login optional) and the owner's own list (login). A page
// that is private, missing, hidden, of a deleted account or of a plan that cannot share answers
// the same 404, so share ids cannot be probed. Public answers say `Cache-Control: no-cache` with
// an ETag: a cache may keep one but must ask again before each use, so an unshared page is gone
// from every cache the relay answers at once.
import { createHash } from 'node:crypto'
import {
  isShareId,
  summaryOf,
  type DiscoverFeedType,
  type PublicPageSummary,
} from '@inkmark/shared'
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify'
import {
  authenticate,
  authenticateToken,
  bearerToken,
  currentUser,
  requireAccount,
} from '../accounts/authenticate'
import { ErrorCode, RelayError } from '../errors'
import {
  decodeCursor,
  findLivePage,
  ownerCheck,
  publicPageOfRow,
  readDiscoverPage,
  readExploreTags,
  readWebsites,
} from '../sharing/public-pages'
import { invalidatePublicAnswers } from '../sharing/answer-cache'

/** Public reads per address and minute (a reader, a crawler of previews, a feed scrolled fast). */
export const PUBLIC_READS_PER_MINUTE = 600
/** Likes and unlikes per address and minute. */
export const LIKES_PER_MINUTE = 60
/** Reports per address and hour. */
export const REPORTS_PER_HOUR = 10
/** Largest body of the sharing routes (a discover query, a report). */
export const SHARING_BODY_LIMIT_BYTES = 4 * 1024
/** Longest report reason. */
export const MAX_REPORT_REASON_LENGTH = 500

const publicRead = { rateLimit: { max: PUBLIC_READS_PER_MINUTE, timeWindow: '1 minute' } }
const bodyLimit = SHARING_BODY_LIMIT_BYTES
const shareIdParams = {
  type: 'object',
  required: ['shareId'],
  properties: { shareId: { type: 'string', minLength: 1, maxLength: 64 } },
}
const noQuery = { type: 'object', additionalProperties: false, properties: {} }
const cursor = { type: 'string', minLength: 1, maxLength: 64 }

/** One of the owner's shared pages in GET /sharing. */
export interface OwnSharedPage extends PublicPageSummary {
  permission: 'PUBLIC' | 'PUBLIC_LINK'
  /** Whether the operator hid it. */
  hidden: boolean
  /** Whether the public can read it now (the plan may share and it is not hidden). */
  live: boolean
}

/** The one answer of a page that is not public, whatever the reason. */
export function pageNotFound(): RelayError {
  return new RelayError(404, ErrorCode.NOT_FOUND, 'Page not found')
}

/** The signed-in reader of a public read, if a valid token came with it (a bad one is ignored). */
async function optionalViewer(request: FastifyRequest): Promise<string | undefined> {
  const token = bearerToken(request.headers.authorization)
  if (token === undefined) {
    return undefined
  }
  const { keys, now, storage } = request.server.services
  try {
    const claims = await authenticateToken(token, keys, now())
    await requireAccount(storage, claims)
    return claims._id
  } catch {
    return undefined
  }
}

/** Sends a public JSON answer with its ETag, or 304 when the client holds it already. */
function sendPublic(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const json = JSON.stringify(body)
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`
  void reply.header('etag', etag)
  if (request.headers['if-none-match'] === etag) {
    return reply.code(304).send()
  }
  return reply.type('application/json; charset=utf-8').send(json)
}

/** The live page of a share id for a public route, or the 404. */
async function livePage(request: FastifyRequest, shareId: string, viewerId?: string) {
  if (!isShareId(shareId)) {
    throw pageNotFound()
  }
  const row = await findLivePage(request.server.services, shareId, viewerId)
  if (!row) {
    throw pageNotFound()
  }
  return row
}

/** The sharing routes. */
export const sharingRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { services } = app
  // The projector's retries end with the relay.
  app.addHook('onClose', (_instance, next) => {
    services.publicPages.stop()
    next()
  })
  // Every answer of these routes, errors included, is revalidated before use (see the header);
  // answers for one account say so themselves (no-store).
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-cache')
    }
    // An answer may depend on the token (likedByMe): caches key it by Authorization too.
    const vary = reply.getHeader('vary')
    void reply.header(
      'vary',
      vary === undefined ? 'Authorization' : `${String(vary)}, Authorization`,
    )
  })

  app.get<{ Params: { shareId: string } }>(
    '/explore/bookmarks/:shareId',
    { config: publicRead, bodyLimit, schema: { params: shareIdParams, querystring: noQuery } },
    async (request, reply) => {
      const viewerId = await optionalViewer(request)
      const row = await livePage(request, request.params.shareId, viewerId)
      if (viewerId !== undefined) {
        void reply.header('cache-control', 'private, no-cache')
      }
      return sendPublic(request, reply, publicPageOfRow(row, viewerId))
    },
  )

  app.get<{ Params: { shareId: string } }>(
    '/explore/bookmarks/:shareId/marks',
    { config: publicRead, bodyLimit, schema: { params: shareIdParams, querystring: noQuery } },
    async (request, reply) => {
      const row = await livePage(request, request.params.shareId)
      return sendPublic(request, reply, publicPageOfRow(row).marks)
    },
  )

  app.get(
    '/explore/tags',
    { config: publicRead, bodyLimit, schema: { querystring: noQuery } },
    async (request, reply) => sendPublic(request, reply, await readExploreTags(services)),
  )

  app.post<{ Body: { type?: DiscoverFeedType; tag?: string; nextPage?: string } | undefined }>(
    '/discover',
    {
      config: publicRead,
      bodyLimit: SHARING_BODY_LIMIT_BYTES,
      schema: {
        querystring: noQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            type: { type: 'string', enum: ['newest', 'most-liked'] },
            tag: { type: 'string', minLength: 1, maxLength: 200 },
            nextPage: cursor,
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {}
      const offset = decodeCursor(body.nextPage)
      if (offset === undefined) {
        throw new RelayError(400, ErrorCode.BAD_REQUEST, 'nextPage is not a page of this feed')
      }
      const page = await readDiscoverPage(services, {
        type: body.type ?? 'newest',
        ...(body.tag === undefined ? {} : { tag: body.tag }),
        offset,
      })
      return sendPublic(request, reply, page)
    },
  )

  app.post<{ Body: { nextPage?: string } | undefined }>(
    '/discover/websites',
    {
      config: publicRead,
      bodyLimit: SHARING_BODY_LIMIT_BYTES,
      schema: {
        querystring: noQuery,
        body: { type: 'object', additionalProperties: false, properties: { nextPage: cursor } },
      },
    },
    async (request, reply) => {
      const offset = decodeCursor(request.body?.nextPage)
      if (offset === undefined) {
        throw new RelayError(400, ErrorCode.BAD_REQUEST, 'nextPage is not a page of this list')
      }
      return sendPublic(request, reply, await readWebsites(services, offset))
    },
  )

  const like =
    (liked: boolean) => async (request: FastifyRequest<{ Params: { shareId: string } }>) => {
      const userId = currentUser(request)._id
      const row = await livePage(request, request.params.shareId)
      const likes = await services.storage.setPageLike(
        row.ownerId,
        row.bookmarkId,
        userId,
        liked,
        services.now(),
      )
      invalidatePublicAnswers(services.storage)
      return { likes, likedByMe: liked }
    }
  const likeOptions = {
    config: { rateLimit: { max: LIKES_PER_MINUTE, timeWindow: '1 minute' }, noStore: true },
    preHandler: authenticate,
    bodyLimit: SHARING_BODY_LIMIT_BYTES,
    schema: { params: shareIdParams, querystring: noQuery },
  }
  app.put<{ Params: { shareId: string } }>('/bookmarks/like/:shareId', likeOptions, like(true))
  app.put<{ Params: { shareId: string } }>('/bookmarks/unlike/:shareId', likeOptions, like(false))

  app.post<{ Params: { shareId: string }; Body: { reason: string } }>(
    '/explore/bookmarks/:shareId/report',
    {
      config: { rateLimit: { max: REPORTS_PER_HOUR, timeWindow: '1 hour' }, noStore: true },
      bodyLimit: SHARING_BODY_LIMIT_BYTES,
      schema: {
        params: shareIdParams,
        querystring: noQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['reason'],
          properties: {
            reason: { type: 'string', minLength: 1, maxLength: MAX_REPORT_REASON_LENGTH },
          },
        },
      },
    },
    async (request, reply) => {
      const reason = request.body.reason.trim()
      if (reason === '') {
        throw new RelayError(400, ErrorCode.BAD_REQUEST, 'Say why the page should be looked at')
      }
      const reporterId = await optionalViewer(request)
      const row = await livePage(request, request.params.shareId)
      await services.storage.addPageReport({
        shareId: row.shareId,
        ownerId: row.ownerId,
        bookmarkId: row.bookmarkId,
        reporterId: reporterId ?? null,
        reason,
        createdAt: services.now(),
      })
      return reply.code(202).send({})
    },
  )

  app.get(
    '/sharing',
    {
      config: {
        rateLimit: { max: PUBLIC_READS_PER_MINUTE, timeWindow: '1 minute' },
        noStore: true,
      },
      preHandler: authenticate,
      bodyLimit,
      schema: { querystring: noQuery },
    },
    async (request) => {
      const userId = currentUser(request)._id
      // Listed whatever the plan, so the owner sees what is shared and why it is not live.
      const [shareAllowed, rows] = await Promise.all([
        ownerCheck(services)(userId),
        services.storage.listOwnerPublicPages(userId),
      ])
      const items: OwnSharedPage[] = rows.map((row) => ({
        ...summaryOf(publicPageOfRow(row)),
        permission: row.permission,
        hidden: row.hidden,
        live: shareAllowed && !row.hidden,
      }))
      return { items, shareAllowed }
    },
  )

  done()
}
