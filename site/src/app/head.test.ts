import { describe, expect, it } from 'vitest'
import { breadcrumbList, headTags, jsonLdText, renderHeadHtml } from './head'

describe('jsonLdText', () => {
  it('escapes what could end the script element or break a line in it', () => {
    const text = jsonLdText({ name: '</script><b>&\u2028\u2029' })
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(text)).toEqual({ name: '</script><b>&\u2028\u2029' })
  })
})

describe('headTags', () => {
  const origin = 'https://inkmark.example'

  it('writes the title, description, canonical, robots, Open Graph and Twitter tags', () => {
    const html = renderHeadHtml(
      headTags({ title: 'FAQ | Inkmark', description: 'Answers "quoted" & <b>' }, '/faq', origin),
    )
    expect(html).toContain('<title>FAQ | Inkmark</title>')
    expect(html).toContain(
      '<meta data-site-head name="description" content="Answers &quot;quoted&quot; &amp; &lt;b&gt;" />',
    )
    expect(html).toContain(
      '<link data-site-head rel="canonical" href="https://inkmark.example/faq" />',
    )
    expect(html).toContain('name="robots" content="index, follow"')
    expect(html).toContain('property="og:url" content="https://inkmark.example/faq"')
    expect(html).toContain('property="og:site_name" content="Inkmark"')
    expect(html).toContain('property="og:image" content="https://inkmark.example/og/faq.png"')
    expect(html).toContain('property="og:image:width" content="1200"')
    expect(html).toContain('property="og:image:height" content="630"')
    expect(html).toContain('property="og:image:type" content="image/png"')
    expect(html).toContain('property="og:image:alt"')
    expect(html).toContain('name="twitter:card" content="summary_large_image"')
  })

  it('takes the canonical path, robots and image a page names', () => {
    const html = renderHeadHtml(
      headTags(
        {
          title: 'T',
          description: 'D',
          canonicalPath: '/tools',
          robots: 'noindex',
          image: {
            url: 'https://cdn.example/a.png',
            width: 10,
            height: 5,
            type: 'image/png',
            alt: 'A',
          },
        },
        '/tools/',
        origin,
      ),
    )
    expect(html).toContain('rel="canonical" href="https://inkmark.example/tools"')
    expect(html).toContain('name="robots" content="noindex"')
    expect(html).toContain('property="og:image" content="https://cdn.example/a.png"')
    expect(html).toContain('property="og:image:width" content="10"')
  })

  it("puts the WebSite, the BreadcrumbList and the page's own JSON-LD in, escaped", () => {
    const tags = headTags(
      {
        title: 'T',
        description: 'D',
        breadcrumbs: [
          { label: 'Home', path: '/' },
          { label: 'Tools', path: '/tools' },
          { label: 'X' },
        ],
        structuredData: [{ '@type': 'FAQPage', name: '</script><script>alert(1)</script>' }],
      },
      '/tools/x',
      origin,
    )
    const scripts = tags.filter((tag) => tag.tag === 'script')
    expect(
      scripts.map((tag) => (JSON.parse(tag.text ?? '') as { '@type': string })['@type']),
    ).toEqual(['WebSite', 'BreadcrumbList', 'FAQPage'])
    const html = renderHeadHtml(tags)
    expect(html).not.toContain('</script><script>alert')
    expect(html.match(/<\/script>/g)).toHaveLength(3)
  })
})

describe('breadcrumbList', () => {
  it('numbers the crumbs and gives the last one the page itself', () => {
    expect(
      breadcrumbList('https://s.example', [{ label: 'Home', path: '/' }, { label: 'FAQ' }], '/faq'),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://s.example/' },
        { '@type': 'ListItem', position: 2, name: 'FAQ', item: 'https://s.example/faq' },
      ],
    })
    expect(breadcrumbList('https://s.example', [], '/')).toBeUndefined()
  })
})
