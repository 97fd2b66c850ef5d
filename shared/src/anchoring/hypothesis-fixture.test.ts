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
})
