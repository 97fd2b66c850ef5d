// Group commit: the appends that requests make in one turn of the event loop are committed in one
// SQLite transaction, and each request is answered only once that transaction is durable (after
// `durable`, the WAL sync of wal-sync.ts). One commit and one sync then serve every request that
// was waiting, so making each commit survive a power loss costs little under load, where it
// matters. An append that fails is undone alone (a savepoint inside the group) and fails only its
// own request.

/** What committing one item gave: its result, or the error that undid it. */
export type ItemOutcome<R> = { ok: true; value: R } | { ok: false; error: Error }

/** Queues items and commits them in groups. */
export interface GroupCommit<T, R> {
  /** Queues `item`; resolves with its result once its group is committed. */
  add(item: T): Promise<R>
  /** Commits what is queued now (before closing). */
  flush(): void
}

interface Queued<T, R> {
  item: T
  resolve: (value: R) => void
  reject: (error: Error) => void
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))

/**
 * Groups items added in the same turn of the event loop; `commit` writes a group in one
 * transaction and gives each item's outcome (or throws, failing the whole group).
 */
export function createGroupCommit<T, R>(
  commit: (items: readonly T[]) => ItemOutcome<R>[],
  durable: () => Promise<void> = () => Promise.resolve(),
): GroupCommit<T, R> {
  let queue: Queued<T, R>[] = []
  const flush = () => {
    const group = queue
    queue = []
    if (group.length === 0) {
      return
    }
    let outcomes: ItemOutcome<R>[]
    try {
      outcomes = commit(group.map((queued) => queued.item))
    } catch (error) {
      for (const queued of group) {
        queued.reject(toError(error))
      }
      return
    }
    const answer = (syncError: Error | undefined) => {
      group.forEach((queued, index) => {
        const outcome = outcomes[index]
        if (!outcome) {
          queued.reject(new Error('No outcome for a queued item'))
        } else if (!outcome.ok) {
          queued.reject(outcome.error)
        } else if (syncError) {
          queued.reject(syncError)
        } else {
          queued.resolve(outcome.value)
        }
      })
    }
    durable().then(
      () => answer(undefined),
      (error: unknown) => answer(toError(error)),
    )
  }
  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (queue.length === 1) {
          // After the poll phase: every request read in this turn has queued its append by then.
          setImmediate(flush)
        }
      })
    },
    flush,
  }
}

/** Runs `work` for one item, catching its error as the item's outcome. */
export function outcomeOf<R>(work: () => R): ItemOutcome<R> {
  try {
    return { ok: true, value: work() }
  } catch (error) {
    return { ok: false, error: toError(error) }
  }
}
