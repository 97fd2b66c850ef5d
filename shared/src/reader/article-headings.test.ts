// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { rankHeadings } from './article-headings'

function ranked(html: string): string {
  const root = document.createElement('div')
  root.innerHTML = html
  rankHeadings(root)
  return root.innerHTML
}

describe('rankHeadings', () => {
  it('starts at h2 and closes the gaps, keeping attributes and content', () => {
    expect(ranked('<h3 id="a">A <b>b</b></h3><p>x</p><h5>C</h5><h3>D</h3>')).toBe(
      '<h2 id="a">A <b>b</b></h2><p>x</p><h3>C</h3><h2>D</h2>',
    )
  })

  it('leaves an outline without gaps alone and caps the depth at h6', () => {
    expect(ranked('<h2>A</h2><h3>B</h3>')).toBe('<h2>A</h2><h3>B</h3>')
    expect(ranked('<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>')).toBe(
      '<h2>1</h2><h3>2</h3><h4>3</h4><h5>4</h5><h6>5</h6><h6>6</h6>',
    )
  })
})
