// The order highlights are listed in (sidebar, page detail, exports): a user's own drag-and-drop
// order wins; otherwise where the highlight sits on the page; otherwise when it was made.

export interface OrderableMark {
  _id: string
  createdAt?: number
  domElementOffsetTop?: number
  domElementOffsetLeft?: number
  highlightSource?: {
    startMeta?: { parentIndex?: number; textOffset?: number }
  }
}

/** Custom order: mark id -> position chosen by the user. */
export type MarkOrderMap = Readonly<Record<string, number>>

function compareNumbers(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1
}

function domPosition(mark: OrderableMark): [number, number] | undefined {
  if (typeof mark.domElementOffsetTop !== 'number') {
    return undefined
  }
  return [mark.domElementOffsetTop, mark.domElementOffsetLeft ?? 0]
}

function sourcePosition(mark: OrderableMark): [number, number] | undefined {
  const start = mark.highlightSource?.startMeta
  if (typeof start?.parentIndex !== 'number') {
    return undefined
  }
  return [start.parentIndex, start.textOffset ?? 0]
}

function comparePairs(a: [number, number], b: [number, number]): number {
  return compareNumbers(a[0], b[0]) || compareNumbers(a[1], b[1])
}

/** Which rule places a mark: its custom position, its DOM position, its source position, or none. */
function placement(
  mark: OrderableMark,
  order: MarkOrderMap,
): { tier: number; key: [number, number] } {
  const custom = order[mark._id]
  if (custom !== undefined) {
    return { tier: 0, key: [custom, 0] }
  }
  const dom = domPosition(mark)
  if (dom) {
    return { tier: 1, key: dom }
  }
  const source = sourcePosition(mark)
  if (source) {
    return { tier: 2, key: source }
  }
  return { tier: 3, key: [0, 0] }
}

/**
 * Compares two marks: marks in the custom order map first (by it), then marks with a DOM position
 * (by it), then marks with a highlight source position (by it), then the rest; ties by creation
 * time, then id. Tiers make this a total order even when marks mix kinds of position.
 */
export function compareMarks(a: OrderableMark, b: OrderableMark, order: MarkOrderMap = {}): number {
  const placeA = placement(a, order)
  const placeB = placement(b, order)
  return (
    compareNumbers(placeA.tier, placeB.tier) ||
    comparePairs(placeA.key, placeB.key) ||
    compareNumbers(a.createdAt ?? 0, b.createdAt ?? 0) ||
    (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)
  )
}

/** Returns a new array of the marks in display order. */
export function sortMarks<T extends OrderableMark>(
  marks: readonly T[],
  order: MarkOrderMap = {},
): T[] {
  return [...marks].sort((a, b) => compareMarks(a, b, order))
}
