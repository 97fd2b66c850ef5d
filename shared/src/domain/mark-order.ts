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

/**
 * Compares two marks: custom order map first (marks in the map before marks outside it), then DOM
 * position, then highlight source position, then creation time, then id so the order is total.
 */
export function compareMarks(a: OrderableMark, b: OrderableMark, order: MarkOrderMap = {}): number {
  const orderA = order[a._id]
  const orderB = order[b._id]
  if (orderA !== undefined || orderB !== undefined) {
    if (orderA === undefined) {
      return 1
    }
    if (orderB === undefined) {
      return -1
    }
    const byOrder = compareNumbers(orderA, orderB)
    if (byOrder !== 0) {
      return byOrder
    }
  }
  const domA = domPosition(a)
  const domB = domPosition(b)
  if (domA && domB) {
    const byDom = comparePairs(domA, domB)
    if (byDom !== 0) {
      return byDom
    }
  }
  const sourceA = sourcePosition(a)
  const sourceB = sourcePosition(b)
  if (sourceA && sourceB) {
    const bySource = comparePairs(sourceA, sourceB)
    if (bySource !== 0) {
      return bySource
    }
  }
  return (
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
