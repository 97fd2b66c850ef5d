// Lets the DOM watcher tell Inkmark's own changes to a page (painting and removing highlights)
// from the page's: painting runs through `runOwnMutation`, which hands each watcher the records
// queued before it as page changes and drops the records the painting itself made.

/** A DOM watcher as painting sees it. */
export interface MutationSink {
  /** Takes the queued records and treats them as page changes. */
  deliverPending(): void
  /** Takes the queued records and drops them. */
  discardPending(): void
}

const sinks = new Set<MutationSink>()

/** Registers a watcher; returns its unregistration. */
export function addMutationSink(sink: MutationSink): () => void {
  sinks.add(sink)
  return () => {
    sinks.delete(sink)
  }
}

/** Runs `change`, a DOM change of Inkmark's own, so that no watcher takes it for a page change. */
export function runOwnMutation<T>(change: () => T): T {
  for (const sink of sinks) {
    sink.deliverPending()
  }
  try {
    return change()
  } finally {
    for (const sink of sinks) {
      sink.discardPending()
    }
  }
}
