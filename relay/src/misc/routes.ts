// The misc server's routes: one list, registered in order by buildMiscApp (app.ts). Each module is
// a Fastify plugin answering the relay's coded errors; its routes need login (miscRouteGuards),
// except the free tools under /tools/ (tools/, docs/adr/074), limited per address instead.
import type { FastifyPluginAsync } from 'fastify'
import { capacitiesRoutes } from './capacities/routes'
import { htmlToPdfRoutes } from './pdf/routes'
import { pageContentRoutes } from './fetcher/routes'
import { notionRoutes } from './notion/routes'
import { pageContentToolRoutes } from './tools/page-content-tool'
import { youtubeTranscriptToolRoutes } from './tools/youtube-transcript-tool'

export const MISC_ROUTES: readonly FastifyPluginAsync[] = [
  pageContentRoutes,
  htmlToPdfRoutes,
  notionRoutes,
  capacitiesRoutes,
  pageContentToolRoutes,
  youtubeTranscriptToolRoutes,
]
