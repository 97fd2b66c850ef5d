import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  BUILDS_DEADLINE_ENV,
  BUILDS_OUTCOME_ENV,
  BUILDS_WAIT_MS,
  type BuildsOutcome,
  PREFLIGHT_AFTER_BUILDS,
  PREFLIGHT_BUILDS,
  PREFLIGHT_CHECKS,
  PREFLIGHT_LANES,
  STEP_LIMIT_MS,
  runLanes,
  runNpmScript,
  startPreflight,
  type PreflightStep,
  type StepResult,
} from './test-preflight'

const result = (step: PreflightStep, ok: boolean): StepResult => ({
  step,
  ok,
  seconds: 0,
  output: `${step.script}\n`,
})

describe('runLanes', () => {
  it('runs every step of every lane, each lane in order', async () => {
    const order: string[] = []
    const results = await runLanes(
      [[{ script: 'a1' }, { script: 'a2' }], [{ script: 'b1' }]],
      (step) => {
        order.push(step.script)
        return Promise.resolve(result(step, true))
      },
      () => undefined,
    )
    expect(results.map((r) => r.step.script).sort()).toEqual(['a1', 'a2', 'b1'])
    expect(order.indexOf('a1')).toBeLessThan(order.indexOf('a2'))
  })

  it('starts no step after a failure and reports the failed one', async () => {
    const reported: string[] = []
    const results = await runLanes(
      [
        [{ script: 'fails' }, { script: 'never' }],
        [{ script: 'running' }, { script: 'never-either' }],
      ],
      async (step) => {
        if (step.script !== 'fails') {
          // The other lane's first step (already running) ends after the failure.
          await new Promise((resolve) => setImmediate(resolve))
        }
        return result(step, step.script !== 'fails')
      },
      (r) => reported.push(`${r.step.script}:${r.ok}`),
    )
    expect(reported).toContain('fails:false')
    expect(results.map((r) => r.step.script).sort()).toEqual(['fails', 'running'])
  })
})

describe('runNpmScript', () => {
  it('stops a step that runs past its limit and fails it with a message saying so', async () => {
    const r = await runNpmScript({ script: 'hangs' }, process.cwd(), {
      limitMs: 200,
      command: [process.execPath, '-e', 'console.log("started"); setInterval(() => {}, 1000)'],
    })
    expect(r.ok).toBe(false)
    expect(r.output).toContain('npm run hangs was stopped: still running after')
  }, 60_000)

  it('fails with the output of a script npm does not know', async () => {
    const r = await runNpmScript({ script: 'no-such-script-here' }, process.cwd())
    expect(r.ok).toBe(false)
    expect(r.output).toContain('no-such-script-here')
  }, 60_000)
})

describe('startPreflight', () => {
  const previous = {
    [BUILDS_OUTCOME_ENV]: process.env[BUILDS_OUTCOME_ENV],
    [BUILDS_DEADLINE_ENV]: process.env[BUILDS_DEADLINE_ENV],
  }
  afterEach(() => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) {
        delete process.env[name]
      } else {
        process.env[name] = value
      }
    }
  })

  it('sets one deadline for the whole wait, once, when the builds start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'preflight-test-'))
    try {
      const before = Date.now()
      const preflight = startPreflight(dir, dir, (step) => Promise.resolve(result(step, true)))
      const deadline = Number(process.env[BUILDS_DEADLINE_ENV])
      expect(deadline).toBeGreaterThanOrEqual(before + BUILDS_WAIT_MS)
      expect(deadline).toBeLessThanOrEqual(Date.now() + BUILDS_WAIT_MS)
      await preflight.results
      expect(Number(process.env[BUILDS_DEADLINE_ENV])).toBe(deadline)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('starts the typecheck only once the builds have ended', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'preflight-test-'))
    try {
      const events: string[] = []
      const preflight = startPreflight(dir, dir, async (step) => {
        events.push(`start ${step.script}`)
        await new Promise((resolve) => setImmediate(resolve))
        events.push(`end ${step.script}`)
        return result(step, true)
      })
      await preflight.results
      expect(events.indexOf('start typecheck')).toBeGreaterThan(events.indexOf('end build'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('writes a failed outcome with the reason when the builds cannot run, and fails the run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'preflight-test-'))
    try {
      const preflight = startPreflight(dir, dir, (step) =>
        step.script === 'build'
          ? Promise.reject(new Error('spawn nice ENOENT'))
          : Promise.resolve(result(step, true)),
      )
      const results = await preflight.results
      const outcome = JSON.parse(
        await readFile(process.env[BUILDS_OUTCOME_ENV]!, 'utf8'),
      ) as BuildsOutcome
      expect(outcome.ok).toBe(false)
      expect(outcome.reason).toContain('spawn nice ENOENT')
      const build = results.find((r) => r.step.script === 'build')!
      expect(build.ok).toBe(false)
      expect(build.output).toContain('spawn nice ENOENT')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('fails the run when the outcome cannot be written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'preflight-test-'))
    try {
      // A file where the outcome's folder should be: nothing can be written under it.
      const blocked = join(dir, 'not-a-folder')
      await writeFile(blocked, '')
      const preflight = startPreflight(dir, blocked, (step) => Promise.resolve(result(step, true)))
      const results = await preflight.results
      const build = results.find((r) => r.step.script === 'build')!
      expect(build.ok).toBe(false)
      expect(build.output).toContain("the builds' outcome could not be made")
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it("runs the builds and the checks, and writes the builds' outcome where the env names", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'preflight-test-'))
    try {
      const ran: string[] = []
      const preflight = startPreflight(dir, dir, (step) => {
        ran.push(step.script)
        return Promise.resolve(result(step, step.script !== 'typecheck'))
      })
      const results = await preflight.results
      expect(ran.sort()).toEqual(['build', 'format:check', 'lint', 'typecheck'])
      expect(results.filter((r) => !r.ok).map((r) => r.step.script)).toEqual(['typecheck'])
      const outcomeFile = process.env[BUILDS_OUTCOME_ENV]!
      expect(outcomeFile.startsWith(dir)).toBe(true)
      // A failed check is the run's failure, not the builds': the end-to-end files go on.
      expect(JSON.parse(await readFile(outcomeFile, 'utf8'))).toEqual({ ok: true, failed: [] })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('reports failed builds to the end-to-end files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'preflight-test-'))
    try {
      const preflight = startPreflight(dir, dir, (step) =>
        Promise.resolve(result(step, step.script !== 'build')),
      )
      await preflight.results
      expect(JSON.parse(await readFile(process.env[BUILDS_OUTCOME_ENV]!, 'utf8'))).toEqual({
        ok: false,
        failed: ['build'],
      })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('runs beside the tests at a lower priority, the checks lowest; the foreground at none', () => {
    expect(PREFLIGHT_BUILDS.every((step) => (step.niceness ?? 0) > 0)).toBe(true)
    for (const step of [...PREFLIGHT_CHECKS.flat(), ...PREFLIGHT_AFTER_BUILDS]) {
      expect(step.niceness).toBeGreaterThan(PREFLIGHT_BUILDS[0]!.niceness!)
    }
    expect(PREFLIGHT_LANES.flat().map((step) => step.niceness)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    // Bounded still, and for as long as the tests may take.
    for (const step of [...PREFLIGHT_CHECKS.flat(), ...PREFLIGHT_AFTER_BUILDS]) {
      expect(step.limitMs).toBeGreaterThan(STEP_LIMIT_MS)
    }
    expect(PREFLIGHT_LANES.flat().map((step) => step.script)).toEqual([
      'lint',
      'format:check',
      'typecheck',
      'build',
    ])
  })
})

describe('runNpmScript with a niceness', () => {
  it('runs the script under nice', async () => {
    const r = await runNpmScript({ script: 'no-such-script-here', niceness: 5 }, process.cwd())
    expect(r.ok).toBe(false)
    expect(r.output).toContain('no-such-script-here')
  }, 60_000)
})
