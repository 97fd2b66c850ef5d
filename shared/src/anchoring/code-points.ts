// W3C TextPositionSelector offsets count Unicode code points (Web Annotation Data Model 4.2.5),
// while JavaScript strings, DOM ranges and our text index count UTF-16 code units: after an emoji
// (two units, one code point) the two counts differ by one. Stored and exported positions are in
// code points; anchoring converts them to code units against the indexed text. The surrogate pairs
// of the last text seen are kept, so a pass converting many marks of one page scans it once.

/** UTF-16 offsets at which a surrogate pair (one astral code point) starts, ascending. */
let cachedText: string | null = null
let cachedPairs: number[] = []

function pairStarts(text: string): number[] {
  if (text !== cachedText) {
    const pairs: number[] = []
    const pattern = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      pairs.push(match.index)
    }
    cachedText = text
    cachedPairs = pairs
  }
  return cachedPairs
}

/** Number of entries of the ascending `values` for which `isBefore` holds (a prefix of them). */
function countWhile(values: readonly number[], isBefore: (value: number, at: number) => boolean) {
  let low = 0
  let high = values.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (isBefore(values[middle]!, middle)) {
      low = middle + 1
    } else {
      high = middle
    }
  }
  return low
}

/** The code-point offset of the UTF-16 `offset` in `text` (inside a pair: the code point after). */
export function toCodePointOffset(text: string, offset: number): number {
  const pairs = pairStarts(text)
  if (pairs.length === 0) {
    return offset
  }
  // Each pair wholly before the offset counts one code point for two units.
  return offset - countWhile(pairs, (start) => start + 2 <= offset)
}

/** The UTF-16 offset in `text` of the code-point `offset`. */
export function toUtf16Offset(text: string, offset: number): number {
  const pairs = pairStarts(text)
  if (pairs.length === 0) {
    return offset
  }
  // The pair at index i starts at code point `start - i`; each one before the offset adds a unit.
  return offset + countWhile(pairs, (start, index) => start - index < offset)
}
