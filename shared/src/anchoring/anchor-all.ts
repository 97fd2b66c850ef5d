// Anchors every highlight of a page in one pass without blocking it: the page text is indexed once,
// and the work is cut into slices of `budgetMs`, yielding to the event loop between them (with
// scheduler.yield where the browser has it, else setTimeout 0), so that no task the pass runs
// comes near the 50 ms of a long task. A page with no highlights costs nothing: no index is built.
import { anchorSteps, type Anchor, type AnchorOptions } from './anchor-selectors'
import type { AnchorSelectors } from './selectors'
import { createTextIndex, isIndexCurrent, rangeFromOffsets, type TextIndex } from './text-index'

/** Options of a time-sliced anchoring pass. */
export interface AnchorAllOptions extends AnchorOptions {
  /** Milliseconds of work before yielding to the page (default 8). */
  budgetMs?: number
  /** Stops the pass between two slices; the promise then rejects with the signal's reason. */
  signal?: AbortSignal
  /** Told the length of every slice when it ends (for measurements). */
  onSlice?: (ms: number) => void
}

/** Default slice length: well under a frame, so scrolling and typing stay smooth meanwhile. */
export const DEFAULT_BUDGET_MS = 8
/** Times a pass re-indexes the page when it finds the text changed under it. */
const MAX_REINDEX = 3

/** Gives the event loop a turn: scheduler.yield() when present, else a zero timeout. */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') {
    return scheduler.yield()
  }
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Anchors each entry of `list` within `root`, in slices of `budgetMs`. Resolves to one result per
 * entry, in order: the anchor, or null when the highlight cannot be found (list it in the sidebar).
 */
export async function anchorAll(
  root: Node,
  list: readonly AnchorSelectors[],
  options: AnchorAllOptions = {},
): Promise<(Anchor | null)[]> {
  const { budgetMs = DEFAULT_BUDGET_MS, signal, onSlice } = options
  const results: (Anchor | null)[] = []
  if (list.length === 0) {
    return results
  }
  let sliceStart = performance.now()
  const pause = async () => {
    onSlice?.(performance.now() - sliceStart)
    await yieldToEventLoop()
    signal?.throwIfAborted()
    sliceStart = performance.now()
  }
  signal?.throwIfAborted()
  let index: TextIndex = createTextIndex(root)
  let reindexed = 0
  for (let position = 0; position < list.length; position += 1) {
    const steps = anchorSteps(index, list[position]!, options)
    let step = steps.next()
    while (step.done !== true) {
      if (performance.now() - sliceStart >= budgetMs) {
        await pause()
      }
      step = steps.next()
    }
    const found = step.value
    if (found !== null && !isIndexCurrent(index, found.start, found.end)) {
      // The page changed while the pass yielded: index it again and redo this entry.
      if (reindexed < MAX_REINDEX) {
        reindexed += 1
        await pause()
        index = createTextIndex(root)
        position -= 1
        continue
      }
      results.push(null)
      continue
    }
    const range = found === null ? null : rangeFromOffsets(index, found.start, found.end)
    results.push(found === null || range === null ? null : { ...found, range })
    if (performance.now() - sliceStart >= budgetMs && position < list.length - 1) {
      await pause()
    }
  }
  onSlice?.(performance.now() - sliceStart)
  return results
}
