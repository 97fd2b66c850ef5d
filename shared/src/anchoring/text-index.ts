// The text of a DOM subtree as one string, with the text nodes it came from, so that matching works
// on plain strings and its offsets turn back into DOM ranges. Scripts, styles, noscript, templates
// and Inkmark's own UI are left out. Inkmark's highlight wrappers are not: their text is page text,
// so painting (which only splits and wraps text nodes) leaves the indexed text unchanged and a page
// re-anchors the same before and after painting.
import { isExcludedElement } from './own-elements'

const ELEMENT_NODE = 1
const TEXT_NODE = 3

/** The indexed text of a root and where each piece of it lives. */
export interface TextIndex {
  readonly root: Node
  /** The concatenated data of `nodes`. */
  readonly text: string
  /** The non-empty text nodes under the root, in document order. */
  readonly nodes: readonly Text[]
  /** Offset in `text` where each node's data starts. */
  readonly starts: readonly number[]
  /**
   * Offsets in `text` where a line break (`<br>`) or a block element (a paragraph, a list item, a
   * cell...) begins or ends, ascending: where a reader sees a new line that the text may not hold
   * (match-quote.ts lets a quote's space match there).
   */
  readonly breaks?: readonly number[]
}

/** Elements that put their content on lines of their own, by local name (plus `br`). */
const BREAKING_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
])

function isBreaking(node: Node): boolean {
  return node.nodeType === ELEMENT_NODE && BREAKING_ELEMENTS.has((node as Element).localName)
}

/** A point inside a text node. */
export interface TextPoint {
  node: Text
  offset: number
}

/** Position of each indexed node in `index.nodes` (set by the walk, or built on first use). */
const nodePositions = new WeakMap<TextIndex, Map<Node, number>>()

/** Text nodes indexed between two yields of `createTextIndexSteps`. */
const NODES_PER_STEP = 256

/**
 * Indexes the text under `root` in one walk of the subtree, yielding every few hundred nodes so
 * that a caller (anchor-all.ts) can spread a large page's index over several tasks. The map from
 * node to position that `offsetOfPoint` needs is built on the way, since the walk visits them all.
 */
export function* createTextIndexSteps(root: Node): Generator<void, TextIndex> {
  const nodes: Text[] = []
  const starts: number[] = []
  const pieces: string[] = []
  const positions = new Map<Node, number>()
  const breaks: number[] = []
  let length = 0
  const addBreak = () => {
    if (breaks.at(-1) !== length) {
      breaks.push(length)
    }
  }
  const add = (node: Text) => {
    const data = node.data
    if (data.length > 0) {
      positions.set(node, nodes.length)
      nodes.push(node)
      starts.push(length)
      pieces.push(data)
      length += data.length
    }
  }
  if (root.nodeType === TEXT_NODE) {
    add(root as Text)
  }
  let visited = 0
  let node: Node | null = root.firstChild
  while (node !== null) {
    visited += 1
    if (visited % NODES_PER_STEP === 0) {
      yield
    }
    if (node.nodeType === TEXT_NODE) {
      add(node as Text)
    } else if (node.nodeType === ELEMENT_NODE && !isExcludedElement(node as Element)) {
      if (isBreaking(node)) {
        addBreak()
      }
      if (node.firstChild !== null) {
        node = node.firstChild
        continue
      }
    }
    while (node !== null && node !== root && node.nextSibling === null) {
      node = node.parentNode
      // Leaving an element whose content is done: a block ends here.
      if (node !== null && node !== root && isBreaking(node)) {
        addBreak()
      }
    }
    node = node === null || node === root ? null : node.nextSibling
  }
  const index: TextIndex = { root, text: pieces.join(''), nodes, starts, breaks }
  nodePositions.set(index, positions)
  return index
}

/** Indexes the text under `root` in one go. */
export function createTextIndex(root: Node): TextIndex {
  const steps = createTextIndexSteps(root)
  let step = steps.next()
  while (step.done !== true) {
    step = steps.next()
  }
  return step.value
}

/** Index of the last node whose start is at or before `offset` (-1 when none). */
function nodeAtOrBefore(index: TextIndex, offset: number): number {
  let low = 0
  let high = index.starts.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (index.starts[middle]! <= offset) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

/**
 * The DOM point at `offset` of the indexed text. At a boundary between two nodes, 'forward' gives
 * the start of the next node (for a range start) and 'backward' the end of the previous one (for a
 * range end). Null when the offset is outside the text.
 */
export function pointAtOffset(
  index: TextIndex,
  offset: number,
  affinity: 'forward' | 'backward',
): TextPoint | null {
  if (offset < 0 || offset > index.text.length || index.nodes.length === 0) {
    return null
  }
  let position = nodeAtOrBefore(index, offset)
  if (affinity === 'backward' && position > 0 && index.starts[position] === offset) {
    position -= 1
  }
  if (position < 0) {
    position = 0
  }
  const node = index.nodes[position]!
  return { node, offset: Math.min(offset - index.starts[position]!, node.data.length) }
}

function positionsOf(index: TextIndex): Map<Node, number> {
  let positions = nodePositions.get(index)
  if (positions === undefined) {
    positions = new Map(index.nodes.map((node, position) => [node, position]))
    nodePositions.set(index, positions)
  }
  return positions
}

/** The node after `node` in document order within `root` (descending into `node` if `enter`). */
function nextNode(node: Node, root: Node, enter: boolean): Node | null {
  if (enter && node.firstChild !== null) {
    return node.firstChild
  }
  let current: Node | null = node
  while (current !== null && current !== root && current.nextSibling === null) {
    current = current.parentNode
  }
  return current === null || current === root ? null : current.nextSibling
}

/**
 * The offset in the indexed text of the DOM boundary point (`container`, `offset`). A point inside
 * an indexed text node maps into it; any other point maps to the start of the first indexed text
 * after it (or the end of the text).
 */
export function offsetOfPoint(index: TextIndex, container: Node, offset: number): number {
  const positions = positionsOf(index)
  const { root } = index
  if (container !== root && !root.contains(container)) {
    // DOCUMENT_POSITION_PRECEDING (2): the point is before the root.
    return root.compareDocumentPosition(container) & 2 ? 0 : index.text.length
  }
  let node: Node | null
  if (container.nodeType === TEXT_NODE) {
    const position = positions.get(container)
    if (position !== undefined) {
      return index.starts[position]! + Math.min(offset, (container as Text).data.length)
    }
    node = nextNode(container, root, false)
  } else {
    const child = container.childNodes[offset]
    node = child ?? (container === root ? null : nextNode(container, root, false))
  }
  // The first indexed text node at or after the point; skipped subtrees hold none, so any text
  // node met inside one is simply not in the map.
  while (node !== null) {
    const position = positions.get(node)
    if (position !== undefined) {
      return index.starts[position]!
    }
    node = nextNode(node, root, true)
  }
  return index.text.length
}

/** The [start, end) offsets a DOM range covers in the indexed text. */
export function offsetsOfRange(index: TextIndex, range: Range): { start: number; end: number } {
  const start = offsetOfPoint(index, range.startContainer, range.startOffset)
  const end = offsetOfPoint(index, range.endContainer, range.endOffset)
  return { start, end: Math.max(start, end) }
}

/** A DOM range over [start, end) of the indexed text; null when the offsets are outside it. */
export function rangeFromOffsets(index: TextIndex, start: number, end: number): Range | null {
  const from = pointAtOffset(index, start, 'forward')
  const to = start === end ? from : pointAtOffset(index, end, 'backward')
  if (from === null || to === null) {
    return null
  }
  const range = from.node.ownerDocument.createRange()
  range.setStart(from.node, from.offset)
  range.setEnd(to.node, to.offset)
  return range
}

/**
 * Whether the DOM still holds the indexed text over [start, end): the nodes are still under the
 * root and their data unchanged. A pass that yields to the page checks this before it turns
 * offsets into a range, because the page may have changed in between.
 */
export function isIndexCurrent(index: TextIndex, start: number, end: number): boolean {
  const first = Math.max(0, nodeAtOrBefore(index, start))
  for (let position = first; position < index.nodes.length; position += 1) {
    const nodeStart = index.starts[position]!
    if (nodeStart >= end && position > first) {
      break
    }
    const node = index.nodes[position]!
    if (
      !index.root.contains(node) ||
      node.data.length !== (index.starts[position + 1] ?? index.text.length) - nodeStart ||
      !index.text.startsWith(node.data, nodeStart)
    ) {
      return false
    }
  }
  return true
}
