// The contract between the site's core (router, layout, prerender) and its pages: a route is a
// pattern, a lazily loaded page module (one chunk per page) and, for parameterised patterns, the
// concrete paths to prerender. A page module renders inside the layout's <main> and says its head.
import type React from 'react'

export interface Breadcrumb {
  label: string
  path?: string
}
export interface PageImage {
  url: string
  width: number
  height: number
  type: string
  alt: string
}
export interface PageMeta {
  title: string // full <title>; the default is 'Inkmark: PDF & Web Highlighter + Notes & Annotations'
  description: string
  image?: PageImage // default: the site's share image (1200x630 PNG) for this path
  canonicalPath?: string // default: the path itself
  robots?: string // default 'index, follow'
  structuredData?: readonly Record<string, unknown>[] // JSON-LD objects (core adds WebSite + BreadcrumbList)
  breadcrumbs?: readonly Breadcrumb[] // shown above the page's h1 by the layout
}
export interface RouteParams {
  readonly [name: string]: string
}
export interface PageProps {
  path: string
  params: RouteParams
}
export interface PageModule {
  default: React.ComponentType<PageProps> // renders the content INSIDE the layout's <main>; starts with its own <h1>
  meta(props: PageProps): PageMeta
}
export interface SiteRoute {
  pattern: string // '/tutorials/browser/:browserType/:articleName'
  load: () => Promise<PageModule> // () => import('./pages/tutorials/ArticlePage')  (one chunk per page)
  isValid?: (params: RouteParams) => boolean // false -> the 404 page 'Page Not Found: {path}'
  prerenderPaths?: () => readonly string[] // concrete paths for a parameterised pattern
}
