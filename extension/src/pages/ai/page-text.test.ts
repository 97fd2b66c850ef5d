// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { pageTextFromHtml } from './page-text'

const LONG = 'Tidal marshes store carbon in their soil for thousands of years. '.repeat(20)

describe('pageTextFromHtml', () => {
  it("takes the article's text, not the page's scripts or navigation", () => {
    const html = `<html><head><title>Marshes</title></head><body><nav>Home About</nav>
      <article><h1>Marshes</h1><p>${LONG}</p><p>${LONG}</p></article>
      <script>window.secret = 'never'</script></body></html>`
    const page = pageTextFromHtml(html, 'https://example.org/marshes')
    expect(page.title).toBe('Marshes')
    expect(page.url).toBe('https://example.org/marshes')
    expect(page.text).toContain('Tidal marshes store carbon')
    expect(page.text).not.toContain('never')
  })

  it("gives a video's transcript when the extension has it", () => {
    const html = '<html><head><title>A video - YouTube</title></head><body>Menu</body></html>'
    expect(
      pageTextFromHtml(html, 'https://www.youtube.com/watch?v=x', ' Line one\nLine two '),
    ).toEqual({
      title: 'A video - YouTube',
      url: 'https://www.youtube.com/watch?v=x',
      text: 'Line one\nLine two',
    })
  })

  it("gives the body's text for a page that is not an article", () => {
    const html = `<html><head><title>Short</title><style>p { color: red }</style></head>
      <body><p>Just one line.</p><script>var hidden = 1</script></body></html>`
    expect(pageTextFromHtml(html, 'https://example.org/short')).toEqual({
      title: 'Short',
      url: 'https://example.org/short',
      text: 'Just one line.',
    })
  })
})
