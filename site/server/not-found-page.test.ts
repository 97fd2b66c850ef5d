import { describe, expect, it } from 'vitest'
import { notFoundPageFor } from './not-found-page'

describe('notFoundPageFor', () => {
  const page =
    '<title>Page Not Found</title><main><h1>Page Not Found</h1><p>Page Not Found: <!-- -->/404</p></main>'

  it('names the requested path in the page text', () => {
    expect(notFoundPageFor(page, '/no/such')).toContain('<p>Page Not Found: <!-- -->/no/such</p>')
  })

  it('escapes the path, so a crafted address stays text', () => {
    const html = notFoundPageFor(page, '/"><script>alert(1)</script>')
    expect(html).toContain(
      'Page Not Found: <!-- -->/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    )
    expect(html).not.toContain('<script>')
  })

  it('leaves a page without the text as it is', () => {
    expect(notFoundPageFor('<p>Other</p>', '/x')).toBe('<p>Other</p>')
  })
})
