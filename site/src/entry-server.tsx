// The site's server renderer: `renderPage(path)` gives a path's status, body HTML and head, for
// the prerender script (site/scripts/prerender.ts) and tests. Built by Vite's SSR build.
import { renderToString } from 'react-dom/server'
import { App } from './app/App'
import { layoutContent } from './app/content'
import { renderHeadHtml } from './app/head'
import { pageHeadTags } from './app/page-head'
import type { SiteRoute } from './app/route-types'
import { loadPage, routePaths, type PageState } from './app/router'
import { ALL_ROUTES } from './app/routes'
import { siteConfig } from './app/site-config'
import { productionContentProblems } from './content/problems'
import { siteStage } from './content/stage'

export { robotsTxt, sitemapXml } from './app/sitemap'
export { siteConfig }

export interface RenderedPage {
  /** 200, 404 (no route, or its validation failed) or 500 (the page failed to render). */
  status: number
  /** The HTML inside #root. */
  html: string
  /** The head's tags (title, meta, canonical, JSON-LD). */
  head: string
  /** The page module's source file (for the modulepreload of its chunk), when a page rendered. */
  sourceFile?: string
}

function render(routes: readonly SiteRoute[], page: PageState): string {
  return renderToString(<App routes={routes} initial={page} content={layoutContent()} />)
}

/** Renders the page of `path` with `routes` (the site's by default). */
export async function renderPage(
  path: string,
  routes: readonly SiteRoute[] = ALL_ROUTES,
): Promise<RenderedPage> {
  let page: PageState
  let html: string
  try {
    page = await loadPage(routes, path)
    html = render(routes, page)
  } catch (error) {
    console.error(`Rendering ${path} failed`, error)
    page = { kind: 'error', path, error: { status: 500 } }
    html = render(routes, page)
  }
  const status = page.kind === 'page' ? 200 : page.error.status
  const sourceFile =
    page.kind === 'page' ? (page.module as { __siteSource?: unknown }).__siteSource : undefined
  return {
    status,
    html,
    head: renderHeadHtml(pageHeadTags(page, siteConfig.siteOrigin)),
    ...(typeof sourceFile === 'string' ? { sourceFile } : {}),
  }
}

/** Every path the prerender writes (the site's routes by default). */
export function allPrerenderPaths(routes: readonly SiteRoute[] = ALL_ROUTES): string[] {
  return routePaths(routes)
}

/** Why this build must not publish: a production build with sample or unfilled content. */
export function buildContentProblems(): string[] {
  return siteStage() === 'production' ? productionContentProblems() : []
}
