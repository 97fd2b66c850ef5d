// The order Vitest starts test files in: within each group (sequence.groupOrder), the longest file
// first, whatever its project. A group with two workers (the unit tests; the end-to-end tests,
// ADR 070) takes the next file whenever a worker is free, so starting the long ones first lets both
// workers end together instead of one running a 96 s file alone at the end (longest processing time
// first). Vitest's own order sorts by project name first and, on a fresh clone (no record of past
// runs, as in CI), by file size. Times come from Vitest's record of this machine's runs when it
// has one, else from the last full run's (test-durations.ts); a file with neither runs first.
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { relative } from 'node:path'
import { LAST_RUN_SECONDS } from './test-durations'

/** The key Vitest and test-durations.ts name a file by: `<project>:<path from the root>`. */
export function durationKey(spec: TestSpecification, root: string): string {
  return `${spec.project.name}:${relative(root, spec.moduleId)}`
}

/** Sorts specs by group, then by expected seconds (longest first), then in the given order. */
export function slowFirst<T>(
  specs: readonly T[],
  groupOf: (spec: T) => number,
  secondsOf: (spec: T) => number | undefined,
): T[] {
  const expected = (spec: T) => secondsOf(spec) ?? Number.POSITIVE_INFINITY
  return specs
    .map((spec, index) => ({ spec, index }))
    .sort(
      (a, b) =>
        groupOf(a.spec) - groupOf(b.spec) ||
        expected(b.spec) - expected(a.spec) ||
        a.index - b.index,
    )
    .map(({ spec }) => spec)
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files)
    const root = this.ctx.config.root
    return slowFirst(
      vitestOrder,
      (spec) => spec.project.config.sequence.groupOrder,
      (spec) => {
        const key = durationKey(spec, root)
        const recorded = this.ctx.cache.getFileTestResults(key)?.duration
        return recorded === undefined ? LAST_RUN_SECONDS[key] : recorded / 1000
      },
    )
  }
}
