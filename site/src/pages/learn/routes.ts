// The learning pages' routes (owned by the learn pages; the core concatenates them).
import type { SiteRoute } from '../../app/route-types'

export const LEARN_ROUTES: SiteRoute[] = []
