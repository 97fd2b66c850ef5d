// The marketing pages' routes (owned by the marketing pages; the core concatenates them).
import type { SiteRoute } from '../../app/route-types'

export const MARKETING_ROUTES: SiteRoute[] = []
