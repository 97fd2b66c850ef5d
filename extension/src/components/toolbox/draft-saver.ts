// A note is saved as the person types, never only on a button (ADR 036): each change waits
// `delayMs` for the next one (one write per pause, not one per key), and `flush` writes what is
// pending at once, for every way a note can be left (Escape, a click elsewhere, another
// highlight, the frame going away). Pure: the write and the clock are handed in, so the rules are
// unit-tested without a browser.

/** How long the typing must pause before the note is written. */
export const DRAFT_SAVE_DELAY_MS = 500

/** What the person is told about their note. */
export type DraftStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed'

/** What the note's status line says (empty while nothing was typed). */
export function draftStatusText(status: DraftStatus): string {
  switch (status) {
    case 'pending':
    case 'saving':
      return 'Saving…'
    case 'saved':
      return 'Saved'
    case 'failed':
      return 'Not saved yet'
    case 'idle':
      return ''
  }
}

export interface DraftSaverOptions {
  /** Writes `value`; resolves true when stored. */
  save(value: string): Promise<boolean>
  /** Hears each change of status. */
  onStatus?(status: DraftStatus): void
  delayMs?: number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export interface DraftSaver {
  /** The person changed the draft to `value`. */
  input(value: string): void
  /** Writes the pending draft now (if any); resolves once every write so far has ended. */
  flush(): Promise<void>
  /**
   * The frame may go away (pagehide, hidden): sends the latest draft at once, not after a write
   * still waiting for its answer (the frame would be gone by then). The background takes calls in
   * the order they arrive, so it lands after the older one.
   */
  leave(): void
  /** Whether a change is waiting or being written. */
  isPending(): boolean
  /** Takes `value` as stored (a new highlight shown): nothing pending. */
  reset(value: string): void
}

/** A saver for one draft, last stored as `initial`. */
export function draftSaver(initial: string, options: DraftSaverOptions): DraftSaver {
  const delay = options.delayMs ?? DRAFT_SAVE_DELAY_MS
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  let stored = initial
  let draft = initial
  let timer: unknown
  let writing: Promise<void> = Promise.resolve()
  let inFlight = 0
  /** The draft last handed to `save` (by a write or by `leave`). */
  let sent = initial
  const tell = (status: DraftStatus) => options.onStatus?.(status)

  const write = (): Promise<void> => {
    if (timer !== undefined) {
      clearTimer(timer)
      timer = undefined
    }
    // Writes run one after the other, so an older draft never lands after a newer one.
    writing = writing.then(async () => {
      const value = draft
      if (value === stored) {
        return
      }
      inFlight++
      sent = value
      tell('saving')
      let ok = false
      try {
        ok = await options.save(value)
      } catch {
        ok = false
      }
      inFlight--
      if (ok) {
        stored = value
      }
      if (timer === undefined && inFlight === 0) {
        tell(ok ? (draft === stored ? 'saved' : 'pending') : 'failed')
      }
    })
    return writing
  }

  return {
    input(value) {
      draft = value
      if (timer !== undefined) {
        clearTimer(timer)
      }
      tell('pending')
      timer = setTimer(() => {
        timer = undefined
        void write()
      }, delay)
    },
    flush() {
      return write()
    },
    leave() {
      if (inFlight === 0) {
        void write()
        return
      }
      if (timer !== undefined) {
        clearTimer(timer)
        timer = undefined
      }
      if (draft !== sent) {
        sent = draft
        void options.save(draft).then(
          (ok) => {
            if (ok && sent === draft) {
              stored = draft
            }
          },
          () => undefined,
        )
      }
    },
    isPending() {
      return timer !== undefined || inFlight > 0 || draft !== stored
    },
    reset(value) {
      if (timer !== undefined) {
        clearTimer(timer)
        timer = undefined
      }
      stored = value
      draft = value
      tell('idle')
    },
  }
}
