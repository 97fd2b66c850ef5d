// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { HighlightSourceSchema } from '../domain/entities/mark'
import { createSeededRandom } from '../testing/seeded-random'
import { anchorSelectors } from './anchor-selectors'
import { describeOffsets, describeRange } from './describe-range'
import { resolveSourceMeta } from './highlight-source'
import { AnchorSelectorsSchema } from './selector-schemas'
import { createTextIndex, rangeFromOffsets } from './text-index'
import { FIXTURE_PAGE_NAMES, pageWithBody, parsePage, readFixture } from './test-support'

const ARTICLE = [
  '<h1>Birds of the coast</h1>',
  '<p id="p1">The <em>kea</em> is a large parrot found in forested and alpine regions.</p>',
  '<p id="p2">Its olive-green plumage hides a bright orange underwing, seen in flight.</p>',
  '<p id="p3">Keas are known for their intelligence and curiosity near ski fields.</p>',
].join('\n')

describe('describeRange', () => {
  it('counts the position in code points, as the W3C model says, and anchors by it', () => {
    const document = pageWithBody('<p>Party 🎉🎉 time: the kea 🦜 is a parrot.</p>')
    const index = createTextIndex(document.body)
    const start = index.text.indexOf('is a parrot')
    const selectors = describeOffsets(index, start, start + 11)!
    // Three emoji before the quote: three UTF-16 units more than code points.
    expect(selectors.position).toEqual({
      type: 'TextPositionSelector',
      start: start - 3,
      end: start + 8,
    })
    expect([...index.text].slice(start - 3, start + 8).join('')).toBe('is a parrot')
    const anchor = anchorSelectors(index, { position: selectors.position, quote: selectors.quote })
    expect(anchor).toMatchObject({ start, end: start + 11, method: 'exact-near-position' })
  })

  it('stores the highlightSource, a quote with 32 characters of context and a position', () => {
    const document = pageWithBody(ARTICLE)
    const range = document.createRange()
    const p2 = document.getElementById('p2')!
    range.setStart(p2.firstChild!, 4)
    range.setEnd(p2.firstChild!, 25)
    const selectors = describeRange(document.body, range)!
    const index = createTextIndex(document.body)
    const start = index.text.indexOf('olive-green plumage')
    expect(selectors.quote).toEqual({
      type: 'TextQuoteSelector',
      exact: 'olive-green plumage h',
      prefix: index.text.slice(start - 32, start),
      suffix: index.text.slice(start + 21, start + 53),
    })
    expect(selectors.quote.prefix).toHaveLength(32)
    expect(selectors.position).toEqual({ type: 'TextPositionSelector', start, end: start + 21 })
    expect(selectors.highlightSource).toEqual({
      startMeta: { parentTagName: 'P', parentIndex: 1, textOffset: 4 },
      endMeta: { parentTagName: 'P', parentIndex: 1, textOffset: 25 },
      text: 'olive-green plumage h',
    })
    expect(HighlightSourceSchema.safeParse(selectors.highlightSource).success).toBe(true)
    expect(AnchorSelectorsSchema.safeParse(selectors).success).toBe(true)
  })

  it('measures highlightSource offsets within the element, across inline children', () => {
    const document = pageWithBody(ARTICLE)
    const index = createTextIndex(document.body)
    const start = index.text.indexOf('is a large')
    const selectors = describeOffsets(index, start, start + 10)!
    expect(selectors.highlightSource.startMeta).toEqual({
      parentTagName: 'P',
      parentIndex: 0,
      textOffset: 'The kea '.length,
    })
    expect(resolveSourceMeta(index, selectors.highlightSource.startMeta)).toBe(start)
  })

  it('gives null for a range without page text', () => {
    const document = pageWithBody(ARTICLE)
    const range = document.createRange()
    range.setStart(document.body, 0)
    expect(describeRange(document.body, range)).toBeNull()
  })
})

describe('describe then anchor on the saved pages', () => {
  for (const name of FIXTURE_PAGE_NAMES) {
    it(`round-trips 40 seeded highlights on ${name}`, { timeout: 60_000 }, () => {
      const document = parsePage(readFixture(`pages/${name}`))
      const index = createTextIndex(document.body)
      const random = createSeededRandom(name.length * 7_919)
      for (let run = 0; run < 40; run += 1) {
        const start = random.int(0, index.text.length - 300)
        const end = start + random.int(1, 250)
        const selectors = describeRange(document.body, rangeFromOffsets(index, start, end)!, index)!
        const anchor = anchorSelectors(index, selectors)
        expect(anchor, `highlight ${run} at ${start}`).not.toBeNull()
        expect(index.text.slice(anchor!.start, anchor!.end)).toBe(selectors.quote.exact)
        expect([anchor!.start, anchor!.end]).toEqual([start, end])
        expect(resolveSourceMeta(index, selectors.highlightSource.startMeta)).toBe(start)
        expect(resolveSourceMeta(index, selectors.highlightSource.endMeta)).toBe(end)
      }
    })
  }
})

describe('re-anchoring after the page changed', () => {
  const describeText = (document: Document, text: string) => {
    const index = createTextIndex(document.body)
    const start = index.text.indexOf(text)
    return describeOffsets(index, start, start + text.length)!
  }

  it('finds a quote with a changed word approximately, at the right place', () => {
    const document = pageWithBody(ARTICLE)
    const selectors = describeText(document, 'hides a bright orange underwing')
    document.getElementById('p2')!.firstChild!.textContent =
      'Its olive-green plumage conceals a bright orange underwing, seen in flight.'
    const anchor = anchorSelectors(createTextIndex(document.body), selectors)
    expect(anchor?.method).toBe('fuzzy')
    expect(anchor?.range.toString()).toBe('conceals a bright orange underwing')
  })

  it('finds a quote that moved after a paragraph was inserted before it', () => {
    const document = pageWithBody(ARTICLE)
    const selectors = describeText(document, 'known for their intelligence')
    const added = document.createElement('p')
    added.textContent = 'A new paragraph. '.repeat(20)
    document.getElementById('p1')!.before(added)
    const anchor = anchorSelectors(createTextIndex(document.body), selectors)
    expect(anchor?.method).toBe('exact-near-position')
    expect(anchor?.range.toString()).toBe('known for their intelligence')
  })

  it('anchors nothing when the highlighted paragraph was removed, never a wrong place', () => {
    const document = pageWithBody(ARTICLE)
    const whole = describeText(document, 'olive-green plumage hides a bright orange underwing')
    const word = describeText(document, 'orange')
    document.getElementById('p2')!.remove()
    const index = createTextIndex(document.body)
    expect(anchorSelectors(index, whole)).toBeNull()
    expect(anchorSelectors(index, word)).toBeNull()
  })

  it('anchors a legacy mark that has only the highlightSource', () => {
    const document = pageWithBody(ARTICLE)
    const { highlightSource } = describeText(document, 'curiosity')
    const anchor = anchorSelectors(createTextIndex(document.body), { highlightSource })
    expect(anchor?.range.toString()).toBe('curiosity')
    expect(anchor?.method).toBe('exact-near-position')
  })

  it('anchors nothing without a quote', () => {
    const document = pageWithBody(ARTICLE)
    const { position } = describeText(document, 'curiosity')
    expect(anchorSelectors(createTextIndex(document.body), { position })).toBeNull()
  })
})
