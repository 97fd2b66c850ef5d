// Which pages of a PDF the viewer keeps drawn: the pages on screen, a few either side drawn ahead
// for scrolling, and a slightly wider band kept once drawn (so a small scroll back and forth does
// not draw the same page again). Everything outside is let go (canvas, text layer, pdf.js page
// resources), so a 1,000-page document read to its end holds about as much as one opened at its
// first page. Pure rules, apart from the DOM, so they can be tested alone (ADR 080).

/** How many pages either side of the screen are drawn ahead and kept once drawn. */
export interface PageWindowOptions {
  /** Pages drawn ahead on each side of the visible ones. */
  drawAhead: number
  /** Pages kept (once drawn) on each side; at least `drawAhead`. */
  keepAhead: number
}

export const DEFAULT_PAGE_WINDOW: PageWindowOptions = { drawAhead: 2, keepAhead: 4 }

/** The pages (indexes from 0, both ends included) a view shows. */
export interface PageRange {
  first: number
  last: number
}

/** What to do for one view: pages to draw (nearest first) and which drawn pages to keep. */
export interface PageWindow {
  /** Pages that should be drawn, the visible ones first, then by distance from them. */
  draw: number[]
  /** Drawn pages inside this range stay; any other drawn page is let go. */
  keep: PageRange
}

/**
 * The pages between `viewTop` and `viewBottom` (px, in the pages' own coordinates) given each
 * page's top and bottom there, in order. Binary search: a long document asks for a few bounds
 * only. An empty list gives null; a view above or below every page gives the nearest page.
 */
export function visiblePages(
  count: number,
  boundsOf: (index: number) => { top: number; bottom: number },
  viewTop: number,
  viewBottom: number,
): PageRange | null {
  if (count <= 0) {
    return null
  }
  // First page whose bottom is below the view's top.
  let low = 0
  let high = count - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (boundsOf(middle).bottom <= viewTop) {
      low = middle + 1
    } else {
      high = middle
    }
  }
  const first = low
  // Last page whose top is above the view's bottom.
  low = first
  high = count - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (boundsOf(middle).top < viewBottom) {
      low = middle
    } else {
      high = middle - 1
    }
  }
  return { first, last: Math.max(first, low) }
}

/** The pages to draw and to keep for the `visible` pages of a `total`-page document. */
export function pageWindow(
  visible: PageRange,
  total: number,
  options: PageWindowOptions = DEFAULT_PAGE_WINDOW,
): PageWindow {
  if (total <= 0) {
    return { draw: [], keep: { first: 0, last: -1 } }
  }
  const clamp = (index: number) => Math.min(total - 1, Math.max(0, index))
  const first = clamp(Math.min(visible.first, visible.last))
  const last = clamp(Math.max(visible.first, visible.last))
  const keepAhead = Math.max(options.keepAhead, options.drawAhead)
  const draw: number[] = []
  for (let index = first; index <= last; index += 1) {
    draw.push(index)
  }
  for (let distance = 1; distance <= options.drawAhead; distance += 1) {
    if (last + distance < total) {
      draw.push(last + distance)
    }
    if (first - distance >= 0) {
      draw.push(first - distance)
    }
  }
  return { draw, keep: { first: clamp(first - keepAhead), last: clamp(last + keepAhead) } }
}

/** Whether `index` is inside `range`. */
export function inRange(range: PageRange, index: number): boolean {
  return index >= range.first && index <= range.last
}

/** The most pages a window keeps drawn when `visibleCount` pages are on screen. */
export function maxKeptPages(
  visibleCount: number,
  options: PageWindowOptions = DEFAULT_PAGE_WINDOW,
): number {
  return visibleCount + 2 * Math.max(options.keepAhead, options.drawAhead)
}
