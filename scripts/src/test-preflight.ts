// The checks and builds `npm test` runs besides the tests (ADR 084; before, ADR 045). Run by
// `npm test`, they start with Vitest (the summary reporter calls startPreflight) instead of before
// it: the builds at a lower priority, so that the unit tests keep the cores and the builds take what
// the unit and sync tests leave; ESLint, Prettier and `tsc -b` at the lowest, so that they take what
// the end-to-end files leave while they wait on Chromium and relays. Only the end-to-end files need
// the builds (the extension's); they wait for them (tests/src/preflight-builds.ts). Each step's
// output is printed whole at the end of the run, with its time, and a failed step fails the run.
// A step that runs longer than STEP_LIMIT_MS is killed and fails with a message saying so, and the
// end-to-end files wait for the builds until one deadline for the whole run (BUILDS_DEADLINE_ENV),
// so a hung build fails the run instead of holding it.
// `npm run test:preflight` still runs them all at once in the foreground, in two lanes (ESLint in
// one; Prettier, tsc and the builds in the other). A failed step starts nothing new in its group.
// The steps only read sources and write their own outputs (.tsbuild/, dist/, build/, .plasmo/, the
// site's public/img/), none of which a unit test reads; tsc reads one of them (.plasmo/index.d.ts,
// in extension/tsconfig.json), which the extension's build rewrites, so it runs after the builds.
import { spawn } from 'node:child_process'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** One step: an npm script of the root package and the extra environment it needs. */
export interface PreflightStep {
  script: string
  env?: Record<string, string>
  /** Its niceness (`nice -n`) when it runs beside the tests; 0 (none) in the foreground. */
  niceness?: number
  /** How long it may run before it is killed; STEP_LIMIT_MS unless said. */
  limitMs?: number
}

/** A finished step. */
export interface StepResult {
  step: PreflightStep
  ok: boolean
  seconds: number
  output: string
  /** When it started (epoch ms), for the log's timeline of a run. */
  startedAt?: number
}

/** The extension is built for the web app origin of the e2e tests (as `npm test` always did). */
const E2E_WEBAPP_URL = 'http://127.0.0.1:5273'

/**
 * Niceness of the builds beside the tests: the unit tests (two workers, CPU-bound) come first, and
 * the builds end during the sync tests, which mostly wait (ADR 084).
 */
const BUILD_NICENESS = 5
/**
 * Niceness of the checks beside the tests: they yield to the tests. Not 19: in CI (2026-11-26)
 * ESLint at 19 got so little of the cores beside the end-to-end files' Chromiums (which run at
 * -8) that it was still running after 20 min and was killed.
 */
const CHECK_NICENESS = 10
/**
 * The checks' bound: they run beside the whole of the tests (up to about an hour on a loaded
 * 2-core machine), at a low priority; ESLint takes some 3.5 min of CPU, `tsc -b` about as much.
 */
const CHECK_LIMIT_MS = 60 * 60_000

/**
 * The builds (web app, site, extension). The site as a preview build: the repository's operator
 * content is empty, which a production build (the default) refuses to publish (ADR 073).
 * NODE_ENV=production: Vitest sets it to 'test' in its process, and Vite and Plasmo (Parcel) make a
 * production build only when it says production; inherited, the tests ran React's development
 * build, slower than what ships.
 */
export const PREFLIGHT_BUILDS: PreflightStep[] = [
  {
    script: 'build',
    env: {
      PLASMO_PUBLIC_WEBAPP_URL: E2E_WEBAPP_URL,
      SITE_STAGE: 'preview',
      NODE_ENV: 'production',
    },
    niceness: BUILD_NICENESS,
  },
]

/** The checks that need no build, in two lanes: ESLint (the longest) alone, Prettier in the other. */
export const PREFLIGHT_CHECKS: PreflightStep[][] = [
  [{ script: 'lint', niceness: CHECK_NICENESS, limitMs: CHECK_LIMIT_MS }],
  [{ script: 'format:check', niceness: CHECK_NICENESS, limitMs: CHECK_LIMIT_MS }],
]

/**
 * The checks run after the builds, in their lane: `tsc -b` reads the `.plasmo/index.d.ts` the
 * extension's build rewrites, and would fail falsely beside it.
 */
export const PREFLIGHT_AFTER_BUILDS: PreflightStep[] = [
  { script: 'typecheck', niceness: CHECK_NICENESS, limitMs: CHECK_LIMIT_MS },
]

/** The foreground preflight (`npm run test:preflight`): everything, in two lanes. */
export const PREFLIGHT_LANES: PreflightStep[][] = [
  [...PREFLIGHT_CHECKS[0]!],
  [...PREFLIGHT_CHECKS[1]!, ...PREFLIGHT_AFTER_BUILDS, ...PREFLIGHT_BUILDS],
].map((lane) => lane.map(({ niceness: _niceness, limitMs: _limit, ...step }) => step))

/** A bound, not a timing claim: a step takes 10 s to 5 min on a loaded 2-core machine. */
export const STEP_LIMIT_MS = 20 * 60_000
/** After SIGTERM, how long a step has to end before SIGKILL. */
const KILL_GRACE_MS = 5_000

/** How a step is run: its time limit, and the command (npm unless a test gives another). */
export interface RunOptions {
  limitMs?: number
  command?: string[]
}

/**
 * Runs a step with its output captured (stdout and stderr in the order they came). A step still
 * running after `limitMs` is killed (SIGTERM, then SIGKILL) and fails with a message saying so; it
 * ends then, without waiting for processes it started that keep its output open.
 */
export function runNpmScript(
  step: PreflightStep,
  cwd: string,
  {
    limitMs = step.limitMs ?? STEP_LIMIT_MS,
    command = ['npm', 'run', step.script],
  }: RunOptions = {},
): Promise<StepResult> {
  const started = Date.now()
  const [program, ...args] = step.niceness
    ? ['nice', '-n', String(step.niceness), ...command]
    : command
  return new Promise((done) => {
    const output: string[] = []
    const child = spawn(program!, args, {
      cwd,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (data: Buffer) => output.push(data.toString()))
    child.stderr.on('data', (data: Buffer) => output.push(data.toString()))
    let killTimer: NodeJS.Timeout | undefined
    const limitTimer = setTimeout(() => {
      child.kill('SIGTERM')
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS)
      killTimer.unref()
      child.stdout.destroy()
      child.stderr.destroy()
      finish(
        false,
        `\nnpm run ${step.script} was stopped: still running after ${limitMs / 60_000} min (the limit of a preflight step)\n`,
      )
    }, limitMs)
    const finish = (ok: boolean, extra = '') => {
      clearTimeout(limitTimer)
      done({
        step,
        ok,
        seconds: (Date.now() - started) / 1000,
        output: output.join('') + extra,
        startedAt: started,
      })
    }
    child.once('error', (error) => finish(false, String(error)))
    child.once('close', (code) => {
      clearTimeout(killTimer)
      finish(code === 0)
    })
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

/** What the end-to-end files wait for (tests/src/preflight-builds.ts): the builds' outcome. */
export interface BuildsOutcome {
  ok: boolean
  failed: string[]
  /** Why the builds' chain itself failed (not a build), when it did. */
  reason?: string
}

/** The environment variable naming the file the builds' outcome is written to. */
export const BUILDS_OUTCOME_ENV = 'INKMARK_PREFLIGHT_BUILDS'
/**
 * The environment variable holding when the end-to-end files stop waiting for the builds (epoch
 * ms): one deadline for the whole run, set once when the builds start.
 */
export const BUILDS_DEADLINE_ENV = 'INKMARK_PREFLIGHT_BUILDS_DEADLINE'
/** The builds' lane ends within its steps' limits; a margin for the outcome's writing. */
export const BUILDS_WAIT_MS = PREFLIGHT_BUILDS.length * STEP_LIMIT_MS + 5 * 60_000

/** The checks and builds started beside the tests. */
export interface BackgroundPreflight {
  /** Resolves to every finished step, once all have ended. */
  results: Promise<StepResult[]>
  started: number
}

/**
 * Starts the builds and the checks beside the tests. Once the builds end, their outcome is written
 * to a file in `outcomeDir`, named in `process.env[BUILDS_OUTCOME_ENV]`, and the checks that need
 * them start. The deadline of the wait for it goes in `process.env[BUILDS_DEADLINE_ENV]` (both set
 * here, so the test workers started later inherit them). If the builds' chain itself fails (the
 * outcome cannot be written, say), a failed outcome with the reason is written if it can be, and
 * the run fails with a step saying why.
 */
export function startPreflight(
  repoRoot: string,
  outcomeDir: string,
  run: (step: PreflightStep) => Promise<StepResult> = (step) => runNpmScript(step, repoRoot),
): BackgroundPreflight {
  const started = Date.now()
  const outcomeFile = join(outcomeDir, `builds-${process.pid}-${started}.json`)
  process.env[BUILDS_OUTCOME_ENV] = outcomeFile
  process.env[BUILDS_DEADLINE_ENV] = String(started + BUILDS_WAIT_MS)
  const writeOutcome = async (outcome: BuildsOutcome) => {
    await mkdir(outcomeDir, { recursive: true })
    // Written aside and renamed: a waiting file never reads half of it.
    await writeFile(`${outcomeFile}.tmp`, JSON.stringify(outcome))
    await rename(`${outcomeFile}.tmp`, outcomeFile)
  }
  const builds = runLanes([PREFLIGHT_BUILDS], run, () => {})
    .then(async (results) => {
      const failed = results.filter((result) => !result.ok).map((result) => result.step.script)
      await writeOutcome({
        ok: failed.length === 0 && results.length === PREFLIGHT_BUILDS.length,
        failed,
      })
      return results
    })
    .catch(async (error: unknown) => {
      const reason = `the builds' outcome could not be made: ${String(error)}`
      await writeOutcome({ ok: false, failed: [], reason }).catch(() => {})
      const failed: StepResult = {
        step: PREFLIGHT_BUILDS[0]!,
        ok: false,
        seconds: (Date.now() - started) / 1000,
        output: `${reason}\n`,
      }
      return [failed]
    })
    .then(async (built) => [...built, ...(await runLanes([PREFLIGHT_AFTER_BUILDS], run, () => {}))])
  const checks = runLanes(PREFLIGHT_CHECKS, run, () => {})
  return {
    started,
    results: Promise.all([builds, checks]).then(([built, checked]) => [...built, ...checked]),
  }
}

/** Prints every step's output and the preflight's outcome; the names of the failed steps. */
export function printPreflight(
  results: StepResult[],
  seconds: number,
  runStart?: number,
): string[] {
  for (const result of results) {
    printResult(result, runStart)
  }
  const failed = results.filter((result) => !result.ok).map((result) => result.step.script)
  if (failed.length > 0) {
    process.stdout.write(
      `\nPreflight failed (${failed.join(', ')}) after ${seconds.toFixed(1)} s\n`,
    )
  } else {
    process.stdout.write(`\nPreflight passed in ${seconds.toFixed(1)} s\n`)
  }
  return failed
}

function printResult(result: StepResult, runStart?: number): void {
  const env = Object.entries(result.step.env ?? {}).map(([name, value]) => `${name}=${value} `)
  const nice = result.step.niceness ? `nice -n ${result.step.niceness} ` : ''
  const status = result.ok ? 'ok' : 'FAILED'
  process.stdout.write(
    `\n> ${env.join('')}${nice}npm run ${result.step.script}: ${status} in ${result.seconds.toFixed(1)} s${startedAfter(result, runStart)}\n`,
  )
  process.stdout.write(result.output)
}

/** " (from +123 s)": when a step started in a run that started at `runStart`. */
function startedAfter(result: StepResult, runStart: number | undefined): string {
  if (runStart === undefined || result.startedAt === undefined) {
    return ''
  }
  return ` (from +${Math.round((result.startedAt - runStart) / 1000)} s)`
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
