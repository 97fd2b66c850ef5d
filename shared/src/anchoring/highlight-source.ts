// The spec's highlightSource: each end of a highlight as { parentTagName, parentIndex, textOffset }
// (spec section 3), the format of the web highlighter the original product used, so that marks
// made by older clients still anchor. parentTagName is the tag name of the element around the text
// (Inkmark's own wrappers skipped), parentIndex its index among the document's elements of that tag
// name (getElementsByTagName order), textOffset the offset of the end within that element's text.
import type { HighlightSource, HighlightSourceMeta } from '../domain/entities/mark'
import { isHighlightWrapper } from './own-elements'
import { offsetOfPoint, pointAtOffset, type TextIndex } from './text-index'

/** The element a text node belongs to for highlightSource purposes: its parent, minus our wrappers. */
function originParent(node: Node): Element | null {
  let parent = node.parentElement
  while (parent !== null && isHighlightWrapper(parent)) {
    parent = parent.parentElement
  }
  return parent
}

/** The document's elements with the tag name of `element`, in getElementsByTagName order. */
function sameTagElements(element: Element): ArrayLike<Element> {
  try {
    // A static list: much faster to scan than the live collection in some DOMs (jsdom).
    return element.ownerDocument.querySelectorAll(element.localName)
  } catch {
    return element.ownerDocument.getElementsByTagName(element.tagName)
  }
}

/** The meta of the boundary at `offset` of the indexed text; null if no text is there. */
export function describeSourceMeta(
  index: TextIndex,
  offset: number,
  affinity: 'forward' | 'backward',
): HighlightSourceMeta | null {
  const point = pointAtOffset(index, offset, affinity)
  const parent = point === null ? null : originParent(point.node)
  if (parent === null) {
    return null
  }
  const parentIndex = Array.prototype.indexOf.call(sameTagElements(parent), parent)
  if (parentIndex < 0) {
    return null
  }
  return {
    parentTagName: parent.tagName,
    parentIndex,
    textOffset: offset - offsetOfPoint(index, parent, 0),
  }
}

/** The highlightSource of [start, end) of the indexed text; null when it has no text. */
export function describeHighlightSource(
  index: TextIndex,
  start: number,
  end: number,
): HighlightSource | null {
  const startMeta = describeSourceMeta(index, start, 'forward')
  const endMeta = describeSourceMeta(index, end, 'backward')
  if (startMeta === null || endMeta === null) {
    return null
  }
  return { startMeta, endMeta, text: index.text.slice(start, end) }
}

/** The offset in the indexed text a meta points at; null when its element or text is gone. */
export function resolveSourceMeta(index: TextIndex, meta: HighlightSourceMeta): number | null {
  const document = index.root.ownerDocument ?? (index.root as Document)
  const element = document.getElementsByTagName(meta.parentTagName).item(meta.parentIndex)
  if (element === null || !index.root.contains(element)) {
    return null
  }
  const start = offsetOfPoint(index, element, 0)
  const end = offsetOfPoint(index, element, element.childNodes.length)
  const offset = start + meta.textOffset
  return offset <= end ? offset : null
}
