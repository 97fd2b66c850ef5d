// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../testing/seeded-random'
import { anchorAll } from './anchor-all'
import { anchorSelectors } from './anchor-selectors'
import { describeOffsets } from './describe-range'
import { createTextIndex } from './text-index'
import { pageWithBody } from './test-support'

const random = createSeededRandom(60)
const word = () =>
  Array.from({ length: random.int(3, 9) }, () => String.fromCharCode(random.int(97, 122))).join('')
/** Sixty paragraphs of distinct seeded words, and the sentence quoted from each. */
const SENTENCES = Array.from({ length: 60 }, () => Array.from({ length: 8 }, word).join(' '))
const PARAGRAPHS = SENTENCES.map(
  (sentence, position) => `<p id="p${position}">Paragraph ${position}: ${sentence}.</p>`,
).join('\n')

function describeAll(document: Document) {
  const index = createTextIndex(document.body)
  return SENTENCES.map((quote) => {
    const start = index.text.indexOf(quote)
    return describeOffsets(index, start, start + quote.length)!
  })
}

describe('anchorAll', () => {
  it('anchors every entry, in order, with null for what is gone', async () => {
    const document = pageWithBody(PARAGRAPHS)
    const selectors = describeAll(document)
    document.getElementById('p10')!.remove()
    const results = await anchorAll(document.body, selectors)
    expect(results).toHaveLength(60)
    results.forEach((result, position) => {
      if (position === 10) {
        expect(result).toBeNull()
      } else {
        expect(result?.range.toString()).toBe(selectors[position]!.quote.exact)
      }
    })
  })

  it('yields to the event loop between slices', async () => {
    const document = pageWithBody(PARAGRAPHS)
    const slices: number[] = []
    let otherTaskRan = false
    setTimeout(() => {
      otherTaskRan = true
    }, 0)
    // A zero budget ends a slice after every piece of work.
    const results = await anchorAll(document.body, describeAll(document), {
      budgetMs: 0,
      onSlice: (ms) => slices.push(ms),
    })
    expect(results.every((result) => result !== null)).toBe(true)
    expect(slices.length).toBeGreaterThan(10)
    expect(otherTaskRan).toBe(true)
  })

  it('does nothing for a page without highlights', async () => {
    const slices: number[] = []
    expect(
      await anchorAll(pageWithBody(PARAGRAPHS).body, [], { onSlice: (ms) => slices.push(ms) }),
    ).toEqual([])
    expect(slices).toEqual([])
  })

  it('stops when its signal aborts', async () => {
    const document = pageWithBody(PARAGRAPHS)
    const controller = new AbortController()
    const pass = anchorAll(document.body, describeAll(document), {
      budgetMs: 0,
      signal: controller.signal,
    })
    controller.abort(new Error('page changed'))
    await expect(pass).rejects.toThrow('page changed')
  })

  it('re-indexes when the page changes between slices', async () => {
    const document = pageWithBody(PARAGRAPHS)
    const selectors = describeAll(document)
    let slices = 0
    const results = await anchorAll(document.body, selectors, {
      budgetMs: 0,
      onSlice: () => {
        slices += 1
        if (slices === 3) {
          // A single-page app re-renders the start of the page while the pass waits.
          const banner = document.createElement('p')
          banner.textContent = 'A banner pushes everything down. '.repeat(5)
          document.body.prepend(banner)
          document.getElementById('p50')!.firstChild!.textContent = 'Replaced text entirely.'
        }
      },
    })
    results.forEach((result, position) => {
      if (position === 50) {
        expect(result).toBeNull()
      } else {
        expect(result?.range.toString()).toBe(selectors[position]!.quote.exact)
      }
    })
  })

  it('gives the same anchors sliced as in one go, even on an edited page', async () => {
    const document = pageWithBody(PARAGRAPHS)
    const selectors = describeAll(document)
    for (const id of ['p3', 'p17', 'p40']) {
      const text = document.getElementById(id)!.firstChild!
      text.textContent = text.textContent!.replace(/ [a-z]+ /, ' edited ')
    }
    const sliced = await anchorAll(document.body, selectors, { budgetMs: 0 })
    const index = createTextIndex(document.body)
    const direct = selectors.map((entry) => anchorSelectors(index, entry))
    expect(sliced.map((anchor) => anchor && { ...anchor, range: anchor.range.toString() })).toEqual(
      direct.map((anchor) => anchor && { ...anchor, range: anchor.range.toString() }),
    )
  })
})
