// Durable commits without blocking the event loop. With synchronous=FULL, SQLite fsyncs the WAL
// inside COMMIT, on the thread that commits: the relay's event loop, which then serves nobody for
// the length of an fsync (about 1.7 ms on the benchmark machine, far more on slow disks), once per
// commit. Instead the relay commits at synchronous=NORMAL (the frames are written to the WAL, not
// synced) and then syncs the WAL file itself with fdatasync on libuv's thread pool, answering the
// requests only when that sync is done. Once the WAL's frames up to a commit are on disk, the
// commit survives a power loss exactly as with FULL (recovery replays the WAL up to its last valid
// commit). Syncs also group: commits made while one sync runs are covered by the next one.
import { close, fdatasync, openSync } from 'node:fs'
import { promisify } from 'node:util'

/** Makes what was committed so far durable. */
export interface WalSync {
  /** Resolves once everything committed before the call is on disk. */
  sync(): Promise<void>
  /** Waits for a running sync and closes the file. */
  close(): Promise<void>
}

interface Waiter {
  resolve: () => void
  reject: (error: Error) => void
}

/** Syncs the WAL of the SQLite database `file` (which must be open in WAL mode already). */
export function openWalSync(file: string): WalSync {
  const wal = openSync(`${file}-wal`, 'r')
  let running: Promise<void> | undefined
  let waiting: Waiter[] = []
  const run = async (): Promise<void> => {
    // Only commits made before this point are covered, so later callers wait for the next run.
    const covered = waiting
    waiting = []
    try {
      await promisify(fdatasync)(wal)
      for (const waiter of covered) {
        waiter.resolve()
      }
    } catch (error) {
      for (const waiter of covered) {
        waiter.reject(error instanceof Error ? error : new Error(String(error)))
      }
    }
    running = waiting.length > 0 ? run() : undefined
  }
  return {
    sync() {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject })
        running ??= run()
      })
    },
    async close() {
      while (running) {
        await running
      }
      await promisify(close)(wal)
    },
  }
}
