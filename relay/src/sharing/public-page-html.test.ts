import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { jsonForScript } from './html-escape'
import { renderNotFoundHtml, renderPublicPageHtml } from './public-page-html'
import type { PublicPage } from '@inkmark/shared'

const LINKS = {
  canonicalUrl: 'https://relay.example/explore/AAAAAAAAAAAAAAAAAAAAAA',
  appUrl: 'https://app.example',
}
const EVIL = `<script>alert(1)</script>"><img src=x onerror=alert(2)></script>'`

function page(overrides: Partial<PublicPage> = {}): PublicPage {
  return {
    shareId: 'AAAAAAAAAAAAAAAAAAAAAA',
    permission: 'PUBLIC',
    url: 'https://example.com/article',
    title: 'A careful article',
    description: 'About reading',
    image: 'https://example.com/share.png',
    origin: 'example.com',
    tags: ['reading', 'notes'],
    likes: 3,
    sharedAt: Date.UTC(2026, 10, 1),
    updatedAt: Date.UTC(2026, 10, 2),
    marks: [
      { _id: 'm1', text: 'First highlight', color: '#fdffb4', createdAt: 1 },
      { _id: 'm2', text: 'Second one', color: '#3cbefc', note: 'My shown note', createdAt: 2 },
    ],
    ...overrides,
  }
}

/** The JSON-LD object of a rendered page. */
function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  expect(match).not.toBeNull()
  return JSON.parse(match?.[1] ?? '') as Record<string, unknown>
}

describe('renderPublicPageHtml', () => {
  it('renders the title, source, tags, likes, highlights, notes and call to action', () => {
    const { html } = renderPublicPageHtml(page(), LINKS)
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(html).toContain('<title>A careful article · Inkmark</title>')
    expect(html).toContain('<h1>A careful article</h1>')
    expect(html).toContain(
      '<a href="https://example.com/article" rel="nofollow noopener ugc noreferrer">example.com</a>',
    )
    expect(html).toContain('<li>reading</li><li>notes</li>')
    expect(html).toContain('3 likes')
    expect(html).toContain('2 highlights')
    expect(html).toContain('First highlight</blockquote>')
    expect(html).toContain('My shown note')
    expect(html).toContain(
      '<a href="https://app.example/">Highlight your own pages with Inkmark</a>',
    )
  })

  it('writes the preview metadata and structured data', () => {
    const { html } = renderPublicPageHtml(page(), LINKS)
    expect(html).toContain('<meta name="description" content="About reading">')
    expect(html).toContain(`<link rel="canonical" href="${LINKS.canonicalUrl}">`)
    expect(html).toContain('<meta property="og:type" content="article">')
    expect(html).toContain('<meta property="og:title" content="A careful article">')
    expect(html).toContain('<meta property="og:description" content="About reading">')
    expect(html).toContain(`<meta property="og:url" content="${LINKS.canonicalUrl}">`)
    expect(html).toContain('<meta property="og:image" content="https://example.com/share.png">')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
    expect(html).not.toContain('robots')
    const data = jsonLd(html)
    expect(data['@type']).toBe('WebPage')
    expect(data.url).toBe(LINKS.canonicalUrl)
    expect(data.isBasedOn).toBe('https://example.com/article')
    expect(data.hasPart).toEqual([
      { '@type': 'Quotation', text: 'First highlight' },
      {
        '@type': 'Quotation',
        text: 'Second one',
        comment: { '@type': 'Comment', text: 'My shown note' },
      },
    ])
  })

  it('describes a page without a description by its highlights, and says 1 like', () => {
    const { html } = renderPublicPageHtml(page({ description: undefined, likes: 1 }), LINKS)
    expect(html).toContain(
      '<meta name="description" content="2 highlights from example.com: “First highlight”">',
    )
    expect(html).toContain('1 like<')
  })

  it('keeps a link-only page out of search engines', () => {
    const { html } = renderPublicPageHtml(page({ permission: 'PUBLIC_LINK' }), LINKS)
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
  })

  it('renders markup in every field as text, in the body, the metadata and the JSON-LD', () => {
    const evilPage = page({
      title: EVIL,
      description: EVIL,
      origin: EVIL,
      tags: [EVIL],
      url: `https://example.com/?q=${EVIL}`,
      image: `https://example.com/i.png?${EVIL}`,
      marks: [{ _id: EVIL, text: EVIL, color: '#fdffb4', note: EVIL, createdAt: 1 }],
    })
    const { html } = renderPublicPageHtml(evilPage, LINKS)
    // The only script is the JSON-LD, which closes once; no tag or attribute from the values.
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).not.toContain('<img')
    expect(html).not.toContain('"><img')
    // With attribute values taken out, no tag has an event handler.
    const tags = html.replace(/="[^"]*"/g, '=""').match(/<[^>]+>/g) ?? []
    expect(tags.filter((tag) => /\son[a-z]+=/i.test(tag))).toEqual([])
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img')
    expect(html).toContain(`<meta property="og:title" content="&lt;script&gt;alert(1)`)
    // The JSON-LD still reads back as the same values.
    const data = jsonLd(html)
    expect(data.name).toBe(EVIL)
    expect(data.keywords).toBe(EVIL)
    expect(jsonForScript(EVIL)).not.toMatch(/[<>&]/)
  })

  it('never makes a link of a javascript:, data: or relative URL', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/relative',
      'vbscript:x',
    ]) {
      const { html } = renderPublicPageHtml(page({ url, image: url }), LINKS)
      expect(html).not.toMatch(/href="(?!https:\/\/(app|relay)\.example)/)
      expect(html.toLowerCase()).not.toContain('javascript:')
      expect(html).not.toContain('og:image')
      expect(jsonLd(html).isBasedOn).toBeUndefined()
      expect(html).toContain('<p class="source">From example.com</p>')
    }
  })

  it('puts only validated hex colours into the stylesheet', () => {
    const attacks = [
      'red;}</style><script>alert(1)</script>',
      '#fff;background:url(https://evil.example/x)',
      'expression(alert(1))',
      '#12345g',
    ]
    const { html } = renderPublicPageHtml(
      page({
        marks: [
          ...attacks.map((color, i) => ({ _id: `a${i}`, text: `t${i}`, color, createdAt: i })),
          { _id: 'ok', text: 'rgb', color: 'rgb(60, 190, 252)', createdAt: 9 },
        ],
      }),
      LINKS,
    )
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    expect(style).not.toContain('evil')
    expect(style).not.toContain('expression')
    expect(style).not.toContain('</')
    // Invalid colours fall back to the default; the rgb() one becomes hex.
    expect(style).toContain('.hl-0{--hl:#fdffb4}')
    expect(style).toContain('.hl-1{--hl:#3cbefc}')
    expect(html.match(/<script/g)).toHaveLength(1)
  })

  it('sends a CSP without scripts that allows exactly its inline style', () => {
    const { html, contentSecurityPolicy } = renderPublicPageHtml(page(), LINKS)
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    const hash = createHash('sha256').update(style).digest('base64')
    expect(contentSecurityPolicy).toContain("default-src 'none'")
    expect(contentSecurityPolicy).toContain(`style-src 'sha256-${hash}'`)
    expect(contentSecurityPolicy).not.toContain('script-src')
    expect(contentSecurityPolicy).not.toContain('unsafe')
    expect(html).not.toContain(' style=')
  })

  it('says plainly when no highlight is shown', () => {
    const { html } = renderPublicPageHtml(page({ marks: [] }), LINKS)
    expect(html).toContain('No highlights are shown on this page.')
    expect(html).toContain('0 highlights')
  })
})

describe('renderNotFoundHtml', () => {
  it('is one page for every missing share id, with the same look and no index', () => {
    const first = renderNotFoundHtml(LINKS)
    expect(first).toEqual(renderNotFoundHtml(LINKS))
    expect(first.html).toContain('This page is not shared')
    expect(first.html).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(first.html).toContain('Highlight your own pages with Inkmark')
    expect(first.contentSecurityPolicy).toContain("default-src 'none'")
  })
})
