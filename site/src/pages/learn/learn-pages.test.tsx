import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PageProps, RouteParams, SiteRoute } from '../../app/route-types'
import { siteConfig } from '../../app/site-config'
import { LEARN_ROUTES } from './routes'
import { TOOLS } from './tools/tools'

/** The params of `path` under `pattern`, or undefined when it does not match. */
function paramsOf(pattern: string, path: string): RouteParams | undefined {
  const names = pattern.split('/')
  const parts = path.split('/')
  if (names.length !== parts.length) {
    return undefined
  }
  const params: Record<string, string> = {}
  for (const [index, name] of names.entries()) {
    const part = parts[index] ?? ''
    if (name.startsWith(':')) {
      params[name.slice(1)] = part
    } else if (name !== part) {
      return undefined
    }
  }
  return params
}

function route(pattern: string): SiteRoute {
  const found = LEARN_ROUTES.find((candidate) => candidate.pattern === pattern)
  if (!found) {
    throw new Error(`no route ${pattern}`)
  }
  return found
}

function pathsOf(candidate: SiteRoute): readonly string[] {
  return candidate.prerenderPaths?.() ?? [candidate.pattern]
}

async function render(path: string) {
  for (const candidate of LEARN_ROUTES) {
    const params = paramsOf(candidate.pattern, path)
    if (params && (candidate.isValid?.(params) ?? true)) {
      const page = await candidate.load()
      const props: PageProps = { path, params }
      return { html: renderToString(<page.default {...props} />), meta: page.meta(props) }
    }
  }
  throw new Error(`no page for ${path}`)
}

describe('LEARN_ROUTES', () => {
  it('prerenders every page with an h1 and its own title and description', async () => {
    const titles = new Set<string>()
    const paths = LEARN_ROUTES.flatMap(pathsOf)
    expect(paths.length).toBeGreaterThan(60)
    for (const path of paths) {
      expect(path).not.toContain(':')
      const { html, meta } = await render(path)
      expect(html, path).toMatch(/<h1[ >]/)
      expect(meta.title.length, path).toBeGreaterThan(10)
      expect(meta.description.length, path).toBeGreaterThan(20)
      expect(meta.breadcrumbs?.[0], path).toEqual({ label: 'Home', path: '/' })
      expect(titles.has(meta.title), `${path}: ${meta.title}`).toBe(false)
      titles.add(meta.title)
    }
  })

  it('has every browser and article combination, and 404s the rest through isValid', () => {
    const articles = route('/tutorials/browser/:browserType/:articleName')
    const paths = pathsOf(articles)
    expect(paths).toContain('/tutorials/browser/chrome/keyboard-shortcuts')
    expect(paths).toContain('/tutorials/browser/safari/use-the-web-app')
    expect(paths).not.toContain('/tutorials/browser/safari/keyboard-shortcuts')
    expect(articles.isValid?.({ browserType: 'safari', articleName: 'keyboard-shortcuts' })).toBe(
      false,
    )
    expect(
      articles.isValid?.({ browserType: 'netscape', articleName: 'install-the-extension' }),
    ).toBe(false)
    expect(route('/tutorials/browser/:browserType').isValid?.({ browserType: 'Chrome' })).toBe(
      false,
    )
    expect(route('/tutorials/browser/:browserType').isValid?.({ browserType: 'opera' })).toBe(true)
    expect(
      route('/tutorials/pdf-web-highlighter/:articleName').isValid?.({ articleName: 'x' }),
    ).toBe(false)
    expect(route('/tools/:toolName').isValid?.({ toolName: 'highlight-website' })).toBe(true)
    expect(route('/tools/:toolName').isValid?.({ toolName: 'nope' })).toBe(false)
    expect(route('/user-interview/:interviewId').isValid?.({ interviewId: 'nobody' })).toBe(false)
    expect(route('/user-interviews/:professionId').isValid?.({ professionId: 'nobody' })).toBe(
      false,
    )
    expect(route('/partners/:partnerName').isValid?.({ partnerName: 'nobody' })).toBe(false)
  })

  it('gives tutorials HowTo or Article data and indexes an ItemList', async () => {
    const install = await render('/tutorials/browser/chrome/install-the-extension')
    expect(install.meta.structuredData?.[0]?.['@type']).toBe('HowTo')
    const shortcuts = await render('/tutorials/browser/chrome/keyboard-shortcuts')
    expect(shortcuts.meta.structuredData?.[0]?.['@type']).toBe('Article')
    const index = await render('/tutorials/browser')
    expect(index.meta.structuredData?.[0]?.['@type']).toBe('ItemList')
  })

  it('says plainly where the extension is not supported or not tested', async () => {
    const safari = await render('/tutorials/browser/safari')
    expect(safari.html).toContain('Inkmark has no Safari extension')
    const brave = await render('/tutorials/browser/brave/highlight-a-web-page')
    expect(brave.html).toContain('Not tested')
  })
})

describe('the tool pages', () => {
  it('each has a form that works without JavaScript, or the add-content link', async () => {
    for (const tool of TOOLS) {
      const { html } = await render(`/tools/${tool.slug}`)
      if (tool.action.kind === 'app-link') {
        expect(html).toContain(`href="${siteConfig.appUrl}/?dialog=add-content"`)
        continue
      }
      expect(html).toContain(`method="get" action="${siteConfig.appUrl}${tool.action.appPath}"`)
      expect(html).toMatch(
        /<input id="([^"]+)" class="ink-input" name="url" type="url" required=""/,
      )
      const inputId = /<input id="([^"]+)"/.exec(html)?.[1]
      expect(html).toContain(`<label for="${inputId}">`)
      expect(html.includes('name="summarize" value="1"')).toBe(tool.action.summarize)
      expect(html.includes('pattern=')).toBe(tool.action.appPath === '/youtube')
    }
  })

  it('sends the AI and YouTube tools to the right web app addresses', () => {
    const actions = Object.fromEntries(TOOLS.map((tool) => [tool.slug, tool.action]))
    expect(actions['website-ai-summary']).toMatchObject({ appPath: '/reader', summarize: true })
    expect(actions['youtube-ai-summary']).toMatchObject({ appPath: '/youtube', summarize: true })
    expect(actions['youtube-transcript-generator']).toMatchObject({
      appPath: '/youtube',
      summarize: false,
    })
    expect(actions['open-website-in-reader-mode']).toMatchObject({
      appPath: '/reader',
      summarize: false,
    })
  })
})

describe('content pages outside production', () => {
  it('show the samples marked "Sample", with five stars and 24x24 avatars', async () => {
    const { html } = await render('/testimonials')
    expect(html).toContain('Sample reviewer A')
    expect(html).toContain('learn-sample-badge">Sample</span>')
    expect(html).toContain('aria-label="5 out of 5 stars"')
    const interview = await render('/user-interview/sample-interview-a')
    expect(interview.html).toContain('learn-sample-badge">Sample</span>')
    const partner = await render('/partners/sample-partner')
    expect(partner.html).toContain('learn-sample-badge">Sample</span>')
  })

  it('explore and discover prerender an intro and the web app links, no list', async () => {
    const discover = await render('/discover')
    expect(discover.html).toContain(`href="${siteConfig.appUrl}/discover"`)
    expect(discover.html).toContain('href="/discover?sort=most-liked"')
    expect(discover.html).not.toContain('Loading')
    const explore = await render('/explore')
    expect(explore.html).toContain(`href="${siteConfig.appUrl}/explore"`)
  })
})

describe('content pages in production with no operator content', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('show honest empty states and no samples', async () => {
    vi.stubEnv('SITE_STAGE', 'production')
    const reviews = await render('/testimonials')
    expect(reviews.html).toContain('No reviews yet')
    expect(reviews.html).not.toContain('Sample')
    expect((await render('/user-interviews')).html).toContain('No interviews published yet')
    expect((await render('/partners')).html).toContain('No partners listed yet')
    expect(route('/partners/:partnerName').prerenderPaths?.()).toEqual([])
    expect(route('/user-interview/:interviewId').prerenderPaths?.()).toEqual([])
  })
})
