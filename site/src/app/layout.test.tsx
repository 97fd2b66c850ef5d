import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Footer } from './Footer'
import { Layout } from './Layout'
import { resourceLinks, TopNav } from './TopNav'

const social = [
  { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/example' },
  { network: 'github', label: 'Github', url: 'https://github.com/example' },
  { network: 'twitter', label: 'Twitter', url: 'javascript:alert(1)' },
]

describe('the top bar', () => {
  it('has disclosure menus with aria-expanded and aria-controls, closed in the HTML', () => {
    const html = renderToString(<TopNav path="/pricing" socialLinks={[]} hasDocs={false} />)
    expect(html).toContain('aria-expanded="false" aria-controls="site-menu-platform"')
    expect(html).toContain('id="site-menu-platform"')
    expect(html).toContain('aria-expanded="false" aria-controls="site-menu-resources"')
    expect(html).toContain('aria-controls="site-nav-menu"')
    expect(html).toContain('href="/tools/highlight-in-notes"')
    expect(html).toContain('href="/about"')
    expect(html).toContain('href="/#pricing"')
    expect(html).toContain('>Open App</a>')
    expect(html).toContain('site-nav--bordered')
    expect(html).not.toContain('Documentation')
  })

  it('shows install buttons on the listed paths and the home background on /', () => {
    expect(renderToString(<TopNav path="/faq" socialLinks={[]} hasDocs />)).toContain(
      'Add to Chrome Browser - it&#x27;s free',
    )
    expect(renderToString(<TopNav path="/" socialLinks={[]} hasDocs />)).toContain('site-nav--home')
  })

  it('links the bar networks that are http(s) only, in a new tab', () => {
    const html = renderToString(<TopNav path="/" socialLinks={social} hasDocs />)
    expect(html).toContain(
      'href="https://www.linkedin.com/company/example" target="_blank" rel="noopener noreferrer"',
    )
    expect(html).not.toContain('github.com') // the footer's, not the bar's
    expect(html).not.toContain('javascript:')
  })

  it('lists Blog and Release Notes only with a blog', () => {
    expect(resourceLinks(null, true).map((link) => link.label)).toEqual([
      'Documentation',
      'FAQ',
      'Tutorials',
      'Discover',
      'Wall of Love',
      'User interviews',
    ])
    const withBlog = resourceLinks('https://blog.example', false)
    expect(withBlog[0]).toEqual({ label: 'Blog', to: 'https://blog.example', external: true })
    expect(withBlog[1]).toEqual({
      label: 'Release Notes',
      to: 'https://blog.example/release-notes',
      external: true,
    })
  })
})

describe('the layout', () => {
  it('has the skip link, breadcrumbs and main, and no bar on /partners', () => {
    const content = { socialLinks: [], reviews: [] }
    const html = renderToString(
      <Layout
        path="/partners/acme"
        breadcrumbs={[{ label: 'Home', path: '/' }, { label: 'Acme' }]}
        content={content}
        hasDocs={false}
      >
        <h1>Acme</h1>
      </Layout>,
    )
    expect(html).toContain('href="#main"')
    expect(html).toContain('<main id="main"')
    expect(html).toContain('aria-current="page">Acme</span>')
    expect(html).not.toContain('site-nav')
  })
})

describe('the footer', () => {
  it('has the links, legal links, social links in a new tab and the copyright line home', () => {
    const html = renderToString(<Footer socialLinks={social} reviews={[]} />)
    for (const path of [
      '/about',
      '/faq',
      '/install',
      '/tools',
      '/pricing',
      '/discover',
      '/user-interviews',
    ]) {
      expect(html).toContain(`href="${path}"`)
    }
    for (const path of ['/legal/privacy-policy', '/legal/terms-of-service', '/legal/imprint']) {
      expect(html).toContain(`href="${path}"`)
    }
    expect(html).toContain('Install Add-On')
    expect(html).toContain('Free Online Tools')
    expect(html).toContain(
      'href="https://github.com/example" target="_blank" rel="noopener noreferrer"',
    )
    expect(html).not.toContain('javascript:')
    expect(html).toContain('<a href="/">© 2025 Inkmark</a>')
    expect(html).not.toContain('site-carousel')
  })

  it('shows the first of the reversed short reviews, sample marked', () => {
    const html = renderToString(
      <Footer
        socialLinks={[]}
        reviews={[
          { text: 'Old and short', author: 'A', isSample: false },
          { text: 'x'.repeat(120), author: 'B', isSample: false },
          { text: 'New and short', author: 'C', isSample: true },
        ]}
      />,
    )
    expect(html).toContain('New and short')
    expect(html).not.toContain('Old and short')
    expect(html).toContain('aria-label="1 of 2"')
    expect(html).toContain('Sample</span>')
    expect(html).toContain('>Pause</button>')
  })
})
