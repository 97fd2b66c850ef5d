// Paints anchored highlights into the page and takes them out again. Text is wrapped, never
// rewritten: the range's text nodes are split at its ends and each piece is moved into an
// <inkmark-highlight> element carrying markid, media-type and the spec's classes, so the page text
// stays identical and the text index (text-index.ts) reads the same before and after. Nothing is
// ever parsed as HTML: ids and colours go through setAttribute and the style object only.
import { DEFAULT_HIGHLIGHT_COLOR, toHexColor } from '../domain/color'
import {
  HIGHLIGHT_CLASS,
  HIGHLIGHT_TAG,
  HIGHLIGHT_WITH_NOTES_CLASS,
  HIGHLIGHT_WITH_TAGS_CLASS,
  MARK_ID_ATTRIBUTE,
  MEDIA_TYPE_ATTRIBUTE,
  isExcludedElement,
  isHighlightWrapper,
} from './own-elements'
import { runOwnMutation } from './own-mutations'

/** What painting a highlight needs to know about its mark. */
export interface PaintOptions {
  markId: string
  /** The media-type attribute: 'text' for text highlights. */
  mediaType?: string
  /** The mark's colour (any CSS colour; invalid ones fall back to the default). */
  color?: string
  hasNotes?: boolean
  hasTags?: boolean
}

/** What painting an image highlight needs: the image's source and the mark's look. */
export interface ImagePaintOptions extends Omit<PaintOptions, 'mediaType'> {
  imageSrc: string
}

const TEXT_NODE = 3
const SHOW_TEXT = 4

/** Text nodes our splits created: removing a highlight merges each back into its sibling. */
const splitOffspring = new WeakSet<Text>()
/** The outline an image had before we painted it. */
const imageOutlines = new WeakMap<HTMLElement, { outline: string; offset: string }>()

function highlightColor(color: string | undefined): string {
  return toHexColor(color ?? '') ?? DEFAULT_HIGHLIGHT_COLOR
}

/** Puts the spec's attributes and classes of a highlight on `element`. */
function markElement(element: HTMLElement, options: PaintOptions, mediaType: string): void {
  element.setAttribute(MARK_ID_ATTRIBUTE, options.markId)
  element.setAttribute(MEDIA_TYPE_ATTRIBUTE, mediaType)
  element.classList.add(HIGHLIGHT_CLASS)
  element.classList.toggle(HIGHLIGHT_WITH_NOTES_CLASS, options.hasNotes === true)
  element.classList.toggle(HIGHLIGHT_WITH_TAGS_CLASS, options.hasTags === true)
}

/** Whether the text node's text is page text (not under a script, style or our UI). */
function isPageText(node: Text): boolean {
  for (let parent = node.parentElement; parent !== null; parent = parent.parentElement) {
    if (isExcludedElement(parent)) {
      return false
    }
  }
  return true
}

/** The text nodes of `range` with the part of each it covers, whitespace-only pieces left out. */
function coveredPieces(range: Range): { node: Text; start: number; end: number }[] {
  const root = range.commonAncestorContainer
  const document = root.ownerDocument ?? (root as Document)
  const pieces: { node: Text; start: number; end: number }[] = []
  const visit = (node: Text) => {
    const start = node === range.startContainer ? range.startOffset : 0
    const end = node === range.endContainer ? range.endOffset : node.data.length
    // Whitespace between block elements (in tables, lists) must not get an inline wrapper.
    if (end > start && node.data.slice(start, end).trim() !== '' && isPageText(node)) {
      pieces.push({ node, start, end })
    }
  }
  if (root.nodeType === TEXT_NODE) {
    visit(root as Text)
    return pieces
  }
  // Walk from the range's start to its end only, not the whole common ancestor.
  const walker = document.createTreeWalker(root, SHOW_TEXT)
  const { startContainer, startOffset } = range
  const first =
    startContainer.nodeType === TEXT_NODE
      ? startContainer
      : (startContainer.childNodes[startOffset] ?? null)
  let node: Node | null
  if (first !== null && root.contains(first)) {
    walker.currentNode = first
    node = first.nodeType === TEXT_NODE ? first : walker.nextNode()
  } else {
    walker.currentNode = startContainer
    node = walker.nextNode()
  }
  // comparePoint > 0: the node starts after the range's end.
  for (; node !== null && range.comparePoint(node, 0) <= 0; node = walker.nextNode()) {
    if (range.intersectsNode(node)) {
      visit(node as Text)
    }
  }
  return pieces
}

/** Splits `node` so that exactly [start, end) of it is one text node, and returns that node. */
function isolate(node: Text, start: number, end: number): Text {
  if (end < node.data.length) {
    splitOffspring.add(node.splitText(end))
  }
  if (start > 0) {
    const middle = node.splitText(start)
    splitOffspring.add(middle)
    return middle
  }
  return node
}

/**
 * Wraps the text of `range` in highlight elements for the mark and returns them (none when the
 * range holds no visible text). The range should come from anchoring (text-node ends).
 */
export function paintHighlight(range: Range, options: PaintOptions): HTMLElement[] {
  const mediaType = options.mediaType ?? 'text'
  const color = highlightColor(options.color)
  return runOwnMutation(() => {
    const wrappers: HTMLElement[] = []
    for (const piece of coveredPieces(range)) {
      const text = isolate(piece.node, piece.start, piece.end)
      const wrapper = text.ownerDocument.createElement(HIGHLIGHT_TAG)
      markElement(wrapper, options, mediaType)
      wrapper.style.backgroundColor = color
      text.parentNode!.insertBefore(wrapper, text)
      wrapper.appendChild(text)
      wrappers.push(wrapper)
    }
    return wrappers
  })
}

/** Whether `image` shows `imageSrc` (its current, resolved or lazy-loading source). */
function showsImage(image: HTMLImageElement, imageSrc: string): boolean {
  let resolved = imageSrc
  try {
    resolved = new URL(imageSrc, image.ownerDocument.baseURI).href
  } catch {
    // Not a URL: compare as given.
  }
  const sources = [
    image.currentSrc,
    image.src,
    image.getAttribute('src'),
    image.getAttribute('data-src'),
  ]
  return sources.some((source) => source === imageSrc || source === resolved)
}

/** Marks the first <img> under `root` showing `imageSrc` as an image highlight; null if none. */
export function paintImageHighlight(
  root: ParentNode,
  options: ImagePaintOptions,
): HTMLImageElement | null {
  const image = Array.from(root.querySelectorAll('img')).find((candidate) =>
    showsImage(candidate, options.imageSrc),
  )
  if (image === undefined) {
    return null
  }
  runOwnMutation(() => {
    if (!imageOutlines.has(image)) {
      imageOutlines.set(image, { outline: image.style.outline, offset: image.style.outlineOffset })
    }
    markElement(image, options, 'image')
    image.style.outline = `3px solid ${highlightColor(options.color)}`
    image.style.outlineOffset = '2px'
  })
  return image
}

/** Merges `node` into its previous sibling if our split made them two. */
function mergeWithPrevious(node: Node | null): void {
  if (node === null || node.nodeType !== TEXT_NODE || !splitOffspring.has(node as Text)) {
    return
  }
  const previous = node.previousSibling
  if (previous !== null && previous.nodeType === TEXT_NODE) {
    ;(previous as Text).appendData((node as Text).data)
    node.parentNode!.removeChild(node)
  }
}

/** Takes the highlight of `markId` out of the page under `root`, leaving the text as it was. */
export function removeHighlight(root: ParentNode, markId: string): void {
  runOwnMutation(() => {
    for (const element of Array.from(root.querySelectorAll<HTMLElement>(`.${HIGHLIGHT_CLASS}`))) {
      if (element.getAttribute(MARK_ID_ATTRIBUTE) !== markId) {
        continue
      }
      if (isHighlightWrapper(element)) {
        const parent = element.parentNode!
        const first = element.firstChild
        const after = element.nextSibling
        while (element.firstChild !== null) {
          parent.insertBefore(element.firstChild, element)
        }
        parent.removeChild(element)
        mergeWithPrevious(after)
        mergeWithPrevious(first)
      } else {
        unmarkImage(element)
      }
    }
  })
}

function unmarkImage(element: HTMLElement): void {
  element.removeAttribute(MARK_ID_ATTRIBUTE)
  element.removeAttribute(MEDIA_TYPE_ATTRIBUTE)
  element.classList.remove(HIGHLIGHT_CLASS, HIGHLIGHT_WITH_NOTES_CLASS, HIGHLIGHT_WITH_TAGS_CLASS)
  const saved = imageOutlines.get(element)
  element.style.outline = saved?.outline ?? ''
  element.style.outlineOffset = saved?.offset ?? ''
  imageOutlines.delete(element)
}
