// A Vitest reporter that ends the run with one plain line, "N passed, N failed, N skipped", so that
// CI and people reading a long log see the outcome of the whole run at the very end. Under
// `npm test` (INKMARK_TEST_PREFLIGHT=1) it also runs the preflight beside the tests (ADR 084):
// it starts the builds and checks when Vitest starts (test-preflight.ts), and at the end waits for
// them, prints their output and counts each failed step as a failure, so that the line still tells
// the whole outcome and the run fails with it.
import { rm } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Reporter, TestModule } from 'vitest/node'
import { RunTimeline } from './run-timeline'
import {
  BUILDS_OUTCOME_ENV,
  printPreflight,
  startPreflight,
  type BackgroundPreflight,
  type StepResult,
} from './test-preflight'

/** Set by `npm test`: run the preflight beside the tests. */
export const PREFLIGHT_ENV = 'INKMARK_TEST_PREFLIGHT'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Counts every test case of the run and prints the closing summary line. */
export default class SummaryReporter implements Reporter {
  private preflight: BackgroundPreflight | undefined
  /** Made with the reporter, when Vitest starts the run. */
  private readonly timeline = new RunTimeline(Date.now())

  onInit(): void {
    if (process.env[PREFLIGHT_ENV] === '1' && this.preflight === undefined) {
      this.preflight = startPreflight(
        repoRoot,
        join(repoRoot, 'node_modules/.cache/inkmark-preflight'),
      )
    }
  }

  onTestModuleStart(module: TestModule): void {
    this.timeline.fileStarted(module.project.name, module.moduleId, Date.now())
  }

  onTestModuleEnd(module: TestModule): void {
    this.timeline.fileEnded(module.project.name, module.moduleId, Date.now())
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 }
    const failures: string[] = []
    for (const module of testModules) {
      const where = `${module.project.name} ${relative(repoRoot, module.moduleId)}`
      for (const test of module.children.allTests()) {
        const result = test.result()
        counts[result.state] += 1
        if (result.state === 'failed') {
          const [error] = result.errors ?? []
          failures.push(
            `${where} > ${test.fullName}${lineOf(error, module.moduleId)}: ${firstLine(error?.message)}`,
          )
        }
      }
      if (module.state() === 'failed' && module.errors().length > 0) {
        counts.failed += 1
        failures.push(`${where}: ${firstLine(module.errors()[0]?.message)}`)
      }
      // A hook that failed (beforeAll, say) fails its suite: its tests are only skipped.
      for (const suite of module.children.allSuites()) {
        const [error] = suite.errors()
        if (error !== undefined) {
          counts.failed += 1
          failures.push(`${where} > ${suite.fullName}: ${firstLine(error.message)}`)
        }
      }
    }
    if (this.preflight !== undefined) {
      counts.failed += (await this.endPreflight(this.preflight)).length
    }
    process.stdout.write(
      `\nWhen each project ran:\n${this.timeline
        .lines()
        .map((line) => `  ${line}\n`)
        .join('')}`,
    )
    // Last before the summary line, after the preflight's long output: what a log's tail shows.
    if (failures.length > 0) {
      process.stdout.write(
        `\nFailed tests (${failures.length}):\n${failures.map((line) => `  ${line}\n`).join('')}`,
      )
    }
    process.stdout.write(
      `\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped + counts.pending} skipped\n`,
    )
  }

  /** Waits for the preflight, prints it; the failed steps' names (the run fails with them). */
  private async endPreflight(preflight: BackgroundPreflight): Promise<string[]> {
    let results: StepResult[]
    try {
      results = await preflight.results
    } catch (error) {
      process.stdout.write(`\nPreflight failed: ${String(error)}\n`)
      process.exitCode = 1
      return ['preflight']
    } finally {
      const outcomeFile = process.env[BUILDS_OUTCOME_ENV]
      if (outcomeFile !== undefined) {
        await rm(outcomeFile, { force: true })
      }
    }
    const failed = printPreflight(
      results,
      (Date.now() - preflight.started) / 1000,
      preflight.started,
    )
    if (failed.length > 0) {
      process.exitCode = 1
    }
    return failed
  }
}

/**
 * Where in its test file an error was thrown (" (line 140)"), from Vitest's parsed stack: one
 * summary line then tells which of a test's several assertions failed.
 */
export function lineOf(
  error: { stacks?: { file: string; line: number }[] } | undefined,
  moduleId: string,
): string {
  const frame = error?.stacks?.find((candidate) => candidate.file === moduleId)
  return frame === undefined ? '' : ` (line ${frame.line})`
}

/** The first line of an error message, shortened: enough to tell failures apart in a log's tail. */
function firstLine(message: string | undefined): string {
  const line = (message ?? 'failed').split('\n')[0]!.trim()
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}
