// Highlights inside the reader's article: the marks of the page are anchored in the article's
// element (the live page's marks by their quote, reader-selectors.ts) and painted with the same
// engine the live page uses (anchorAll, paintAll); a selection in the article is described with
// describeRange over the same element, so positions count the article's text only.
import { anchorAll } from '../anchoring/anchor-all'
import type { Anchor } from '../anchoring/anchor-selectors'
import { describeRange } from '../anchoring/describe-range'
import { paintHighlight, removeHighlight, type PaintOptions } from '../anchoring/paint'
import { paintAll } from '../anchoring/paint-all'
import type { RangeSelectors } from '../anchoring/selectors'
import { createTextIndex, offsetsOfRange, rangeFromOffsets } from '../anchoring/text-index'
import { hasMarkNotes, type Mark } from '../domain/entities/mark'
import { readerSelectorsOf } from './reader-selectors'

/** What the reader paints a mark by. */
export type ReaderMark = Pick<
  Mark,
  '_id' | 'color' | 'tags' | 'notes' | 'richText' | 'text' | 'mediaType' | 'imageSrc'
> &
  Pick<Mark, 'highlightSource' | 'highlightSourceReader'>

/**
 * Anchors `marks` in the article. A live page's highlight near the article's edges has context
 * (a share button, a caption) that the article dropped, so its quote may score below the minimum
 * with that context: such a mark is tried again by its exact text alone, exact matches only.
 */
async function anchorReaderMarks(
  article: HTMLElement,
  marks: readonly ReaderMark[],
): Promise<(Anchor | null)[]> {
  const selectors = marks.map(readerSelectorsOf)
  const anchors = await anchorAll(article, selectors)
  const retry = anchors.flatMap((anchor, position) => {
    const quote = selectors[position]!.quote
    return anchor === null && !marks[position]!.highlightSourceReader && quote
      ? [{ position, quote }]
      : []
  })
  if (retry.length > 0) {
    const again = await anchorAll(
      article,
      retry.map(({ quote }) => ({ quote: { type: quote.type, exact: quote.exact } })),
      { minScore: 1 },
    )
    retry.forEach(({ position }, index) => {
      anchors[position] = again[index] ?? null
    })
  }
  return anchors
}

/** How a mark looks painted in the reader. */
export function readerPaintOptions(mark: ReaderMark): PaintOptions {
  return {
    markId: mark._id,
    mediaType: 'text',
    color: mark.color,
    hasNotes: hasMarkNotes(mark),
    hasTags: mark.tags.length > 0,
  }
}

/** The outcome of painting: ids painted and ids that could not be placed in the article. */
export interface ReaderPaintResult {
  painted: string[]
  unplaced: string[]
}

/**
 * The text a person had selected in an article when a repaint began, as offsets of its text
 * (which painting does not change), until a pass that completes puts it back: unwrapping the old
 * highlights merges the text nodes the selection lies in, so a library change arriving while a
 * person is about to highlight would otherwise take their selection away.
 */
const selectionsToRestore = new WeakMap<HTMLElement, { start: number; end: number }>()

/** Notes the selection in `article` (unless an unfinished pass noted one already). */
function keepSelection(article: HTMLElement): void {
  const selection = article.ownerDocument.getSelection()
  if (selectionsToRestore.has(article) || !selection || selection.rangeCount === 0) {
    return
  }
  const range = selection.getRangeAt(0)
  if (range.collapsed || !article.contains(range.commonAncestorContainer)) {
    return
  }
  const offsets = offsetsOfRange(createTextIndex(article), range)
  if (offsets.end > offsets.start) {
    selectionsToRestore.set(article, offsets)
  }
}

/**
 * Selects again what `keepSelection` noted (the unwrapping may have collapsed the selection or
 * left it over other text), unless the person has moved on to something outside the article.
 */
function restoreSelection(article: HTMLElement): void {
  const kept = selectionsToRestore.get(article)
  selectionsToRestore.delete(article)
  const selection = article.ownerDocument.getSelection()
  if (kept === undefined || !selection) {
    return
  }
  const movedOn =
    selection.rangeCount > 0 && !article.contains(selection.getRangeAt(0).commonAncestorContainer)
  if (movedOn) {
    return
  }
  const range = rangeFromOffsets(createTextIndex(article), kept.start, kept.end)
  if (range !== null) {
    selection.removeAllRanges()
    selection.addRange(range)
  }
}

/**
 * Removes every highlight painted in `article` and paints `marks` again (image marks are left
 * out: the reader shows images without them), keeping the person's selection. `isCurrent` may
 * stop a pass a newer one replaced.
 */
export async function paintReaderMarks(
  article: HTMLElement,
  marks: readonly ReaderMark[],
  isCurrent: () => boolean = () => true,
): Promise<ReaderPaintResult> {
  keepSelection(article)
  const painted = new Set(
    Array.from(article.querySelectorAll('[markid]'), (element) => element.getAttribute('markid')),
  )
  for (const id of painted) {
    if (id !== null) {
      removeHighlight(article, id)
    }
  }
  const texts = marks.filter((mark) => mark.mediaType !== 'image')
  const anchors = await anchorReaderMarks(article, texts)
  if (!isCurrent()) {
    return { painted: [], unplaced: [] }
  }
  const wrappers = await paintAll(
    anchors.map((anchor, position) =>
      anchor ? { range: anchor.range, options: readerPaintOptions(texts[position]!) } : null,
    ),
    { isCurrent },
  )
  if (!isCurrent()) {
    return { painted: [], unplaced: [] }
  }
  restoreSelection(article)
  const result: ReaderPaintResult = { painted: [], unplaced: [] }
  texts.forEach((mark, position) => {
    const placed = wrappers[position]!
    if (placed.length > 0) {
      result.painted.push(mark._id)
    } else {
      result.unplaced.push(mark._id)
    }
  })
  return result
}

/** Paints one new highlight at `range` (already stored) right away. */
export function paintReaderMark(range: Range, mark: ReaderMark): void {
  paintHighlight(range, readerPaintOptions(mark))
}

/**
 * The reader selectors of the current selection if it lies in `article` and holds text, else
 * null. Highlights already painted do not count as text of their own (describeRange skips them).
 */
export function describeReaderSelection(
  article: HTMLElement,
  selection: Selection | null,
): { range: Range; selectors: RangeSelectors } | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) {
    return null
  }
  const range = selection.getRangeAt(0)
  if (!article.contains(range.commonAncestorContainer) || range.toString().trim() === '') {
    return null
  }
  const selectors = describeRange(article, range)
  return selectors === null ? null : { range, selectors }
}
