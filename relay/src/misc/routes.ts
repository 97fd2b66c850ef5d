// The misc server's routes: one list, registered in order by buildMiscApp (app.ts). Each module is
// a Fastify plugin whose routes need login (miscRouteGuards) and answer the relay's coded errors.
import type { FastifyPluginAsync } from 'fastify'
import { capacitiesRoutes } from './capacities/routes'
import { htmlToPdfRoutes } from './pdf/routes'
import { pageContentRoutes } from './fetcher/routes'
import { notionRoutes } from './notion/routes'

export const MISC_ROUTES: readonly FastifyPluginAsync[] = [
  pageContentRoutes,
  htmlToPdfRoutes,
  notionRoutes,
  capacitiesRoutes,
]
