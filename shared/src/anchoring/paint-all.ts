// Paints a page's worth of anchored highlights without blocking it: painting 200 highlights on a
// large page takes tens of milliseconds, so the list is painted in slices of `budgetMs`
// (time-slicer.ts), one highlight at a time. The caller learns of each painted highlight at once
// (to record it before the page gets a turn) and may stop the pass between slices.
import { paintHighlight, type PaintOptions } from './paint'
import { createTimeSlicer, type SliceOptions } from './time-slicer'

/** One highlight to paint: its anchored range and its mark's look. */
export interface PaintRequest {
  range: Range
  options: PaintOptions
}

/** Options of a time-sliced painting pass. */
export interface PaintAllOptions extends SliceOptions {
  /**
   * Asked after each yield to the page: false stops the pass there (a newer pass took over), and
   * the highlights not painted yet stay unpainted.
   */
  isCurrent?: () => boolean
  /** Told of each painted entry (its position in the list and its wrappers) as soon as it is. */
  onPainted?: (position: number, wrappers: HTMLElement[]) => void
}

/**
 * Paints each non-null entry of `list`, in slices of `budgetMs`. Resolves to the wrappers of each
 * entry, in order (none for a null entry, an entry with no visible text, or one left unpainted
 * because the pass stopped).
 */
export async function paintAll(
  list: readonly (PaintRequest | null)[],
  options: PaintAllOptions = {},
): Promise<HTMLElement[][]> {
  const { isCurrent, onPainted } = options
  const results: HTMLElement[][] = list.map(() => [])
  if (list.every((request) => request === null)) {
    return results
  }
  const slicer = createTimeSlicer(options)
  for (const [position, request] of list.entries()) {
    if (request === null) {
      continue
    }
    await slicer.checkpoint()
    if (isCurrent !== undefined && !isCurrent()) {
      break
    }
    const wrappers = paintHighlight(request.range, request.options)
    results[position] = wrappers
    onPainted?.(position, wrappers)
  }
  slicer.finish()
  return results
}
