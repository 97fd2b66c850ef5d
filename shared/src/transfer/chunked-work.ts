// Imports of thousands of rows must not freeze the page that shows their progress: the work runs
// in chunks with a yield to the event loop between them, reporting after each chunk.

/** Items handled between two yields when the caller does not say. */
export const DEFAULT_CHUNK_SIZE = 500

/** Resolves on a later macrotask, so that the page can paint and handle input meanwhile. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Runs `work` on every item in chunks, calling `onProgress(done, total)` after each chunk. */
export async function forEachInChunks<T>(
  items: readonly T[],
  work: (item: T, index: number) => void,
  options: { onProgress?: (done: number, total: number) => void; chunkSize?: number },
): Promise<void> {
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_SIZE))
  const total = items.length
  options.onProgress?.(0, total)
  for (let start = 0; start < total; start += chunkSize) {
    const end = Math.min(total, start + chunkSize)
    for (let index = start; index < end; index++) {
      work(items[index] as T, index)
    }
    options.onProgress?.(end, total)
    if (end < total) {
      await yieldToEventLoop()
    }
  }
}
