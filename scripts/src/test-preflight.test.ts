import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  BUILDS_OUTCOME_ENV,
  PREFLIGHT_BUILDS,
  PREFLIGHT_CHECKS,
  PREFLIGHT_LANES,
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
  it('fails with the output of a script npm does not know', async () => {
    const r = await runNpmScript({ script: 'no-such-script-here' }, process.cwd())
    expect(r.ok).toBe(false)
    expect(r.output).toContain('no-such-script-here')
  }, 60_000)
})

describe('startPreflight', () => {
  const previous = process.env[BUILDS_OUTCOME_ENV]
  afterEach(() => {
    if (previous === undefined) {
      delete process.env[BUILDS_OUTCOME_ENV]
    } else {
      process.env[BUILDS_OUTCOME_ENV] = previous
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
    for (const step of PREFLIGHT_CHECKS.flat()) {
      expect(step.niceness).toBeGreaterThan(PREFLIGHT_BUILDS[0]!.niceness!)
    }
    expect(PREFLIGHT_LANES.flat().map((step) => step.niceness)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
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
