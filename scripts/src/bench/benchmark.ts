// What every benchmark gives run-all.ts: a name, the BENCHMARKS.md section it owns, and a run that
// returns its figures as a terminal table and as the Markdown body of that section.

export interface BenchmarkOptions {
  /** A small library and few repetitions, to check the benchmark itself; nothing is recorded. */
  quick: boolean
  /** Progress lines (to stderr). */
  log: (line: string) => void
}

export interface BenchmarkResult {
  /** The figures as plain text, for stdout. */
  table: string
  /** The body of the benchmark's BENCHMARKS.md section (without its heading). */
  markdown: string
  /** The goals the run missed, in words; empty when every goal is met. */
  failedGoals: string[]
}

export interface Benchmark {
  name: string
  /** The `## ` heading of its section in BENCHMARKS.md. */
  heading: string
  run(options: BenchmarkOptions): Promise<BenchmarkResult>
}
