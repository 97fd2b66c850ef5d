// The meta and head of whatever a path shows: a page's own meta, or the error page's.
import { errorMeta } from './ErrorPage'
import { headTags, type HeadTag } from './head'
import type { PageMeta } from './route-types'
import type { PageState } from './router'

export function pageMeta(page: PageState): PageMeta {
  return page.kind === 'page'
    ? page.module.meta({ path: page.path, params: page.params })
    : errorMeta(page.error)
}

export function pageHeadTags(page: PageState, siteOrigin: string): HeadTag[] {
  return headTags(pageMeta(page), page.path, siteOrigin)
}
