// The measurements that run inside the web app's own page, passed to Playwright's addInitScript
// and evaluate. Playwright sends each function's source to the page, so every function here is
// self-contained (no imports or helpers from this module's scope at run time). The scripts
// workspace compiles without the DOM library, so the few browser APIs they use are typed below.

interface ProbeElement {
  textContent: string | null
  scrollTop: number
  scrollHeight: number
  clientHeight: number
  querySelector(selector: string): ProbeElement | null
  querySelectorAll(selector: string): { length: number; [index: number]: ProbeElement }
  /** A progress bar's value. */
  value: number
}

interface ProbeMark {
  name: string
  startTime: number
  detail: unknown
}

/** The browser globals the probes use. */
export interface ProbeWindow {
  document: ProbeElement & {
    addEventListener(type: string, listener: (event: unknown) => void, capture: boolean): void
  }
  performance: {
    now(): number
    getEntriesByName(name: string): ProbeMark[]
  }
  requestAnimationFrame(callback: (time: number) => void): number
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null }
    port2: { postMessage(message: unknown): void }
  }
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean }): void
    disconnect(): void
  }
  /** What the probes record, read back by the Node side. */
  inkmarkProbe?: ProbeState
}

/** The figures the probes leave on `window.inkmarkProbe`. */
export interface ProbeState {
  /** performance.now() (ms since navigation start) when the first list content was painted. */
  firstContentPainted?: number
  /** When it was in the DOM, before painting. */
  firstContentInDom?: number
  /** Whether that first content was the dashboard's first screen (drawn from its snapshot). */
  firstContentFromSnapshot?: boolean
  /** When the live list's content (the store open) was in the DOM, and painted. */
  liveContentInDom?: number
  liveContentPainted?: number
  /** When the last key went down (search). */
  keyDownAt?: number
  /** Search: the query of the last results painted and when. */
  searchPainted?: { query: string; at: number }
  /**
   * Import: when the file input changed, in how many frames a progress bar showed and the values
   * it went through, the dialog's summary and when it was painted.
   */
  importStartedAt?: number
  progressSeen: number
  progressValues: number[]
  importDoneAt?: number
  importSummary?: string
}

/**
 * Init script: records when the first element matching `selectors.first` (dashboard rows, or the
 * empty state, of the first screen or the live list) and the first matching `selectors.live` (the
 * same once the store is open) are in the DOM and when the frame showing each has been painted (the task after the next
 * animation frame). Also listens for key presses and the app's search-results mark.
 */
export function installPageProbe(selectors: { first: string; live: string }): void {
  const w = globalThis as unknown as ProbeWindow
  const state: ProbeState = { progressSeen: 0, progressValues: [] }
  w.inkmarkProbe = state
  const afterPaint = (callback: (at: number) => void) =>
    w.requestAnimationFrame(() => {
      const channel = new w.MessageChannel()
      channel.port1.onmessage = () => callback(w.performance.now())
      channel.port2.postMessage(null)
    })
  const observer = new w.MutationObserver(() => {
    if (state.firstContentInDom === undefined && w.document.querySelector(selectors.first)) {
      state.firstContentInDom = w.performance.now()
      state.firstContentFromSnapshot = w.document.querySelector('[data-first-screen]') !== null
      afterPaint((at) => {
        state.firstContentPainted = at
      })
    }
    if (state.liveContentInDom === undefined && w.document.querySelector(selectors.live)) {
      state.liveContentInDom = w.performance.now()
      afterPaint((at) => {
        state.liveContentPainted = at
      })
    }
    const counts = w.document.querySelector('.import-dialog .import-counts')
    if (counts && state.importStartedAt !== undefined && state.importSummary === undefined) {
      state.importSummary = counts.textContent ?? ''
      afterPaint((at) => {
        state.importDoneAt = at
      })
    }
  })
  observer.observe(w.document, { childList: true, subtree: true })
  w.document.addEventListener(
    'keydown',
    () => {
      const keyDownAt = w.performance.now()
      state.keyDownAt = keyDownAt
      // The app marks a query's results as it puts them in the page; the next animation frame
      // paints them. Look for new marks every frame (an observer's callback may come late) for
      // a while after each key.
      let seen = w.performance.getEntriesByName('inkmark-search-results').length
      const look = () => {
        const marks = w.performance.getEntriesByName('inkmark-search-results')
        if (marks.length > seen) {
          seen = marks.length
          const query = (marks[marks.length - 1]!.detail as { query?: string } | null)?.query ?? ''
          const channel = new w.MessageChannel()
          channel.port1.onmessage = () => {
            state.searchPainted = { query, at: w.performance.now() }
          }
          channel.port2.postMessage(null)
        }
        if (w.performance.now() - keyDownAt < 5000) {
          w.requestAnimationFrame(look)
        }
      }
      w.requestAnimationFrame(look)
    },
    true,
  )
  w.document.addEventListener(
    'change',
    () => {
      state.importStartedAt = w.performance.now()
      // React sets the progress bar's value as a property, which no MutationObserver sees:
      // sample it every frame until the counts show.
      const sample = () => {
        const progress = w.document.querySelector('.import-dialog progress')
        if (progress) {
          state.progressSeen += 1
          const value = progress.value
          if (state.progressValues[state.progressValues.length - 1] !== value) {
            state.progressValues.push(value)
          }
        }
        if (state.importSummary === undefined) {
          w.requestAnimationFrame(sample)
        }
      }
      w.requestAnimationFrame(sample)
    },
    true,
  )
}

/** The app's own performance marks of a name, as start times (ms since navigation start). */
export function markTimes(name: string): number[] {
  const w = globalThis as unknown as ProbeWindow
  return w.performance.getEntriesByName(name).map((entry) => entry.startTime)
}

/**
 * Scrolls the dashboard's virtual list by `step` pixels every animation frame for `frames`
 * frames (or stays still when `step` is 0, the baseline) and returns the time between frames.
 */
export function scrollFrameTimes({
  frames,
  step,
}: {
  frames: number
  step: number
}): Promise<{ deltas: number[]; scrolledPx: number; rowsInDom: number }> {
  const w = globalThis as unknown as ProbeWindow
  const scroller = w.document.querySelector('.virtual-scroller')
  if (!scroller) {
    return Promise.reject(new Error('No virtual list on the page'))
  }
  const deltas: number[] = []
  let last: number | undefined
  let scrolled = 0
  let rowsInDom = 0
  return new Promise((resolve) => {
    const frame = (time: number) => {
      if (last !== undefined) {
        deltas.push(time - last)
      }
      last = time
      rowsInDom = Math.max(rowsInDom, scroller.querySelectorAll('.virtual-row').length)
      if (deltas.length >= frames) {
        resolve({ deltas, scrolledPx: scrolled, rowsInDom })
        return
      }
      if (step > 0) {
        const before = scroller.scrollTop
        const bottom = scroller.scrollHeight - scroller.clientHeight
        scroller.scrollTop = before + step > bottom ? 0 : before + step
        scrolled += Math.abs(scroller.scrollTop - before)
      }
      w.requestAnimationFrame(frame)
    }
    w.requestAnimationFrame(frame)
  })
}

/** The probe's state, for the Node side. */
export function probeState(): ProbeState | undefined {
  return (globalThis as unknown as ProbeWindow).inkmarkProbe
}
