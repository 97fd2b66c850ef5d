// The plans and billing benchmark (`npm run bench:plans`; relay/src/plans/sync-plan.ts,
// docs/adr/051-relay-billing.md), in Node: the relay's plan gate as a share of an accepted
// 20-entity POST /sync, a refused push (expired trial, 402) against the accepted one, and a signed
// provider event through the billing service's receive path (first delivery and a replay), each
// against the same push measured in the same rounds (measure.ts, report.ts).
import { availableParallelism, cpus, loadavg } from 'node:os'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from '../benchmark'
import { measurePlans } from './measure'
import { plansReport } from './report'

const FULL = { rounds: 400, warmupRounds: 40 }
const QUICK = { rounds: 30, warmupRounds: 5 }

async function measure({ quick, log }: BenchmarkOptions): Promise<BenchmarkResult> {
  const size = quick ? QUICK : FULL
  const started = Date.now()
  const loadStart = loadavg()[0] ?? 0
  log(`relay in a child process: ${size.rounds} rounds after ${size.warmupRounds} warm-up`)
  const figures = await measurePlans(size.rounds, size.warmupRounds)
  const loadEnd = loadavg()[0] ?? 0
  const cores = availableParallelism()
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  const crowded =
    Math.max(loadStart, loadEnd) > cores
      ? ' (above the core count: other work shared the machine, so times are inflated; the ratios, measured in the same rounds, hold better)'
      : ''
  return plansReport(figures, {
    machine: `${cores} cores (${cpu}), Node ${process.version}; one-minute load average ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)} at the end${crowded}`,
    seconds: Math.round((Date.now() - started) / 1000),
    command: quick ? 'npm run bench -- plans --quick' : 'npm run bench:plans',
  })
}

export const plansBenchmark: Benchmark = {
  name: 'plans',
  heading: '## Plans and billing (plan gate, webhooks; Node)',
  run: measure,
}
