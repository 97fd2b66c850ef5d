// Keeps what the person is reading where it is while the sidebar pushes the page aside (ADR 036).
// Moving the body's margins re-wraps the text: every line above the window grows taller, so at the
// same scrollY the window shows text several screens earlier. The browser's own scroll anchoring
// does not help here, since it stands down when an ancestor's margins change. So before the
// body moves we note a point of text a quarter down the window, and for the length of the
// animation we scroll by however far that text has moved.

/** Where the anchor is taken: this share of the window's height from its top. */
const ANCHOR_HEIGHT = 0.25

interface Anchor {
  /** The anchor's top now, in window coordinates (undefined once it left the document). */
  top(): number | undefined
}

function isPinned(node: Node): boolean {
  for (let element = node instanceof Element ? node : node.parentElement; element;) {
    const position = getComputedStyle(element).position
    if (position === 'fixed' || position === 'sticky') {
      return true
    }
    element = element.parentElement
  }
  return false
}

function textAnchor(x: number, y: number): Anchor | undefined {
  const caret = document.caretRangeFromPoint?.(x, y)
  const node = caret?.startContainer
  if (!caret || !node || !document.body.contains(node) || isPinned(node)) {
    return undefined
  }
  if (node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').length > 0) {
    const range = document.createRange()
    const offset = Math.min(caret.startOffset, node.textContent!.length - 1)
    range.setStart(node, offset)
    range.setEnd(node, offset + 1)
    return { top: () => (node.isConnected ? range.getBoundingClientRect().top : undefined) }
  }
  const element = node instanceof Element ? node : node.parentElement
  return element
    ? { top: () => (element.isConnected ? element.getBoundingClientRect().top : undefined) }
    : undefined
}

/** The text at the reading line, or undefined on an empty or pinned spot. */
function readingAnchor(): Anchor | undefined {
  const y = Math.round(window.innerHeight * ANCHOR_HEIGHT)
  const body = document.body.getBoundingClientRect()
  const left = Math.max(0, body.left)
  const right = Math.min(window.innerWidth, body.right)
  for (const share of [0.5, 0.25, 0.75, 0.1]) {
    const anchor = textAnchor(left + (right - left) * share, y)
    if (anchor) {
      return anchor
    }
  }
  return undefined
}

/**
 * Notes the reading position now and holds it for `ms` (plus two frames), while the caller
 * moves the page. Returns a stop function (a new move cancels the one before).
 */
export function holdReadingPosition(ms: number): () => void {
  const anchor = readingAnchor()
  const start = anchor?.top()
  if (anchor === undefined || start === undefined) {
    return () => undefined
  }
  let frames = 0
  let request = 0
  const until = performance.now() + ms
  const follow = () => {
    const now = anchor.top()
    if (now === undefined) {
      return
    }
    const moved = now - start
    if (Math.abs(moved) >= 1) {
      window.scrollBy({ top: moved, behavior: 'instant' })
    }
    frames++
    if (performance.now() <= until || frames < 3) {
      request = requestAnimationFrame(follow)
    }
  }
  request = requestAnimationFrame(follow)
  return () => cancelAnimationFrame(request)
}
