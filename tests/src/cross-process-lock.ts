// A lock shared by every process on the machine, for the few things end-to-end files cannot each
// have a copy of: the e2e web app origin's fixed port (e2e-webapp-origin.ts) and a web app build
// being made (webapp-build.ts). The end-to-end files run two at a time (ADR 070), each in a worker
// process of its own, so an in-memory promise is not enough. The lock is a directory (mkdir is
// atomic) holding the owner's pid; a lock whose owner has died (a killed worker) is taken over, so
// a crash never blocks the next run. Waiting polls for the lock to be free, with a limit.
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

/** Machine-wide locks: other checkouts on this machine use the same fixed port. */
export const MACHINE_LOCK_DIR = join(tmpdir(), 'inkmark-e2e-locks')

/** How often a waiting process looks at the lock again. */
const POLL_MS = 200
/** A lock without an owner file this long after it was made is a leftover of a crash. */
const OWNERLESS_GRACE_MS = 10_000

/** Releases a held lock; calling it twice is harmless. */
export type ReleaseLock = () => Promise<void>

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** True when the lock at `path` is held by nobody alive (and may be taken over). */
async function isAbandoned(path: string): Promise<boolean> {
  const owner = await readFile(join(path, 'owner'), 'utf8').catch(() => undefined)
  if (owner === undefined) {
    // Made but not yet signed, or its maker died in between.
    const made = await stat(path).catch(() => undefined)
    return made !== undefined && Date.now() - made.mtimeMs > OWNERLESS_GRACE_MS
  }
  const pid = Number(owner)
  return !Number.isInteger(pid) || !isAlive(pid)
}

/**
 * Takes the lock at `path` (a directory the lock makes), waiting while another live process holds
 * it; throws after `timeoutMs`, naming the lock, so a stuck holder fails loudly.
 */
export async function acquireLock(path: string, timeoutMs: number): Promise<ReleaseLock> {
  const deadline = Date.now() + timeoutMs
  await mkdir(join(path, '..'), { recursive: true })
  for (;;) {
    try {
      await mkdir(path)
      await writeFile(join(path, 'owner'), String(process.pid))
      let released = false
      return async () => {
        if (!released) {
          released = true
          await rm(path, { recursive: true, force: true })
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error
      }
    }
    if (await isAbandoned(path)) {
      await rm(path, { recursive: true, force: true })
      continue
    }
    if (Date.now() > deadline) {
      throw new Error(`Waited ${timeoutMs} ms for the lock ${path}, held by another process`)
    }
    await delay(POLL_MS)
  }
}

/** Runs `work` holding the lock at `path`. */
export async function withLock<T>(
  path: string,
  timeoutMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const release = await acquireLock(path, timeoutMs)
  try {
    return await work()
  } finally {
    await release()
  }
}
