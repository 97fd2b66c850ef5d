// Autosave for the content editor: every change restarts a short wait, and only the last value is
// saved when the person pauses; a save never overlaps another (a change made while saving is saved
// right after), and `flush` saves at once (leaving the editor, closing the page). The status drives
// the "Saved" indicator. Timers are passed in so that tests drive them without waiting.

/** Where autosave stands, for the indicator. */
export type SaveStatus =
  | { state: 'saved' }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'failed'; message: string }

/** What the saver needs. */
export interface DebouncedSaverOptions<T> {
  save: (value: T) => Promise<void>
  delayMs: number
  onStatus: (status: SaveStatus) => void
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/** A debounced saver of values of type T. */
export interface DebouncedSaver<T> {
  /** Notes a new value; it is saved after the delay unless another one comes first. */
  change(value: T): void
  /** Saves the waiting value now; resolves when everything changed so far is saved (or failed). */
  flush(): Promise<void>
  /** Stops the timer without saving (the editor is gone and the value was flushed). */
  dispose(): void
}

/** Creates a debounced saver. */
export function createDebouncedSaver<T>(options: DebouncedSaverOptions<T>): DebouncedSaver<T> {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as number))
  let waiting: { value: T } | undefined
  let timer: unknown
  let running: Promise<void> = Promise.resolve()

  function stopTimer() {
    if (timer !== undefined) {
      clearTimer(timer)
      timer = undefined
    }
  }

  function saveWaiting(): Promise<void> {
    stopTimer()
    running = running.then(async () => {
      const next = waiting
      if (next === undefined) {
        return
      }
      waiting = undefined
      options.onStatus({ state: 'saving' })
      try {
        await options.save(next.value)
        options.onStatus(waiting === undefined ? { state: 'saved' } : { state: 'pending' })
      } catch (error) {
        // The value stays waiting so that the next change or flush tries it again.
        waiting ??= next
        options.onStatus({
          state: 'failed',
          message: error instanceof Error && error.message !== '' ? error.message : 'Not saved.',
        })
      }
    })
    return running
  }

  return {
    change(value) {
      waiting = { value }
      options.onStatus({ state: 'pending' })
      stopTimer()
      timer = setTimer(() => {
        timer = undefined
        void saveWaiting()
      }, options.delayMs)
    },
    flush: saveWaiting,
    dispose: stopTimer,
  }
}
