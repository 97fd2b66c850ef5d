// The server-rendered public pages (docs/adr/059-public-page-html.md): GET /explore/:shareId and
// GET /discover/page/:shareId answer text/html for chat apps, search engines and readers without
// JavaScript. The page comes only from the public projection (readPublicPage, docs/adr/057), the
// same read as GET /explore/bookmarks/:shareId; anything that is not a shown page (malformed id, unknown, private, unshared, hidden) gets the same 404 page.
// Answers may be stored but are revalidated on every use (no-cache + ETag), so an unshared page is
// gone at once even behind a cache; the 404 is never stored.
import { createHash } from 'node:crypto'
import type { FastifyPluginCallback, FastifyReply } from 'fastify'
import { relayPublicUrl } from '../config'
import { readPublicPage } from '../sharing/public-pages'
import {
  renderNotFoundHtml,
  renderPublicPageHtml,
  type RenderedHtml,
} from '../sharing/public-page-html'
import { isShareId, publicPageUrl } from '@inkmark/shared'

import { PUBLIC_READS_PER_MINUTE, SHARING_BODY_LIMIT_BYTES } from './sharing'

function etagOf(html: string): string {
  return `"${createHash('sha256').update(html).digest('base64url').slice(0, 32)}"`
}

function sendHtml(reply: FastifyReply, status: number, rendered: RenderedHtml): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', rendered.contentSecurityPolicy)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(rendered.html)
}

/** The two public page routes. */
export const publicPageRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { services } = app
  const { config } = services
  const links = { appUrl: config.appUrl }
  const notFound = renderNotFoundHtml(links)
  const routeOptions = {
    bodyLimit: SHARING_BODY_LIMIT_BYTES,
    config: {
      rateLimit: {
        // One budget with the JSON public reads: a page view is a public read.
        max: PUBLIC_READS_PER_MINUTE,
        timeWindow: '1 minute',
      },
    },
    schema: {
      params: {
        type: 'object',
        required: ['shareId'],
        additionalProperties: false,
        properties: { shareId: { type: 'string', maxLength: 200 } },
      },
    },
  }

  const handler = async (
    request: { params: { shareId: string }; headers: Record<string, unknown> },
    reply: FastifyReply,
  ) => {
    const { shareId } = request.params
    const page = isShareId(shareId) ? await readPublicPage(services, shareId) : undefined
    if (page === undefined) {
      void reply.header('cache-control', 'no-store')
      return sendHtml(reply, 404, notFound)
    }
    const canonicalUrl = publicPageUrl(relayPublicUrl(config), page.shareId)
    const rendered = renderPublicPageHtml(page, { ...links, canonicalUrl })
    const etag = etagOf(rendered.html)
    void reply.header('cache-control', 'public, no-cache').header('etag', etag)
    if (page.permission === 'PUBLIC_LINK') {
      void reply.header('x-robots-tag', 'noindex, nofollow')
    }
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).send()
    }
    return sendHtml(reply, 200, rendered)
  }

  app.get<{ Params: { shareId: string } }>('/explore/:shareId', routeOptions, handler)
  app.get<{ Params: { shareId: string } }>('/discover/page/:shareId', routeOptions, handler)
  done()
}
