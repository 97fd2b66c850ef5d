// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { anchorSelectors } from './anchor-selectors'
import { selectorsFromList } from './selectors'
import { createTextIndex } from './text-index'
import { parsePage, readHypothesisFixture } from './test-support'

const HYPOTHESIS_FIXTURE = readHypothesisFixture()

describe('the real Hypothesis annotations on their saved page', () => {
  const document = parsePage(HYPOTHESIS_FIXTURE.page)
  const index = createTextIndex(document.body)

  it('has the five annotations', () => {
    expect(HYPOTHESIS_FIXTURE.annotations).toHaveLength(5)
  })

  for (const annotation of HYPOTHESIS_FIXTURE.annotations) {
    it(`anchors ${annotation.id} on its exact quote`, () => {
      const selectors = selectorsFromList(annotation.target[0]!.selector)
      const anchor = anchorSelectors(index, selectors)
      expect(anchor).not.toBeNull()
      expect(anchor!.range.toString()).toBe(selectors.quote!.exact)
      expect(index.text.slice(anchor!.start, anchor!.end)).toBe(selectors.quote!.exact)
      // The context agrees too: it is the annotated place, not a look-alike.
      expect(anchor!.score).toBe(1)
    })
  }

  it('anchors them by quote alone, without the positions', () => {
    for (const annotation of HYPOTHESIS_FIXTURE.annotations) {
      const { quote } = selectorsFromList(annotation.target[0]!.selector)
      const anchor = anchorSelectors(index, { quote })
      expect(anchor?.range.toString()).toBe(quote!.exact)
      expect(anchor?.method).toBe('exact')
    }
  })

  describe('a quote that reads a space where the page breaks without one', () => {
    const body = HYPOTHESIS_FIXTURE.annotations.find(
      (item) => item.id === 'Ic6rNsOCEeaQl--ofD7IUg',
    )!
    const { quote } = selectorsFromList(body.target[0]!.selector)
    const exact = quote!.exact

    /** The saved page with the paragraph of the quote rewritten by `rewrite`. */
    function pageWith(rewrite: (paragraph: HTMLElement) => void) {
      const page = parsePage(HYPOTHESIS_FIXTURE.page)
      const paragraph = [...page.querySelectorAll('p')].find((p) =>
        p.textContent.includes('Therefore, in most software'),
      )!
      rewrite(paragraph)
      return page
    }

    it('anchors across a <br> that replaced a space, exactly where it was', () => {
      const page = pageWith((paragraph) => {
        paragraph.innerHTML = paragraph.innerHTML.replace('most software', 'most<br>software')
      })
      const pageIndex = createTextIndex(page.body)
      // Hypothesis wrote a space; the page text has none there.
      expect(pageIndex.text.includes(exact)).toBe(false)
      const anchor = anchorSelectors(pageIndex, selectorsFromList(body.target[0]!.selector))
      expect(anchor?.method).toBe('whitespace')
      expect(anchor!.range.toString()).toBe(exact.replace('most software', 'mostsoftware'))
      expect(anchor!.score).toBe(1)
    })

    it('anchors a quote over two paragraphs with no whitespace between them', () => {
      const split = 'development situations,'
      const page = pageWith((paragraph) => {
        const [before, after] = paragraph.innerHTML.split(`${split} `)
        paragraph.innerHTML = `${before}${split}`
        const next = paragraph.ownerDocument.createElement('p')
        next.innerHTML = after!
        paragraph.after(next)
      })
      const pageIndex = createTextIndex(page.body)
      expect(pageIndex.text.includes(`${split}it is considered`)).toBe(true)
      const anchor = anchorSelectors(pageIndex, { quote })
      expect(anchor?.method).toBe('whitespace')
      expect(anchor!.range.toString()).toBe(exact.replace(`${split} `, split))
      expect(anchor!.start).toBe(pageIndex.text.indexOf('Therefore, in most software'))
    })

    it('does not let a space match where the page runs two words together', () => {
      const page = pageWith((paragraph) => {
        paragraph.innerHTML = paragraph.innerHTML.replace('most software', '<b>most</b>software')
      })
      const anchor = anchorSelectors(createTextIndex(page.body), { quote })
      expect(anchor?.method).not.toBe('whitespace')
    })
  })
})
