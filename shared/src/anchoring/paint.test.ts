// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { anchorSelectors } from './anchor-selectors'
import { describeOffsets } from './describe-range'
import { paintHighlight, paintImageHighlight, removeHighlight } from './paint'
import { createTextIndex, rangeFromOffsets } from './text-index'
import { pageWithBody, parsePage, readFixture } from './test-support'

const BODY = [
  '<p id="p1">Alpha <b>beta</b> gamma delta.</p>',
  '<table><tr><td>cell one</td>\n<td>cell two</td></tr></table>',
  '<p id="p2">Epsilon zeta eta theta.</p>',
  '<img id="pic" src="https://example.com/a.png" alt="a"><img data-src="/lazy.png">',
].join('\n')

function rangeOf(document: Document, text: string): Range {
  const index = createTextIndex(document.body)
  const start = index.text.indexOf(text)
  return rangeFromOffsets(index, start, start + text.length)!
}

describe('paintHighlight', () => {
  it('wraps the text in elements with the spec attributes, classes and colour', () => {
    const document = pageWithBody(BODY)
    const wrappers = paintHighlight(rangeOf(document, 'beta gamma'), {
      markId: 'm1',
      color: '#F8FC46',
      hasNotes: true,
      hasTags: false,
    })
    expect(wrappers.map((wrapper) => wrapper.textContent)).toEqual(['beta', ' gamma'])
    for (const wrapper of wrappers) {
      expect(wrapper.localName).toBe('inkmark-highlight')
      expect(wrapper.getAttribute('markid')).toBe('m1')
      expect(wrapper.getAttribute('media-type')).toBe('text')
      expect([...wrapper.classList]).toEqual(['inkmark-highlight', 'webhighlight-with-notes'])
      expect(wrapper.style.backgroundColor).toBe('rgb(248, 252, 70)')
    }
  })

  it('leaves whitespace between table cells unwrapped', () => {
    const document = pageWithBody(BODY)
    const wrappers = paintHighlight(rangeOf(document, 'one\ncell'), { markId: 'm2', hasTags: true })
    expect(wrappers.map((wrapper) => wrapper.textContent)).toEqual(['one', 'cell'])
    expect(document.querySelector('tr > inkmark-highlight')).toBeNull()
    expect(wrappers[0]!.classList.contains('webhighlight-with-tags')).toBe(true)
  })

  it('falls back to the default colour for anything that is not a colour', () => {
    const document = pageWithBody(BODY)
    const [wrapper] = paintHighlight(rangeOf(document, 'Alpha'), {
      markId: 'm3',
      color: 'red; background-image: url(https://evil.example/x)',
    })
    expect(wrapper!.getAttribute('style')).toBe('background-color: rgb(253, 255, 180);')
  })

  it('never turns a note-like string into an element', () => {
    const note = '<img src=x onerror="globalThis.pwned = true">'
    const document = pageWithBody(`<p>${note.replace(/</g, '&lt;')} and more</p>`)
    expect(document.body.textContent).toContain(note)
    const wrappers = paintHighlight(rangeOf(document, note), { markId: note, color: note })
    expect(wrappers).toHaveLength(1)
    expect(document.querySelector('img')).toBeNull()
    expect(wrappers[0]!.textContent).toBe(note)
    expect(wrappers[0]!.getAttribute('markid')).toBe(note)
    removeHighlight(document.body, note)
    expect(document.querySelector('img')).toBeNull()
    expect(document.body.textContent).toContain(note)
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined()
  })
})

describe('removeHighlight', () => {
  it('restores the text and the text nodes as they were', () => {
    const document = pageWithBody(BODY)
    const before = document.body.innerHTML
    paintHighlight(rangeOf(document, 'pha beta gam'), { markId: 'a' })
    paintHighlight(rangeOf(document, 'zeta'), { markId: 'b' })
    removeHighlight(document.body, 'a')
    removeHighlight(document.body, 'b')
    expect(document.body.innerHTML).toBe(before)
  })

  it('handles overlapping highlights in any removal order', () => {
    const document = pageWithBody(BODY)
    const text = document.body.textContent
    const before = document.body.innerHTML
    paintHighlight(rangeOf(document, 'Epsilon zeta eta'), { markId: 'outer' })
    paintHighlight(rangeOf(document, 'zeta eta theta'), { markId: 'inner' })
    expect(document.body.textContent).toBe(text)
    expect(document.querySelectorAll('[markid="outer"]').length).toBeGreaterThan(0)
    expect(document.querySelectorAll('[markid="inner"]').length).toBeGreaterThan(0)
    removeHighlight(document.body, 'outer')
    expect(document.body.textContent).toBe(text)
    removeHighlight(document.body, 'inner')
    expect(document.body.innerHTML).toBe(before)
  })
})

describe('painting a real page', () => {
  it('keeps the page text identical and re-anchors the same after painting', () => {
    const document = parsePage(readFixture('pages/the-atlantic-article.html'))
    const index = createTextIndex(document.body)
    const before = index.text
    const described = [0.2, 0.35, 0.5, 0.51, 0.7].map((share) => {
      const start = Math.floor(before.length * share)
      return describeOffsets(index, start, start + 120)!
    })
    described.forEach((selectors, position) => {
      const anchor = anchorSelectors(createTextIndex(document.body), selectors)!
      paintHighlight(anchor.range, { markId: `m${position}` })
    })
    const painted = createTextIndex(document.body)
    expect(painted.text).toBe(before)
    expect(document.querySelectorAll('inkmark-highlight').length).toBeGreaterThanOrEqual(5)
    for (const selectors of described) {
      const anchor = anchorSelectors(painted, selectors)
      expect(anchor?.method).toBe('exact-near-position')
      expect([anchor?.start, anchor?.end]).toEqual([
        selectors.position.start,
        selectors.position.end,
      ])
    }
    described.forEach((_, position) => removeHighlight(document.body, `m${position}`))
    expect(createTextIndex(document.body).text).toBe(before)
    expect(document.querySelector('inkmark-highlight')).toBeNull()
  })
})

describe('image highlights', () => {
  it('marks the image with the given source and unmarks it', () => {
    const document = pageWithBody(BODY)
    const image = paintImageHighlight(document.body, {
      markId: 'img1',
      imageSrc: 'https://example.com/a.png',
      color: '#92ffaa',
      hasTags: true,
    })
    expect(image?.id).toBe('pic')
    expect(image?.getAttribute('markid')).toBe('img1')
    expect(image?.getAttribute('media-type')).toBe('image')
    expect(image?.classList.contains('webhighlight-with-tags')).toBe(true)
    removeHighlight(document.body, 'img1')
    expect(image?.hasAttribute('markid')).toBe(false)
    expect(image?.getAttribute('style') ?? '').toBe('')
  })

  it('finds lazy images by data-src and gives null when no image matches', () => {
    const document = pageWithBody(BODY)
    expect(
      paintImageHighlight(document.body, { markId: 'x', imageSrc: '/lazy.png' }),
    ).not.toBeNull()
    expect(paintImageHighlight(document.body, { markId: 'y', imageSrc: '/none.png' })).toBeNull()
  })
})
