// The site's route table: the marketing pages', then the learning pages', then the core's own.
// The first matching pattern wins.
import { LEARN_ROUTES } from '../pages/learn/routes'
import { MARKETING_ROUTES } from '../pages/marketing/routes'
import type { SiteRoute } from './route-types'

/** The core's routes: the home page until the marketing pages bring theirs. */
export const CORE_ROUTES: SiteRoute[] = [{ pattern: '/', load: () => import('../HomePage') }]

export const ALL_ROUTES: readonly SiteRoute[] = [
  ...MARKETING_ROUTES,
  ...LEARN_ROUTES,
  ...CORE_ROUTES,
]
