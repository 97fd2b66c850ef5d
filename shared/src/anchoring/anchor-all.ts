// Anchors every highlight of a page in one pass without blocking it: the page text is indexed once,
// and all the work (the index itself, then each highlight's matching) is cut into slices of
// `budgetMs` (time-slicer.ts), so that no task the pass runs comes near the 50 ms of a long task.
// A page with no highlights costs nothing: no index is built.
import { anchorSteps, type Anchor, type AnchorOptions } from './anchor-selectors'
import type { AnchorSelectors } from './selectors'
import { createTextIndexSteps, isIndexCurrent, rangeFromOffsets } from './text-index'
import { createTimeSlicer, type SliceOptions } from './time-slicer'

export { DEFAULT_BUDGET_MS, yieldToEventLoop } from './time-slicer'

/** Options of a time-sliced anchoring pass. */
export interface AnchorAllOptions extends AnchorOptions, SliceOptions {}

/** Times a pass re-indexes the page when it finds the text changed under it. */
const MAX_REINDEX = 3

/**
 * Anchors each entry of `list` within `root`, in slices of `budgetMs`. Resolves to one result per
 * entry, in order: the anchor, or null when the highlight cannot be found (list it in the sidebar).
 */
export async function anchorAll(
  root: Node,
  list: readonly AnchorSelectors[],
  options: AnchorAllOptions = {},
): Promise<(Anchor | null)[]> {
  const results: (Anchor | null)[] = []
  if (list.length === 0) {
    return results
  }
  const slicer = createTimeSlicer(options)
  let index = await slicer.run(createTextIndexSteps(root))
  let reindexed = 0
  for (let position = 0; position < list.length; position += 1) {
    const found = await slicer.run(anchorSteps(index, list[position]!, options))
    if (found !== null && !isIndexCurrent(index, found.start, found.end)) {
      // The page changed while the pass yielded: index it again and redo this entry.
      if (reindexed < MAX_REINDEX) {
        reindexed += 1
        await slicer.pause()
        index = await slicer.run(createTextIndexSteps(root))
        position -= 1
        continue
      }
      results.push(null)
      continue
    }
    const range = found === null ? null : rangeFromOffsets(index, found.start, found.end)
    results.push(found === null || range === null ? null : { ...found, range })
  }
  slicer.finish()
  return results
}
