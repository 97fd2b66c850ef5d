// POST /page-content: fetches a page for the signed-in user and answers its readable article
// (the web app's add-by-URL, the site's tools, pages the extension cannot read). The fetch is the
// hardened one of fetch-page.ts; the limits are per account and per address.
import type { FastifyPluginAsync } from 'fastify'
import { miscRouteGuards } from '../misc-rate-limit'
import { PageFetcher } from './fetch-page'
import { readPageContent } from './page-content'

/** Fetches per account and minute. */
export const PAGE_CONTENT_PER_ACCOUNT_PER_MINUTE = 30
/** Fetches per address and minute (every account behind it). */
export const PAGE_CONTENT_PER_ADDRESS_PER_MINUTE = 60
/** Longest address accepted. */
export const MAX_URL_LENGTH = 4096
/** Largest request body of a page-content call (the free tool's too). */
export const PAGE_CONTENT_BODY_LIMIT = 16 * 1024
/** The body of a page-content call: `{ url }` (the free tool's too). */
export const PAGE_CONTENT_BODY_SCHEMA = {
  type: 'object',
  required: ['url'],
  additionalProperties: false,
  properties: { url: { type: 'string', minLength: 1, maxLength: MAX_URL_LENGTH } },
} as const

export const pageContentRoutes: FastifyPluginAsync = (app) => {
  const fetcher = new PageFetcher(app.services.config.misc.fetcher)
  app.addHook('onClose', () => fetcher.close())
  app.post<{ Body: { url: string } }>(
    '/page-content',
    {
      ...miscRouteGuards(app, {
        name: 'page-content',
        perAccountPerMinute: PAGE_CONTENT_PER_ACCOUNT_PER_MINUTE,
        perAddressPerMinute: PAGE_CONTENT_PER_ADDRESS_PER_MINUTE,
      }),
      bodyLimit: PAGE_CONTENT_BODY_LIMIT,
      schema: { body: PAGE_CONTENT_BODY_SCHEMA },
    },
    async (request) => readPageContent(await fetcher.fetch(request.body.url)),
  )
  return Promise.resolve()
}
