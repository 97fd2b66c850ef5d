// A stand-in for the extension's content script, for the benchmark's size and load figures: it
// imports the anchoring and painting modules one by one, as the content script will (never the
// big @inkmark/shared index), and starts the way it will: anchor what the page has (nothing, on a
// page without highlights), paint it, and watch the DOM. The `#anchoring/*` alias points at
// shared/src/anchoring (see run.ts and tsconfig.json).
import { anchorAll } from '#anchoring/anchor-all'
import { describeRange } from '#anchoring/describe-range'
import { paintHighlight, paintImageHighlight, removeHighlight } from '#anchoring/paint'
import type { AnchorSelectors } from '#anchoring/selectors'
import { watchDom } from '#anchoring/watch-dom'

interface Paintable {
  markId: string
  color: string
  selectors: AnchorSelectors
}

/** Anchors and paints `marks`, then re-anchors on DOM changes; returns the stop function. */
async function start(marks: readonly Paintable[]): Promise<() => void> {
  const root = document.body
  const anchors = await anchorAll(
    root,
    marks.map((mark) => mark.selectors),
  )
  anchors.forEach((anchor, position) => {
    const mark = marks[position]!
    if (anchor !== null) {
      paintHighlight(anchor.range, { markId: mark.markId, color: mark.color })
    }
  })
  return watchDom(root, () => void start(marks))
}

;(globalThis as { inkmarkContent?: unknown }).inkmarkContent = {
  start,
  describeRange,
  paintImageHighlight,
  removeHighlight,
}
