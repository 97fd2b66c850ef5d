import { describe, expect, it } from 'vitest'
import type { PageModule, PageProps, SiteRoute } from './app/route-types'
import { allPrerenderPaths, renderPage } from './entry-server'

function TestPage({ path, params }: PageProps) {
  return (
    <>
      <h1>Hello {params.name ?? 'there'}</h1>
      <p>at {path}</p>
    </>
  )
}

const testModule: PageModule = {
  default: TestPage,
  meta: ({ params }) => ({
    title: `Test ${params.name ?? ''}`,
    description: 'A page for tests',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Test' }],
    structuredData: [{ '@type': 'Thing', name: '</script><script>alert(1)</script>' }],
  }),
}

const routes: SiteRoute[] = [
  {
    pattern: '/hello/:name',
    load: () => Promise.resolve(testModule),
    prerenderPaths: () => ['/hello/ann'],
  },
  { pattern: '/broken', load: () => Promise.reject(new Error('no chunk')) },
]

describe('renderPage', () => {
  it('renders a route inside the layout with its head', async () => {
    const page = await renderPage('/hello/ann', routes)
    expect(page.status).toBe(200)
    expect(page.html).toContain('<main id="main"')
    expect(page.html).toMatch(/<h1>Hello <!-- -->ann<\/h1>/)
    expect(page.html).toContain('aria-label="Breadcrumb"')
    expect(page.html).toContain('Skip to content')
    expect(page.head).toContain('<title>Test ann</title>')
    expect(page.head).toContain('rel="canonical" href="http://127.0.0.1:5174/hello/ann"')
    expect(page.head).toContain('"@type":"BreadcrumbList"')
    expect(page.head).not.toContain('</script><script>')
    expect(page.head).toContain('\\u003c/script\\u003e')
  })

  it('gives 404 with the path for an unknown address', async () => {
    const page = await renderPage('/nowhere', routes)
    expect(page.status).toBe(404)
    expect(page.html).toContain('Page Not Found')
    expect(page.html).toMatch(/Page Not Found: (<!-- -->)?\/nowhere/)
    expect(page.head).toContain('noindex')
  })

  it('gives 500 when the page cannot load', async () => {
    const page = await renderPage('/broken', routes)
    expect(page.status).toBe(500)
    expect(page.html).toContain('Internal Server Error')
  })
})

describe('allPrerenderPaths', () => {
  it('lists the concrete paths', () => {
    expect(allPrerenderPaths(routes)).toEqual(['/hello/ann', '/broken'])
  })
})
