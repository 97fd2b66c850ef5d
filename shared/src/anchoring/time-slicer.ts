// Runs long work in slices of a few milliseconds, yielding to the event loop between them, so that
// no task comes near the 50 ms of a long task. Work is written as generators that yield between
// small pieces (text-index.ts, match-quote.ts); the slicer runs pieces until the slice's budget is
// spent, then gives the page a turn. Anchoring and painting share it (anchor-all.ts, paint-all.ts).

/** Default slice length: well under a frame, so scrolling and typing stay smooth meanwhile. */
export const DEFAULT_BUDGET_MS = 8

/** Options of time-sliced work. */
export interface SliceOptions {
  /** Milliseconds of work before yielding to the page (default 8). */
  budgetMs?: number
  /** Stops the work between two slices; the promise then rejects with the signal's reason. */
  signal?: AbortSignal
  /** Told the length of every slice when it ends (for measurements). */
  onSlice?: (ms: number) => void
}

/** Gives the event loop a turn: scheduler.yield() when present, else a zero timeout. */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') {
    return scheduler.yield()
  }
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** A running sequence of slices. */
export interface TimeSlicer {
  /** Yields to the page first if the current slice has spent its budget. */
  checkpoint(): Promise<void>
  /** Yields to the page now (the page may have changed and the caller wants a fresh start). */
  pause(): Promise<void>
  /** Runs `steps` to the end, yielding to the page whenever a slice has spent its budget. */
  run<T>(steps: Generator<void, T>): Promise<T>
  /** Ends the last slice (reports it to `onSlice`). */
  finish(): void
}

/** Starts a sequence of slices; the first one starts now. */
export function createTimeSlicer(options: SliceOptions = {}): TimeSlicer {
  const { budgetMs = DEFAULT_BUDGET_MS, signal, onSlice } = options
  signal?.throwIfAborted()
  let sliceStart = performance.now()
  const pause = async () => {
    onSlice?.(performance.now() - sliceStart)
    await yieldToEventLoop()
    signal?.throwIfAborted()
    sliceStart = performance.now()
  }
  const checkpoint = async () => {
    if (performance.now() - sliceStart >= budgetMs) {
      await pause()
    }
  }
  return {
    checkpoint,
    pause,
    async run(steps) {
      for (;;) {
        await checkpoint()
        const step = steps.next()
        if (step.done === true) {
          return step.value
        }
      }
    },
    finish() {
      onSlice?.(performance.now() - sliceStart)
    },
  }
}
