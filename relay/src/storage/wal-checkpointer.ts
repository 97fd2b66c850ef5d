// SQLite checkpoints off the event loop. In WAL mode commits append to the log, and a checkpoint
// copies the log back into the database file and fsyncs both. By default the connection that
// commits runs it, every 1000 pages, inside a request: under a push load that was two thirds of
// the relay's SQLite time, and the request that triggered it waited for megabytes of copying and
// two fsyncs. Here a worker thread with its own connection runs PASSIVE checkpoints (they never
// block the writer, and the writer never waits for them) once enough has been appended, so the
// event loop only appends. Durability is unchanged: a commit is in the log before it is
// acknowledged, whether or not a checkpoint has copied it yet.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** Ask for a checkpoint once this many bytes were appended since the last one (~1000 pages). */
export const CHECKPOINT_AFTER_BYTES = 4 * 1024 * 1024

// Plain CommonJS, so it runs in a worker whatever loader (tsx, Vitest) the main thread has.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file)
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close()
    parentPort.close()
    return
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
    parentPort.postMessage({ ok: true })
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error) })
  }
})
`

/** Checkpoints the WAL of one SQLite file from a worker thread. */
export interface WalCheckpointer {
  /** Counts `bytes` appended; starts a checkpoint when enough were and none is running. */
  appended(bytes: number): void
  /** Resolves once no checkpoint is running, with how many have completed so far. */
  idle(): Promise<number>
  /** Resolves once no checkpoint is running and the worker has closed its connection. */
  close(): Promise<void>
}

/** Starts the worker for `file` (a database in WAL mode). */
export function startWalCheckpointer(file: string): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file } })
  // The relay's lifetime is its server's; a checkpointer alone keeps no process alive.
  worker.unref()
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  let pendingBytes = 0
  let running = false
  let completed = 0
  let waiting: (() => void)[] = []
  worker.on('message', (result: { ok: boolean; message?: string }) => {
    running = false
    completed += 1
    for (const resolve of waiting) {
      resolve()
    }
    waiting = []
    if (!result.ok) {
      // A failed checkpoint loses nothing (the log keeps every commit); the next one retries.
      process.emitWarning(`SQLite checkpoint failed: ${result.message ?? 'unknown error'}`)
    }
  })
  worker.on('error', (error) => {
    process.emitWarning(`SQLite checkpointer stopped: ${error.message}`)
  })
  return {
    appended(bytes) {
      pendingBytes += bytes
      if (running || pendingBytes < CHECKPOINT_AFTER_BYTES) {
        return
      }
      running = true
      pendingBytes = 0
      worker.postMessage('checkpoint')
    },
    async idle() {
      if (running) {
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
      return completed
    },
    async close() {
      worker.postMessage('close')
      await exited
    },
  }
}
