// A Vitest reporter that ends the run with one plain line, "N passed, N failed, N skipped", so that
// CI and people reading a long log see the outcome of the whole run at the very end.
import type { Reporter, TestModule } from 'vitest/node'

/** Counts every test case of the run and prints the closing summary line. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 }
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        counts[test.result().state] += 1
      }
      if (module.state() === 'failed' && module.errors().length > 0) {
        counts.failed += 1
      }
    }
    process.stdout.write(
      `\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped + counts.pending} skipped\n`,
    )
  }
}
