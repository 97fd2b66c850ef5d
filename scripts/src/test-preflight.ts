// The checks and builds `npm test` runs before Vitest, in two lanes at once instead of one after
// another (ADR 045). ESLint (type-aware, one thread, the longest step) has a lane of its own;
// Prettier, tsc and the three builds share the other. Each step's output is printed whole when it
// ends, with its time, so the log reads as before. A failed step starts nothing new, and the run
// fails once the running steps end. The lanes only read sources and write their own outputs
// (.tsbuild/, dist/, build/, .plasmo/), none of which another lane reads.
import { spawn } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** One step: an npm script of the root package and the extra environment it needs. */
export interface PreflightStep {
  script: string
  env?: Record<string, string>
}

/** A finished step. */
export interface StepResult {
  step: PreflightStep
  ok: boolean
  seconds: number
  output: string
}

/** The extension is built for the web app origin of the e2e tests (as `npm test` always did). */
const E2E_WEBAPP_URL = 'http://127.0.0.1:5273'

export const PREFLIGHT_LANES: PreflightStep[][] = [
  [{ script: 'lint' }],
  [
    { script: 'format:check' },
    { script: 'typecheck' },
    // The site as a preview build: the repository's operator content is empty, which a production
    // build (the default) refuses to publish (ADR 073).
    { script: 'build', env: { PLASMO_PUBLIC_WEBAPP_URL: E2E_WEBAPP_URL, SITE_STAGE: 'preview' } },
  ],
]

/** Runs a step with its output captured (stdout and stderr in the order they came). */
export function runNpmScript(step: PreflightStep, cwd: string): Promise<StepResult> {
  const started = Date.now()
  return new Promise((done) => {
    const output: string[] = []
    const child = spawn('npm', ['run', step.script], {
      cwd,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (data: Buffer) => output.push(data.toString()))
    child.stderr.on('data', (data: Buffer) => output.push(data.toString()))
    const finish = (ok: boolean, extra = '') =>
      done({ step, ok, seconds: (Date.now() - started) / 1000, output: output.join('') + extra })
    child.once('error', (error) => finish(false, String(error)))
    child.once('close', (code) => finish(code === 0))
  })
}

/**
 * Runs the lanes at once, each lane's steps in order; after a failure no lane starts another step.
 * Reports every finished step as it ends; resolves to all of them.
 */
export async function runLanes(
  lanes: PreflightStep[][],
  run: (step: PreflightStep) => Promise<StepResult>,
  report: (result: StepResult) => void,
): Promise<StepResult[]> {
  const results: StepResult[] = []
  let failed = false
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        if (failed) {
          return
        }
        const result = await run(step)
        failed ||= !result.ok
        results.push(result)
        report(result)
      }
    }),
  )
  return results
}

function printResult(result: StepResult): void {
  const env = Object.entries(result.step.env ?? {}).map(([name, value]) => `${name}=${value} `)
  const status = result.ok ? 'ok' : 'FAILED'
  process.stdout.write(
    `\n> ${env.join('')}npm run ${result.step.script}: ${status} in ${result.seconds.toFixed(1)} s\n`,
  )
  process.stdout.write(result.output)
}

async function main(): Promise<void> {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
  const started = Date.now()
  const results = await runLanes(
    PREFLIGHT_LANES,
    (step) => runNpmScript(step, repoRoot),
    printResult,
  )
  const failed = results.filter((result) => !result.ok).map((result) => result.step.script)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (failed.length > 0) {
    process.stdout.write(`\nPreflight failed (${failed.join(', ')}) after ${seconds} s\n`)
    process.exitCode = 1
  } else {
    process.stdout.write(`\nPreflight passed in ${seconds} s\n`)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main()
}
