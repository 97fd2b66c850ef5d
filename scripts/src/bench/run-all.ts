// Runs every benchmark (or those named on the command line), prints each one's figures to stdout,
// progress to stderr, and records the figures in BENCHMARKS.md.
//
//   npm run bench                 every benchmark, recorded
//   npm run bench -- store        only the store benchmark
//   npm run bench -- relay        only the relay benchmark
//   npm run bench -- relay-soak   only the relay memory soak
//   npm run bench -- relay-cluster  only the relay cluster benchmark (1 and 3 instances, failover)
//   npm run bench -- sync         only the sync benchmark
//   npm run bench -- anchoring    only the anchoring benchmark
//   npm run bench -- webapp       only the web app benchmark
//   npm run bench -- pdf          only the PDF viewer benchmark
//   npm run bench -- pdf-heap     only the PDF viewer's memory on 1,000 pages (needs the extension built)
//   npm run bench -- reader       only the reader extraction benchmark
//   npm run bench -- toolbox      only the highlight toolbox benchmark (needs the extension built)
//   npm run bench -- search       only the search index benchmark
//   npm run bench -- learning     only the learning benchmark (sessions, figures, rating)
//   npm run bench -- ai           only the AI benchmark (Ask your library prompt, first token)
//   npm run bench -- plans        only the plans benchmark (plan gate, billing webhooks)
//   npm run bench -- sharing      only the sharing benchmark (public page HTML, discover feed)
//   npm run bench -- --quick      a small library, to check the benchmarks themselves; not recorded
//   npm run bench -- --no-write   full run, not recorded
import { aiBenchmark } from './ai/run'
import { anchoringBenchmark } from './anchoring/run'
import type { Benchmark } from './benchmark'
import { BENCHMARKS_PATH, writeBenchmarkSection } from './benchmarks-file'
import { relayClusterBenchmark } from './cluster/run'
import { learningBenchmark } from './learning/run'
import { pdfBenchmark } from './pdf'
import { pdfHeapBenchmark } from './pdf-heap'
import { plansBenchmark } from './plans/run'
import { readerBenchmark } from './reader'
import { relayBenchmark } from './relay/run'
import { relaySoakBenchmark } from './relay/soak'
import { searchBenchmark } from './search/run'
import { sharingBenchmark } from './sharing'
import { storeBenchmark } from './store/run'
import { syncBenchmark } from './sync/run'
import { toolboxBenchmark } from './toolbox'
import { webappBenchmark } from './webapp'

const BENCHMARKS: readonly Benchmark[] = [
  storeBenchmark,
  relayBenchmark,
  relaySoakBenchmark,
  relayClusterBenchmark,
  syncBenchmark,
  anchoringBenchmark,
  webappBenchmark,
  pdfBenchmark,
  pdfHeapBenchmark,
  readerBenchmark,
  toolboxBenchmark,
  searchBenchmark,
  learningBenchmark,
  aiBenchmark,
  plansBenchmark,
  sharingBenchmark,
]

function log(line: string): void {
  process.stderr.write(`${line}\n`)
}

async function main(argv: readonly string[]): Promise<number> {
  const quick = argv.includes('--quick')
  const write = !quick && !argv.includes('--no-write')
  const names = argv.filter((arg) => !arg.startsWith('--'))
  const unknown = names.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name))
  if (unknown.length > 0) {
    log(
      `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    )
    return 2
  }
  const selected = BENCHMARKS.filter(
    (benchmark) => names.length === 0 || names.includes(benchmark.name),
  )
  const failedGoals: string[] = []
  for (const benchmark of selected) {
    log(`== ${benchmark.name}${quick ? ' (quick)' : ''}`)
    const result = await benchmark.run({ quick, log })
    process.stdout.write(`${result.table}\n\n`)
    failedGoals.push(...result.failedGoals.map((goal) => `${benchmark.name}: ${goal}`))
    if (write) {
      await writeBenchmarkSection(benchmark.heading, result.markdown)
      log(`Recorded in ${BENCHMARKS_PATH} (${benchmark.heading})`)
    }
  }
  // A missed goal is a finding to report, not a crash: it is printed, and the exit code stays 0.
  if (failedGoals.length > 0) {
    process.stdout.write(`Goals missed:\n${failedGoals.map((goal) => `- ${goal}`).join('\n')}\n`)
  } else {
    process.stdout.write('Every goal met.\n')
  }
  return 0
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error))
    process.exitCode = 1
  },
)
