// The arithmetic of a windowed list: rows of known heights stacked in a scrolling box, of which
// only those near the viewport are rendered. Kept pure and apart from the component so that the
// part that must be exact (which rows, at what offset) is tested without a browser.

/** Offsets of each row's top, plus the total height as the last entry (length rows + 1). */
export function rowOffsets(heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1)
  offsets[0] = 0
  for (let i = 0; i < heights.length; i++) {
    offsets[i + 1] = (offsets[i] ?? 0) + Math.max(0, heights[i] ?? 0)
  }
  return offsets
}

/** Index of the row that contains `y` (the last row for y past the end, 0 for an empty list). */
export function rowAt(offsets: readonly number[], y: number): number {
  const rows = offsets.length - 1
  if (rows <= 0) {
    return 0
  }
  let low = 0
  let high = rows - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((offsets[middle] ?? 0) <= y) {
      low = middle
    } else {
      high = middle - 1
    }
  }
  return low
}

/** The rows to render: [start, end) covering the viewport plus `overscan` rows on each side. */
export function visibleRange(
  offsets: readonly number[],
  scrollTop: number,
  viewportHeight: number,
  overscan: number,
): { start: number; end: number } {
  const rows = offsets.length - 1
  if (rows <= 0) {
    return { start: 0, end: 0 }
  }
  const top = Math.max(0, scrollTop)
  const first = rowAt(offsets, top)
  const last = rowAt(offsets, top + Math.max(0, viewportHeight))
  return {
    start: Math.max(0, first - overscan),
    end: Math.min(rows, last + 1 + overscan),
  }
}

/** The scrollTop that brings row `index` fully into view, or undefined when it already is. */
export function scrollTopToReveal(
  offsets: readonly number[],
  index: number,
  scrollTop: number,
  viewportHeight: number,
): number | undefined {
  const top = offsets[index]
  const bottom = offsets[index + 1]
  if (top === undefined || bottom === undefined) {
    return undefined
  }
  if (top < scrollTop) {
    return top
  }
  if (bottom > scrollTop + viewportHeight) {
    return bottom - viewportHeight
  }
  return undefined
}
