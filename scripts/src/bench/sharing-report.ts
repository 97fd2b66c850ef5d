// The sharing benchmark's goal and how its figures read: the terminal tables and the Markdown
// section of BENCHMARKS.md. Every relay figure is also given as a ratio to the static answer of the
// same size from the same process, measured in the same minutes.
import type { BenchmarkResult } from './benchmark'
import { formatBytes, formatCount, formatMs, markdownTable, percentile, textTable } from './stats'
import type { ReadFigures } from './relay/readers'

export interface SharingShape {
  pages: number
  readers: number
  saturationMs: number
  /** The stated rate of the open loop, requests per second, and how long it lasts. */
  ratePerSecond: number
  rateMs: number
}

/** The goal: p99 under this at the stated rate, for the page and for the feed. */
export const P99_GOAL_MS = 50

export interface TargetFigures {
  /** Size of the relay's answer (mean) and of its static twin. */
  bytes: number
  relaySaturation: ReadFigures
  staticSaturation: ReadFigures
  relayRate: ReadFigures
  staticRate: ReadFigures
}

export interface SharingFigures {
  page: TargetFigures
  discover: TargetFigures
}

export interface RunContext {
  machine: string
  seconds: number
  command: string
}

const result = (ok: boolean) => (ok ? '**PASS**' : '**FAIL**')
const ratio = (value: number) => `${value.toFixed(2)}x`
const p = (figures: ReadFigures, rank: number) => percentile(figures.latenciesMs, rank)
const perSecond = (figures: ReadFigures) =>
  (figures.requests - figures.errors) / (figures.wallMs / 1000)

function rows(name: string, target: TargetFigures): string[][] {
  const line = (load: string, relay: ReadFigures, twin: ReadFigures) => [
    `${name}, ${load}`,
    `${formatMs(p(relay, 50))} (${ratio(p(relay, 50) / p(twin, 50))})`,
    `${formatMs(p(relay, 99))} (${ratio(p(relay, 99) / p(twin, 99))})`,
    `${formatCount(Math.round(perSecond(relay)))} (${ratio(perSecond(relay) / perSecond(twin))})`,
    `${formatMs(p(twin, 50))} / ${formatMs(p(twin, 99))} / ${formatCount(Math.round(perSecond(twin)))}`,
    `${relay.errors} / ${twin.errors}`,
  ]
  return [
    line('closed loop', target.relaySaturation, target.staticSaturation),
    line('stated rate', target.relayRate, target.staticRate),
  ]
}

/** The goals, the tables and the section. */
export function sharingReport(
  figures: SharingFigures,
  shape: SharingShape,
  context: RunContext,
): BenchmarkResult {
  const targets = [
    ['Public page HTML (GET /explore/:shareId)', figures.page],
    ['Discover feed, first page (POST /discover)', figures.discover],
  ] as const
  const goalRows = targets.map(([name, target]) => {
    const p99 = p(target.relayRate, 99)
    const ok = p99 < P99_GOAL_MS && target.relayRate.errors === 0
    return {
      ok,
      name,
      row: [
        `${name}: p99 at ${shape.ratePerSecond} requests/s, ${shape.readers} readers`,
        `< ${P99_GOAL_MS} ms, no errors`,
        `${formatMs(p99)} (${ratio(p99 / p(target.staticRate, 99))} the static file's), ${target.relayRate.errors} errors`,
        result(ok),
      ],
    }
  })
  const goalsHeader = ['Goal', 'Target', 'Measured', 'Result']
  const header = [
    'Relay answer, load',
    'p50 (/ static)',
    'p99 (/ static)',
    'requests/s (/ static)',
    'Static p50 / p99 / requests/s',
    'Errors relay / static',
  ]
  const table = [...rows('Public page', figures.page), ...rows('Discover', figures.discover)]
  const sizes = `public page ${formatBytes(figures.page.bytes)}, discover page ${formatBytes(figures.discover.bytes)}`
  const markdown = [
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`${context.command}\` (${context.seconds} s in all).`,
    '',
    `Machine: ${context.machine}.`,
    '',
    `What was measured: one relay process (\`relay/src/testing/sharing-bench-server.ts\`: the production relay from \`createRelay\`, SQLite in a temporary directory, billing off giving Premium, the default limits, plus a route that exists only in this bench build: \`GET /bench/static?bytes=N\`, N bytes of HTML made once and held in memory, as a static file server with a memory cache answers). One account pushed ${formatCount(shape.pages)} PUBLIC pages through POST /sync (4 shown highlights each, some notes shown, tags, the store benchmark's texts); the relay made their public projection from those writes. ${shape.readers} readers, each on a loopback address of its own (the relay limits public reads per address) with keep-alive connections, in the same Node process as the load generator (node:http): the public page's HTML (\`GET /explore/:shareId\`, cycling through every page) and the discover feed's first page (\`POST /discover\` \`{"type":"newest"}\`), each against the static route answering the same number of bytes (${sizes}). Two loads each, relay and static alternating: a closed loop for ${shape.saturationMs / 1000} s (every reader sends its next request when the last one answers: requests/s at saturation) and an open loop at the stated rate of ${shape.ratePerSecond} requests/s for ${shape.rateMs / 1000} s (seeded Poisson arrivals over the readers, whatever the server's speed: the goal). Latency runs from sending a request to its answer's last byte; every answer's status is checked (200).`,
    '',
    '### Goals',
    '',
    markdownTable(
      goalsHeader,
      goalRows.map((goal) => goal.row),
    ),
    '',
    '### Relay against a static answer of the same size (same process)',
    '',
    markdownTable(header, table),
    '',
    `Reading: at the stated rate the static answer's own p99 was ${formatMs(p(figures.page.staticRate, 99))} and ${formatMs(p(figures.discover.staticRate, 99))} (no work at all), so a p99 far above its median says how busy the machine was during the run, not only what the relay's work costs; the medians (${formatMs(p(figures.page.relayRate, 50))} for a page, ${formatMs(p(figures.discover.relayRate, 50))} for the feed) and the ratios measured in the same minutes are the figures to compare between runs.`,
  ].join('\n')
  return {
    table: [
      textTable(
        goalsHeader,
        goalRows.map((goal) => goal.row),
      ),
      textTable(header, table),
    ].join('\n\n'),
    markdown,
    failedGoals: goalRows.filter((goal) => !goal.ok).map((goal) => goal.row[0] ?? goal.name),
  }
}
