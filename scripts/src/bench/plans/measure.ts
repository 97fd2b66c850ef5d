// The plans benchmark's measuring side: relay/src/testing/plans-bench.ts, run as a child process
// (`node --import tsx`, so the scripts workspace imports none of the relay's code), builds the
// relay in its own process, times the rounds with `app.inject` and prints the figures as JSON.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { REPO_ROOT } from '../benchmarks-file'

/** The child's entry point. */
export const PLANS_BENCH_SCRIPT = 'relay/src/testing/plans-bench.ts'

/** What the child prints (relay/src/testing/plans-bench.ts PlansBenchFigures); times in ms. */
export interface PlansFigures {
  /** Accepted POST /sync of 20 new entities by the Ultimate account (the baseline). */
  push: number[]
  /** The plan gate alone: the account read from storage + accountMaySync. */
  gate: number[]
  /** POST /sync of 20 entities by the expired trial, answered 402 PREMIUM_REQUIRED. */
  refused: number[]
  /** A signed transaction.completed through BillingService.receiveEvent, applied. */
  transaction: number[]
  /** A signed subscription.updated through the same path, applied. */
  subscription: number[]
  /** An earlier round's event delivered again (outcome 'duplicate'). */
  replay: number[]
  rounds: number
  warmupRounds: number
  batch: number
  bookmarksPerBatch: number
  /** The push's JSON body, in characters. */
  pushBytes: number
  /** What a refused push was answered. */
  refusalBody: string
  /** The SQLite file and its WAL at the end. */
  storedBytes: number
}

/** Runs the child for `rounds` timed rounds after `warmupRounds`; its progress goes to stderr. */
export function measurePlans(rounds: number, warmupRounds: number): Promise<PlansFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(REPO_ROOT, PLANS_BENCH_SCRIPT),
        String(rounds),
        String(warmupRounds),
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let stdout = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`${PLANS_BENCH_SCRIPT} exited with ${code}`))
        return
      }
      if (stdout.trim() === '') {
        reject(new Error(`${PLANS_BENCH_SCRIPT} ended without printing its figures`))
        return
      }
      try {
        resolve(JSON.parse(stdout) as PlansFigures)
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  })
}
