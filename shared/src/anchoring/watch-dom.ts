// Tells the content script when a page's content changed (single-page apps, late content), so that
// it re-anchors what is not yet painted. Our own painting and our own UI do not count (see
// own-mutations.ts), and a burst of changes gives one call after things settle.
import { isInsideInkmarkUi } from './own-elements'
import { addMutationSink } from './own-mutations'

/** Options of `watchDom`. */
export interface WatchDomOptions {
  /** Quiet milliseconds after the last change before `onChange` runs (default 500). */
  debounceMs?: number
}

/** Default quiet time before a re-anchoring pass. */
export const DEFAULT_WATCH_DEBOUNCE_MS = 500

/** Whether a mutation record changes page text or structure outside Inkmark's own UI. */
function isPageChange(record: MutationRecord): boolean {
  return !isInsideInkmarkUi(record.target)
}

/** Calls `onChange` after the content under `root` changes; returns the function that stops it. */
export function watchDom(
  root: Node,
  onChange: () => void,
  options: WatchDomOptions = {},
): () => void {
  const { debounceMs = DEFAULT_WATCH_DEBOUNCE_MS } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  const handle = (records: readonly MutationRecord[]) => {
    if (!records.some(isPageChange)) {
      return
    }
    clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      onChange()
    }, debounceMs)
  }
  const observer = new MutationObserver(handle)
  observer.observe(root, { childList: true, subtree: true, characterData: true })
  const removeSink = addMutationSink({
    deliverPending: () => handle(observer.takeRecords()),
    discardPending: () => {
      observer.takeRecords()
    },
  })
  return () => {
    removeSink()
    observer.disconnect()
    clearTimeout(timer)
  }
}
