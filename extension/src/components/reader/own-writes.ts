// Telling this page's own storage writes from other pages' when chrome.storage reports a change.
// A page that changes a setting sets its state at once and writes it; the change event of that
// write can arrive after a newer change of the same page (a quick series of arrow presses on a
// slider), and applying it then would put an older value back. So a page remembers what it wrote,
// in order, and an event that matches one of those writes is its own echo: already shown.
/** How many writes are remembered (a write that changed nothing never gets an event). */
const REMEMBERED_WRITES = 50

export interface OwnWrites {
  /** Remembers the items this page is about to write. */
  record(items: Record<string, unknown>): void
  /**
   * Whether `changed` (the new values of the keys an event reports) is one of this page's writes;
   * forgets that write and those before it.
   */
  isEcho(changed: Record<string, unknown>): boolean
}

export function ownWrites(): OwnWrites {
  const writes: Record<string, unknown>[] = []
  return {
    record(items) {
      writes.push(items)
      writes.splice(0, Math.max(0, writes.length - REMEMBERED_WRITES))
    },
    isEcho(changed) {
      const keys = Object.keys(changed)
      const index = writes.findIndex((write) =>
        keys.every((key) => key in write && Object.is(write[key], changed[key])),
      )
      if (index < 0) {
        return false
      }
      writes.splice(0, index + 1)
      return true
    },
  }
}
