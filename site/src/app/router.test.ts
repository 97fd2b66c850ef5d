import { describe, expect, it } from 'vitest'
import type { PageModule, SiteRoute } from './route-types'
import { loadPage, matchPattern, normalizePath, resolveRoute, routePaths } from './router'

const page: PageModule = {
  default: () => null,
  meta: () => ({ title: 'T', description: 'D' }),
}
const route = (pattern: string, extra: Partial<SiteRoute> = {}): SiteRoute => ({
  pattern,
  load: () => Promise.resolve(page),
  ...extra,
})

describe('normalizePath', () => {
  it('drops the query, the hash and trailing slashes, keeping the root', () => {
    expect(normalizePath('/faq/?a=1#x')).toBe('/faq')
    expect(normalizePath('/')).toBe('/')
    expect(normalizePath('//')).toBe('/')
    expect(normalizePath('faq')).toBe('/faq')
  })
})

describe('matchPattern', () => {
  it('matches literal segments exactly', () => {
    expect(matchPattern('/tools', '/tools')).toEqual({})
    expect(matchPattern('/tools', '/tools/x')).toBeUndefined()
    expect(matchPattern('/tools', '/Tools')).toBeUndefined()
  })

  it('takes params, decoded', () => {
    expect(
      matchPattern(
        '/tutorials/browser/:browserType/:articleName',
        '/tutorials/browser/firefox/a%20b',
      ),
    ).toEqual({ browserType: 'firefox', articleName: 'a b' })
  })

  it('refuses empty and malformed params', () => {
    expect(matchPattern('/explore/:id', '/explore/')).toBeUndefined()
    expect(matchPattern('/explore/:id', '/explore/%E0%A4%A')).toBeUndefined()
  })
})

describe('resolveRoute', () => {
  const routes = [
    route('/partners/:name', { isValid: (params) => params.name === 'known' }),
    route('/partners/:name'),
    route('/'),
  ]

  it('takes the first match, and its validation decides', () => {
    expect(resolveRoute(routes, '/partners/known')?.route).toBe(routes[0])
    // The first match refused: a 404, not the next route.
    expect(resolveRoute(routes, '/partners/other')).toBeUndefined()
    expect(resolveRoute(routes, '/nothing')).toBeUndefined()
  })
})

describe('loadPage', () => {
  it('loads the chunk of a matching route and gives 404 otherwise', async () => {
    const loaded = await loadPage([route('/faq')], '/faq/')
    expect(loaded).toMatchObject({ kind: 'page', path: '/faq', module: page })
    expect(await loadPage([route('/faq')], '/nope')).toEqual({
      kind: 'error',
      path: '/nope',
      error: { status: 404 },
    })
  })

  it('lets a failed chunk load throw for the caller to handle', async () => {
    const failing = route('/x', { load: () => Promise.reject(new Error('chunk')) })
    await expect(loadPage([failing], '/x')).rejects.toThrow('chunk')
  })
})

describe('routePaths', () => {
  it('lists plain patterns and the prerender paths of parameterised ones, once, valid only', () => {
    const routes = [
      route('/'),
      route('/a/:id', {
        prerenderPaths: () => ['/a/1', '/a/2', '/a/bad'],
        isValid: (params) => params.id !== 'bad',
      }),
      route('/b/:id'),
      route('/'),
    ]
    expect(routePaths(routes)).toEqual(['/', '/a/1', '/a/2'])
  })
})
