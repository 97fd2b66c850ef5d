// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { sanitizeArticleHtml } from './sanitize-article'

function sanitizedBody(html: string): HTMLElement {
  const body = document.createElement('div')
  body.innerHTML = sanitizeArticleHtml(html)
  return body
}

const everyAttribute = (root: HTMLElement) =>
  [...root.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`),
  )

describe('sanitizeArticleHtml', () => {
  it('drops scripts with their text, and every event handler', () => {
    const body = sanitizedBody(
      `<p onclick="alert(1)">Text<script>alert(2)</script></p><img src="https://x.test/a.png" onerror="alert(3)">
      <svg onload="alert(4)"><script>alert(5)</script></svg><body onload="alert(6)">`,
    )
    expect(body.querySelectorAll('script, svg').length).toBe(0)
    expect(body.textContent).not.toContain('alert')
    expect(everyAttribute(body).filter((attribute) => attribute.startsWith('on'))).toEqual([])
    expect(body.querySelector('img')?.getAttribute('src')).toBe('https://x.test/a.png')
  })

  it('drops javascript:, vbscript: and data:text URLs, whatever their spelling', () => {
    const body = sanitizedBody(
      `<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(2)">b</a>
      <a href="jav&#x09;ascript:alert(3)">c</a><a href="vbscript:msgbox(4)">d</a>
      <a href="data:text/html,<script>alert(5)</script>">e</a><a href="https://ok.test/">f</a>`,
    )
    const hrefs = [...body.querySelectorAll('a')].map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual([null, null, null, null, null, 'https://ok.test/'])
  })

  it('drops frames, forms, objects, styles and the page stylesheet links, keeping readable text', () => {
    const body = sanitizedBody(
      `<iframe src="https://evil.test"></iframe><frameset></frameset><object data="x"></object>
      <embed src="x"><form action="https://evil.test"><label>Name <input name="n"></label>
      <button formaction="javascript:alert(1)">Send</button></form>
      <style>p { display: none }</style><link rel="stylesheet" href="https://evil.test/a.css">
      <p style="position:fixed" class="ad">Kept text</p><meta http-equiv="refresh" content="0;url=https://evil.test">
      <base href="https://evil.test/">`,
    )
    expect(
      body.querySelectorAll(
        'iframe, frameset, object, embed, form, input, button, style, link, meta, base',
      ),
    ).toHaveLength(0)
    expect(body.textContent).toContain('Name')
    expect(body.textContent).toContain('Send')
    expect(body.textContent).toContain('Kept text')
    expect(body.textContent).not.toContain('display')
    expect(everyAttribute(body)).toEqual([])
  })

  it('opens links apart from the reader without telling the target where they came from', () => {
    const body = sanitizedBody('<a href="https://example.org/" target="_top" rel="opener">x</a>')
    const link = body.querySelector('a')!
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.getAttribute('target')).toBe('_blank')
  })

  it("prefixes the page's ids, drops data- and aria- attributes, and marks images without alt as decorative", () => {
    const body = sanitizedBody(
      '<h2 id="location" data-x="1" aria-hidden="true" role="button">Heading</h2><img src="/a.png">',
    )
    const heading = body.querySelector('h2')!
    expect(heading.id).toBe('user-content-location')
    expect(heading.getAttributeNames()).toEqual(['id'])
    expect(body.querySelector('img')!.getAttribute('alt')).toBe('')
  })

  it('survives mutation-XSS shapes', () => {
    const body = sanitizedBody(
      `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>
      <math><mtext><table><mglyph><style><img src=x onerror=alert(2)>
      <svg></p><style><a id="</style><img src=1 onerror=alert(3)>">`,
    )
    expect(everyAttribute(body).filter((attribute) => attribute.startsWith('on'))).toEqual([])
    expect(body.innerHTML).not.toMatch(/onerror/i)
  })
})
