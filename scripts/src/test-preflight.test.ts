import { describe, expect, it } from 'vitest'
import { runLanes, runNpmScript, type PreflightStep, type StepResult } from './test-preflight'

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
  })
})
