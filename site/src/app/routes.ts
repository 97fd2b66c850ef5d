// The site's route table: the marketing pages', then the learning pages'. The first matching
// pattern wins.
import { LEARN_ROUTES } from '../pages/learn/routes'
import { MARKETING_ROUTES } from '../pages/marketing/routes'
import type { SiteRoute } from './route-types'

export const ALL_ROUTES: readonly SiteRoute[] = [...MARKETING_ROUTES, ...LEARN_ROUTES]
