// The site's router: patterns with `:name` segments, matched in order (the first match wins), and a
// route's own validation turning a match into the 404 page. Pure functions: the App, the server
// renderer and the prerender script share them.
import type { PageModule, RouteParams, SiteRoute } from './route-types'

/** A path without its query, hash and trailing slash ('/' stays '/'). */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? ''
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash
}

/** The params of `path` for `pattern`, or undefined when it does not match. */
export function matchPattern(pattern: string, path: string): RouteParams | undefined {
  const patternParts = normalizePath(pattern).split('/')
  const pathParts = normalizePath(path).split('/')
  if (patternParts.length !== pathParts.length) {
    return undefined
  }
  const params: Record<string, string> = {}
  for (const [index, part] of patternParts.entries()) {
    const actual = pathParts[index] ?? ''
    if (part.startsWith(':')) {
      if (actual === '') {
        return undefined
      }
      try {
        params[part.slice(1)] = decodeURIComponent(actual)
      } catch {
        return undefined // a malformed escape: no page has that address
      }
    } else if (part !== actual) {
      return undefined
    }
  }
  return params
}

/** What a path resolves to: a route with its params, or nothing (the 404 page). */
export type Resolved = { route: SiteRoute; params: RouteParams } | undefined

/** The first route matching `path` whose validation (if any) accepts the params. */
export function resolveRoute(routes: readonly SiteRoute[], path: string): Resolved {
  for (const route of routes) {
    const params = matchPattern(route.pattern, path)
    if (params !== undefined) {
      return route.isValid === undefined || route.isValid(params) ? { route, params } : undefined
    }
  }
  return undefined
}

/** An error a page shows: a status (default 500), its own message and description if any. */
export interface SiteError {
  status: number
  message?: string
  description?: string
}

/** The page a path shows once its chunk is loaded: a page module, or the error page. */
export type PageState =
  | { kind: 'page'; path: string; params: RouteParams; module: PageModule }
  | { kind: 'error'; path: string; error: SiteError }

/** The page of `path`: loads the route's chunk (which may throw: the caller decides). */
export async function loadPage(routes: readonly SiteRoute[], path: string): Promise<PageState> {
  const normalized = normalizePath(path)
  const resolved = resolveRoute(routes, normalized)
  if (resolved === undefined) {
    return { kind: 'error', path: normalized, error: { status: 404 } }
  }
  const module = await resolved.route.load()
  return { kind: 'page', path: normalized, params: resolved.params, module }
}

/** Every concrete path to prerender: plain patterns and parameterised ones' prerenderPaths. */
export function routePaths(routes: readonly SiteRoute[]): string[] {
  const paths: string[] = []
  for (const route of routes) {
    if (!route.pattern.includes(':')) {
      paths.push(normalizePath(route.pattern))
    } else {
      paths.push(...(route.prerenderPaths?.() ?? []).map(normalizePath))
    }
  }
  // A path that resolves to another route first (or to nothing) is not this route's to write.
  return [...new Set(paths)].filter((path) => resolveRoute(routes, path) !== undefined)
}
