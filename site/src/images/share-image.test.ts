import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { cardTitle, routePathOf, titleOf } from './pipeline/share-pages'
import {
  brandColours,
  renderShareImage,
  shareImageSvg,
  wrapTitle,
} from './pipeline/share-image-render'
import { shareImageFor, shareImageSlug } from './share-image'

describe('shareImageFor', () => {
  it('points at /og/{slug}.png with the 1200x630 PNG metadata and alt text', () => {
    expect(shareImageFor('/pricing', 'Pricing', 'https://example.test/')).toEqual({
      url: 'https://example.test/og/pricing.png',
      width: 1200,
      height: 630,
      type: 'image/png',
      alt: "Pricing: the page's title on Inkmark's share card",
    })
  })

  it('slugs paths: the home page, nested paths, odd characters', () => {
    expect(shareImageSlug('/')).toBe('home')
    expect(shareImageSlug('/tutorials/browser/chrome/how-to-highlight')).toBe(
      'tutorials-browser-chrome-how-to-highlight',
    )
    expect(shareImageSlug('/Tools/PDF%20Highlighter?x=1')).toBe('tools-pdf-20highlighter')
  })

  it('maps prerendered files to their route paths', () => {
    expect(routePathOf('index.html')).toBe('/')
    expect(routePathOf('faq/index.html')).toBe('/faq')
    expect(routePathOf('tutorials/browser/chrome/index.html')).toBe('/tutorials/browser/chrome')
    expect(routePathOf('404.html')).toBe('/404')
  })

  it("reads a page's title with entities decoded and drops the site-name tail", () => {
    expect(titleOf('<head><title>PDF &amp; Web &#8211; Notes &#x2014; x</title></head>')).toBe(
      'PDF & Web – Notes — x',
    )
    expect(titleOf('<p>no title</p>')).toBeNull()
    expect(cardTitle('Pricing | Inkmark')).toBe('Pricing')
    expect(cardTitle('Inkmark')).toBe('Inkmark')
  })
})

describe('the share card', () => {
  it('is a 1200x630 PNG', async () => {
    const png = await renderShareImage('Pricing: Free and Premium plans', await brandColours())
    const metadata = await sharp(png).metadata()
    expect(metadata.format).toBe('png')
    expect([metadata.width, metadata.height]).toEqual([1200, 630])
  })

  it("escapes the title in the SVG and shows the Inkmark name in the token's colours", async () => {
    const colours = await brandColours()
    const svg = shareImageSvg('<script> & "quotes"', colours)
    expect(svg).toContain('&#60;script&#62; &#38; &#34;quotes&#34;')
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('>Inkmark</text>')
    expect(svg).toContain(`fill="${colours.background}"`)
  })

  it('wraps a long title into at most four lines of whole words, cutting the rest', () => {
    expect(wrapTitle('How to highlight on Chrome: a step-by-step tutorial', 26)).toEqual([
      'How to highlight on',
      'Chrome: a step-by-step',
      'tutorial',
    ])
    const lines = wrapTitle('word '.repeat(60), 26)
    expect(lines).toHaveLength(4)
    expect(lines[3]!.endsWith('…')).toBe(true)
  })
})
