// The sync benchmark's goals, terminal table and BENCHMARKS.md section, from the figures run.ts
// collected. Pure, so the goal arithmetic is unit tested.
import type { BenchmarkResult } from '../benchmark'
import {
  formatBytes,
  formatCount,
  formatMs,
  markdownTable,
  median,
  percentile,
  textTable,
} from '../stats'
import type { BaselineReport, LiveReport, SyncRunReport } from './protocol'

/** Push and pull each within this factor of the baseline POSTs. */
export const BASELINE_FACTOR_GOAL = 3
/** Every live change visible on the second device within this. */
export const LIVE_GOAL_MS = 1_000

export interface SyncFigures {
  when: string
  machine: string
  loadBefore: number
  loadAfter: number
  populated: { entities: number; bookmarks: number; marks: number; ms: number; batchBodies: number }
  push: SyncRunReport
  pull: SyncRunReport
  baseline: BaselineReport
  live: LiveReport
}

interface Goal {
  name: string
  target: string
  measured: string
  met: boolean
}

const perSecond = (count: number, ms: number) => formatCount(Math.round((count / ms) * 1000))
const ratio = (value: number) => `${value.toFixed(2)}x`
const calls = (report: SyncRunReport) =>
  Object.entries(report.calls)
    .map(([method, count]) => `${count} ${method}`)
    .join(', ')

/** The goals of a run, met or not. */
export function syncGoals(figures: SyncFigures): Goal[] {
  const { push, pull, baseline, live, populated } = figures
  const worstLive = Math.max(...live.latenciesMs)
  return [
    {
      name: 'Push within 3x of the baseline POSTs',
      target: `<= ${BASELINE_FACTOR_GOAL}x`,
      measured: ratio(push.ms / baseline.ms),
      met: push.ms / baseline.ms <= BASELINE_FACTOR_GOAL,
    },
    {
      name: 'Pull on a fresh device within 3x of the baseline POSTs',
      target: `<= ${BASELINE_FACTOR_GOAL}x`,
      measured: ratio(pull.ms / baseline.ms),
      met: pull.ms / baseline.ms <= BASELINE_FACTOR_GOAL,
    },
    {
      name: 'Every live change on the second device in under 1 s',
      target: `< ${formatMs(LIVE_GOAL_MS)}`,
      measured: `${formatMs(worstLive)} at worst (median ${formatMs(median(live.latenciesMs))})`,
      met: worstLive < LIVE_GOAL_MS,
    },
    {
      name: 'Everything pushed is pulled back, both devices up to date',
      target: `${formatCount(populated.entities)} entities`,
      measured: `${formatCount(pull.held)} pulled; states ${push.state}, ${pull.state}`,
      met:
        pull.held === populated.entities &&
        push.state === 'UP_TO_DATE' &&
        pull.state === 'UP_TO_DATE',
    },
  ]
}

/** The terminal table, the Markdown section and the missed goals. */
export function reportSyncFigures(figures: SyncFigures): BenchmarkResult {
  const { push, pull, baseline, live, populated } = figures
  const goals = syncGoals(figures)
  const goalRows = goals.map((goal) => [
    goal.name,
    goal.target,
    goal.measured,
    goal.met ? 'PASS' : 'FAIL',
  ])
  const runHeader = [
    '',
    'Entities',
    'Time',
    'Entities/s',
    'Calls',
    'Sent',
    'Received',
    'x baseline',
  ]
  const runRows = [
    [
      'Push (sync on the device that has them)',
      formatCount(push.entities),
      formatMs(push.ms),
      perSecond(push.entities, push.ms),
      calls(push),
      formatBytes(push.sentBytes),
      formatBytes(push.receivedBytes),
      ratio(push.ms / baseline.ms),
    ],
    [
      'Pull (sync on a fresh device)',
      formatCount(pull.held),
      formatMs(pull.ms),
      perSecond(pull.held, pull.ms),
      calls(pull),
      formatBytes(pull.sentBytes),
      formatBytes(pull.receivedBytes),
      ratio(pull.ms / baseline.ms),
    ],
    [
      'Baseline: the push bodies as raw POSTs to a no-op route',
      formatCount(populated.entities),
      formatMs(baseline.ms),
      perSecond(populated.entities, baseline.ms),
      `${formatCount(baseline.requests)} POST`,
      formatBytes(baseline.sentBytes),
      '-',
      '1.00x',
    ],
  ]
  const liveRow = [
    formatCount(live.latenciesMs.length),
    formatMs(median(live.latenciesMs)),
    formatMs(percentile(live.latenciesMs, 95)),
    formatMs(Math.max(...live.latenciesMs)),
  ]
  const liveHeader = ['Changes', 'Median', 'p95', 'Worst']
  const table = [
    textTable(['Goal', 'Target', 'Measured', 'Result'], goalRows),
    textTable(runHeader, runRows),
    textTable(liveHeader, [liveRow]),
  ].join('\n\n')
  const busy = figures.loadAfter > 2 || figures.loadBefore > 2
  const markdown = [
    `Last run: ${figures.when.slice(0, 16).replace('T', ' ')} UTC, \`npm run bench -- sync\`.`,
    `Machine: ${figures.machine}. One-minute load average ${figures.loadBefore.toFixed(1)} at the start and ${figures.loadAfter.toFixed(1)} at the end${busy ? ' (above the core count: other work shared the machine, so times are inflated)' : ''}.`,
    '',
    `Every device is a page in headless Chromium running the product's code: the local store on real IndexedDB, the sync engine over the browser's \`fetch\`, the live channel over its WebSocket. The relay runs as its own process (\`node --import tsx relay/src/server.ts\`, NODE_ENV=production) on its embedded SQLite store in a temporary directory, on loopback. One device is populated with ${formatCount(populated.entities)} entities (${formatCount(populated.bookmarks)} bookmarks, ${formatCount(populated.marks)} highlights with the store benchmark's texts, notes, rich text, tags and anchors; written in ${formatMs(populated.ms)}, not part of the figures), then one \`engine.sync()\` pushes them all (a pull of nothing first, then POST /sync in batches of 20, each answer marking its entities synced in the store). A fresh device's \`engine.sync()\` then pulls them (GET /sync pages, applied to its store in one transaction per page). The baseline, in the same run and the same page: the push's ${formatCount(populated.batchBodies)} request bodies, byte for byte, POSTed one after the other with \`fetch\` to a Fastify route that parses the body and answers \`{}\` (its own process, same body limit, CORS), which is the cost of moving the bytes with nothing stored.`,
    '',
    '### Goals',
    '',
    markdownTable(
      ['Goal', 'Target', 'Measured', 'Result'],
      goalRows.map((row) => row.map((cell, i) => (i === 3 ? `**${cell}**` : cell))),
    ),
    '',
    '### Push and pull',
    '',
    markdownTable(runHeader, runRows),
    '',
    'Sent and received count the bodies of the calls the relay client made (JSON text), not headers.',
    '',
    '### Live changes',
    '',
    `Two more devices (stores of their own, each with its own WebSocket to the relay's room) join the live room; one writes a highlight at a time, and the time runs from the write call on the first device until the second device's store announces it to its observers (the moment a UI would re-render), ${formatCount(live.latenciesMs.length)} times one after the other.`,
    '',
    markdownTable(liveHeader, [liveRow]),
  ].join('\n')
  return {
    table,
    markdown,
    failedGoals: goals.filter((goal) => !goal.met).map((goal) => `${goal.name}: ${goal.measured}`),
  }
}
