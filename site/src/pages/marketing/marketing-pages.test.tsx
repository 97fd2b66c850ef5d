// Every marketing route renders to HTML (as the prerender does) with its own title, a description,
// its h1 first, and no sample or placeholder text outside the imprint.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PageProps, RouteParams, SiteRoute } from '../../app/route-types'
import { MARKETING_ROUTES } from './routes'

const EXAMPLE_PARAMS: Readonly<Record<string, string>> = {
  segment: 'sign-in',
  userId: '0f8fad5b-d9cb-469f-a165-70867728950e',
}

/** The params of `path` under `pattern` (both known to match). */
function paramsOf(pattern: string, path: string): RouteParams {
  const names = pattern.split('/')
  const values = path.split('/')
  return Object.fromEntries(
    names.flatMap((name, index) =>
      name.startsWith(':') ? [[name.slice(1), values[index] ?? '']] : [],
    ),
  )
}

/** Concrete pages of a route: its prerender paths, or one example for a parameterised pattern. */
function pagesOf(route: SiteRoute): PageProps[] {
  const listed = route.prerenderPaths?.() ?? []
  if (listed.length > 0) {
    return listed.map((path) => ({ path, params: paramsOf(route.pattern, path) }))
  }
  const path = route.pattern.replace(/:(\w+)/g, (_, name: string) => EXAMPLE_PARAMS[name] ?? name)
  return [{ path, params: paramsOf(route.pattern, path) }]
}

const pages = MARKETING_ROUTES.flatMap((route) => pagesOf(route).map((props) => ({ route, props })))

describe('marketing pages', () => {
  it.each(pages.map(({ route, props }) => [props.path, route, props] as const))(
    '%s renders with its h1 and metadata',
    async (_path, route, props) => {
      expect(route.isValid?.(props.params) ?? true).toBe(true)
      const page = await route.load()
      const html = renderToString(<page.default {...props} />)
      expect(html.match(/<h[1-6]/)?.[0]).toBe('<h1')
      expect(html.match(/<h1/g)).toHaveLength(1)
      const meta = page.meta(props)
      expect(meta.title).toMatch(/Inkmark/)
      expect(meta.description.length).toBeGreaterThan(20)
      for (const data of meta.structuredData ?? []) {
        expect(data['@context']).toBe('https://schema.org')
      }
    },
  )

  it('gives every page its own title', async () => {
    const titles = await Promise.all(
      pages
        .filter(({ route }) => route.pattern !== '/auth/:segment')
        .map(async ({ route, props }) => (await route.load()).meta(props).title),
    )
    expect(new Set(titles).size).toBe(titles.length)
  })

  it('refuses unknown tools and ids that are not user ids', () => {
    const route = (pattern: string) => MARKETING_ROUTES.find((entry) => entry.pattern === pattern)
    expect(route('/extensions/:app')?.isValid?.({ app: 'safari-magic' })).toBe(false)
    expect(route('/extensions/:app/welcome')?.isValid?.({ app: 'reader-mode' })).toBe(true)
    expect(route('/unsubscribe/:userId')?.isValid?.({ userId: '<script>' })).toBe(false)
    expect(route('/unsubscribe/:userId')?.isValid?.({ userId: '5f1b2c3d4e5f6a7b8c9d0e1f' })).toBe(
      true,
    )
  })

  it('shows the prerendered pricing with the default prices and the yearly choice', async () => {
    const page = await import('./pricing/PricingPage')
    const html = renderToString(<page.default path="/pricing" params={{}} />)
    expect(html).toContain('$19.99')
    expect(html).toContain('$29.99')
    expect(html).toMatch(/id="duration-1Y"[^>]*checked/)
    expect(html).not.toContain('Black Friday')
    expect(html).toContain('href="http://127.0.0.1:5173/pricing?plan=PREMIUM&amp;duration=1Y"')
  })

  it('marks unfilled imprint values visibly', async () => {
    const page = await import('./legal/ImprintPage')
    const html = renderToString(<page.default path="/legal/imprint" params={{}} />)
    expect(html).toContain('[Operator name: not filled in]')
    expect(html).toContain('Not ready for publishing')
  })

  it('home has the pricing section the navigation links to and the default title', async () => {
    const page = await import('./HomePage')
    const html = renderToString(<page.default path="/" params={{}} />)
    expect(html).toContain('id="pricing"')
    expect(page.meta({ path: '/', params: {} }).title).toBe(
      'Inkmark: PDF & Web Highlighter + Notes & Annotations',
    )
  })
})
