import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import HomePage from './HomePage'

describe('HomePage', () => {
  it("renders the spec's default title and description", () => {
    const html = renderToString(<HomePage />)
    expect(html).toContain('Inkmark: PDF &amp; Web Highlighter + Notes &amp; Annotations')
    expect(html).toContain('Best highlighter for the web.')
    expect(html).toContain('Premium from $19.99 a year.')
  })
})
