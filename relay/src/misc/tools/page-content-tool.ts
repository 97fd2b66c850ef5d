// POST /tools/page-content: the free "read a web page" tool, without an account. The answer, the
// body and the fetch are /page-content's own (fetcher/): the same hardened fetcher and reader;
// only the limits differ (tools-guards.ts).
import type { FastifyPluginAsync } from 'fastify'
import { PageFetcher } from '../fetcher/fetch-page'
import { readPageContent } from '../fetcher/page-content'
import {
  PAGE_CONTENT_BODY_LIMIT,
  PAGE_CONTENT_BODY_SCHEMA,
  PAGE_CONTENT_PER_ACCOUNT_PER_MINUTE,
} from '../fetcher/routes'
import { toolRouteGuards, type ToolRateLimits } from './tools-guards'

/** The free page tool's limits (docs/adr/074). */
export const PAGE_CONTENT_TOOL_LIMITS: ToolRateLimits = {
  name: 'tools-page-content',
  perAddressPerMinute: 10,
  perAddressPerDay: 100,
  perAccountPerMinute: PAGE_CONTENT_PER_ACCOUNT_PER_MINUTE,
}

/** The route with `limits` (tests use smaller ones). */
export function pageContentToolRoutesWith(limits: ToolRateLimits): FastifyPluginAsync {
  return (app) => {
    const fetcher = new PageFetcher(app.services.config.misc.fetcher)
    app.addHook('onClose', () => fetcher.close())
    app.post<{ Body: { url: string } }>(
      '/tools/page-content',
      {
        ...toolRouteGuards(app, limits),
        bodyLimit: PAGE_CONTENT_BODY_LIMIT,
        schema: { body: PAGE_CONTENT_BODY_SCHEMA },
      },
      async (request) => readPageContent(await fetcher.fetch(request.body.url)),
    )
    return Promise.resolve()
  }
}

export const pageContentToolRoutes = pageContentToolRoutesWith(PAGE_CONTENT_TOOL_LIMITS)
