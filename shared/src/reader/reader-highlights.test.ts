// @vitest-environment jsdom
// One mark, two surfaces: a highlight made on a page is found in its reader article, and one made
// in the reader is found on the page, each by the other's quote (Readability's medium-2 page).
import { describe, expect, it } from 'vitest'
import { anchorAll } from '../anchoring/anchor-all'
import { describeRange } from '../anchoring/describe-range'
import { selectorsToList } from '../anchoring/selectors'
import type { HighlightSource } from '../domain/entities/mark'
import { extractArticle, parsePageHtml } from './extract-article'
import { describeReaderSelection, paintReaderMarks, type ReaderMark } from './reader-highlights'
import { pageSelectorsOf } from './reader-selectors'
import { readReadabilityPages } from './test-support'

const PAGE_URL = 'https://medium.com/@example/words-need-defenders'
const page = readReadabilityPages().find((candidate) => candidate.name === 'medium-2')!
const QUOTE = 'Words need defenders'

/** A range over `text` in the first text node under `root` that holds it (its second occurrence when `nth`). */
function rangeOf(root: Element, text: string, nth = 0): Range {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  let seen = 0
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.nodeValue!.indexOf(text)
    if (at >= 0 && seen++ === nth) {
      const range = root.ownerDocument.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + text.length)
      return range
    }
  }
  throw new Error(`"${text}" not found`)
}

/** The article of the page shown in a reader document, as the reader shows it. */
function readerArticle(): HTMLElement {
  const result = extractArticle(parsePageHtml(page.source), PAGE_URL)
  if (!result.ok) {
    throw new Error(result.reason)
  }
  document.body.innerHTML = '<header><h1>Reader</h1></header><main></main>'
  const content = document.createElement('div')
  content.innerHTML = result.value.contentHtml
  document.querySelector('main')!.append(content)
  return content
}

function mark(id: string, sources: Partial<ReaderMark>): ReaderMark {
  return { _id: id, color: '#fdffb4', tags: [], text: QUOTE, ...sources }
}

function withSelectors(described: ReturnType<typeof describeRange>): HighlightSource {
  return { ...described!.highlightSource, selectors: selectorsToList(described!) }
}

describe('reader highlights', () => {
  it("paints a live page's highlight in the reader article by its quote", async () => {
    const live = parsePageHtml(page.source)
    const described = describeRange(live.body, rangeOf(live.body, QUOTE))
    const article = readerArticle()
    const result = await paintReaderMarks(article, [
      mark('live', { highlightSource: withSelectors(described) }),
      mark('gone', { text: 'Nothing of this is in the article', highlightSource: undefined }),
    ])
    expect(result).toEqual({ painted: ['live'], unplaced: ['gone'] })
    const painted = [...article.querySelectorAll('[markid="live"]')].map((node) => node.textContent)
    expect(painted.join('')).toBe(QUOTE)
    // Painting again replaces the highlights, never doubles them.
    await paintReaderMarks(article, [mark('live', { highlightSource: withSelectors(described) })])
    expect(article.querySelectorAll('[markid="live"]')).toHaveLength(painted.length)
  })

  it('keeps the selection a person is making when the highlights are painted again', async () => {
    const article = readerArticle()
    // A phrase inside a long paragraph, highlighted; then words after it in the same paragraph,
    // in the text node the highlight split off (which the next paint merges back).
    const paragraph = [...article.querySelectorAll('p')].find(
      (candidate) =>
        candidate.firstChild?.nodeType === 3 && candidate.firstChild.nodeValue!.length > 120,
    )!
    const text = paragraph.firstChild!.nodeValue!
    const phrase = text.slice(20, 50)
    const words = text.slice(70, 100)
    const live = parsePageHtml(page.source)
    const described = describeRange(live.body, rangeOf(live.body, phrase))
    const marks = [mark('mid', { text: phrase, highlightSource: withSelectors(described) })]
    expect(await paintReaderMarks(article, marks)).toEqual({ painted: ['mid'], unplaced: [] })
    const selection = document.getSelection()!
    selection.removeAllRanges()
    selection.addRange(rangeOf(article, words))

    await paintReaderMarks(article, [...marks])
    expect(selection.toString()).toBe(words)
    expect(describeReaderSelection(article, selection)?.selectors.quote.exact).toBe(words)

    // A selection outside the article is the person's business.
    selection.removeAllRanges()
    selection.addRange(rangeOf(document.body, 'Reader'))
    await paintReaderMarks(article, [...marks])
    expect(selection.toString()).toBe('Reader')
  })

  it('finds a reader highlight on the live page by its quote only', async () => {
    const article = readerArticle()
    const selection = document.getSelection()!
    selection.removeAllRanges()
    selection.addRange(rangeOf(article, QUOTE))
    const described = describeReaderSelection(article, selection)
    expect(described?.selectors.quote.exact).toBe(QUOTE)
    const readerMark = mark('reader', {
      highlightSourceReader: {
        ...described!.selectors.highlightSource,
        selectors: selectorsToList(described!.selectors),
      },
    })
    // Only the quote crosses over: positions count the article, not the page.
    expect(Object.keys(pageSelectorsOf(readerMark))).toEqual(['quote'])
    const live = parsePageHtml(page.source)
    const [anchor] = await anchorAll(live.body, [pageSelectorsOf(readerMark)])
    expect(anchor?.range.toString()).toBe(QUOTE)
  })

  it('ignores a selection outside the article or without text', () => {
    const article = readerArticle()
    const selection = document.getSelection()!
    selection.removeAllRanges()
    selection.addRange(rangeOf(document.body, 'Reader'))
    expect(describeReaderSelection(article, selection)).toBeNull()
    selection.removeAllRanges()
    expect(describeReaderSelection(article, selection)).toBeNull()
  })
})
