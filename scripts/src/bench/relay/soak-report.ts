// The relay memory soak's figures, its goals and how they are printed and recorded.
import type { BenchmarkResult } from '../benchmark'
import { formatBytes, formatCount, formatMs, markdownTable, percentile, textTable } from '../stats'

/** The soak's load and the relay's settings. */
export interface SoakShape {
  users: number
  pagesPerUser: number
  /** Bytes of HTML per page content. */
  pageBytes: number
  /** INKMARK_DOC_CACHE_MB. */
  cacheMb: number
  /** What the process may use besides the doc cache (runtime, SQLite, sockets, GC slack). */
  allowanceMb: number
  /** The relay's V8 heap limit (--max-old-space-size), within the budget. */
  heapMb: number
  /** INKMARK_DOC_IDLE_MS. */
  idleMs: number
  /** GET /health timed one at a time on the idle relay. */
  healthSamples: number
  floodUpdates: number
  /** The flood rewrites this many bookmarks over and over. */
  floodKeys: number
}

export interface StoredFigures {
  rows: number
  bytes: number
}

export interface SoakFigures {
  shape: SoakShape
  startedAt: Date
  commit: string
  machine: string
  loadStart: number
  loadEnd: number
  rss: {
    ready: number
    registered: number
    afterServing: number
    afterDeleting: number
    afterFlood: number
    peak: number
    /** Peaks sampled while registering, serving and flooding. */
    peakRegistering: number
    peakServing: number
    peakFlood: number
  }
  served: { requests: number; errors: number; ms: number }
  pagesBefore: StoredFigures
  pagesAfter: StoredFigures
  healthIdle: number[]
  healthFlood: number[]
  flood: {
    updates: number
    bytes: number
    ms: number
    peakRows: number
    settled: StoredFigures
  }
}

const MIB = 2 ** 20
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`
const ratio = (value: number) => `${value.toFixed(2)}x`

/** The goals: memory under the budget, /health answered during the flood, the log bounded. */
export const SOAK_GOALS = {
  /** /health p99 during the flood, at most this many times its idle p99. */
  healthP99Ratio: 10,
  /** The flooded doc's log after compaction, at most this many rows (COMPACT_AFTER_UPDATES + 1). */
  settledRows: 201,
}

export function reportSoak(figures: SoakFigures): BenchmarkResult {
  const { shape, rss, flood } = figures
  const budget = (shape.cacheMb + shape.allowanceMb) * MIB
  const idle = { p50: percentile(figures.healthIdle, 50), p99: percentile(figures.healthIdle, 99) }
  const busy = {
    p50: percentile(figures.healthFlood, 50),
    p99: percentile(figures.healthFlood, 99),
  }
  const pages = shape.users * shape.pagesPerUser
  const goals = [
    {
      goal: 'Peak RSS under the budget (doc cache + allowance)',
      target: `< ${mib(budget)}`,
      measured: `${mib(rss.peak)} (${ratio(rss.peak / budget)} of the budget)`,
      pass: rss.peak < budget,
    },
    {
      goal: `GET /health p99 during the room flood at most ${SOAK_GOALS.healthP99Ratio}x idle`,
      target: `<= ${SOAK_GOALS.healthP99Ratio}x`,
      measured: `${ratio(busy.p99 / idle.p99)} (${formatMs(busy.p99)} vs ${formatMs(idle.p99)})`,
      pass: busy.p99 / idle.p99 <= SOAK_GOALS.healthP99Ratio,
    },
    {
      goal: 'The flooded doc’s stored log bounded (compacted)',
      target: `<= ${SOAK_GOALS.settledRows} rows`,
      measured: `${formatCount(flood.settled.rows)} rows (at most ${formatCount(flood.peakRows)} seen)`,
      pass: flood.settled.rows <= SOAK_GOALS.settledRows,
    },
    {
      goal: 'No errors; every page read back as pushed',
      target: '0 errors',
      measured: `${formatCount(figures.served.errors)} errors`,
      pass: figures.served.errors === 0,
    },
  ]
  const goalRows = goals.map((goal) => [
    goal.goal,
    goal.target,
    goal.measured,
    goal.pass ? '**PASS**' : '**FAIL**',
  ])
  const rssRows = [
    ['Ready, idle', mib(rss.ready)],
    [
      `After registering ${shape.users + 1} users (peak while registering)`,
      `${mib(rss.registered)} (${mib(rss.peakRegistering)})`,
    ],
    [
      `After serving ${formatCount(pages)} page contents (peak while serving)`,
      `${mib(rss.afterServing)} (${mib(rss.peakServing)})`,
    ],
    ['After half of the users deleted theirs', mib(rss.afterDeleting)],
    [
      'After the room flood (peak during the flood)',
      `${mib(rss.afterFlood)} (${mib(rss.peakFlood)})`,
    ],
    ['Peak (sampled every 100 ms, and VmHWM)', mib(rss.peak)],
    ['Budget', mib(budget)],
  ]
  const healthRows = [
    [
      'Idle relay',
      formatCount(figures.healthIdle.length),
      formatMs(idle.p50),
      formatMs(idle.p99),
      '1.00x',
      '1.00x',
    ],
    [
      'During the room flood',
      formatCount(figures.healthFlood.length),
      formatMs(busy.p50),
      formatMs(busy.p99),
      ratio(busy.p50 / idle.p50),
      ratio(busy.p99 / idle.p99),
    ],
  ]
  const storedRows = [
    [
      'Page-content bodies, all users',
      `${formatCount(figures.pagesBefore.rows)} rows, ${formatBytes(figures.pagesBefore.bytes)}`,
      `${formatCount(figures.pagesAfter.rows)} rows, ${formatBytes(figures.pagesAfter.bytes)}`,
    ],
    [
      'Flooded library doc (sent / stored after compaction)',
      `${formatCount(flood.updates)} updates, ${formatBytes(flood.bytes)}`,
      `${formatCount(flood.settled.rows)} rows, ${formatBytes(flood.settled.bytes)}`,
    ],
  ]
  const failedGoals = goals.filter((goal) => !goal.pass).map((goal) => goal.goal)
  const table = [
    textTable(
      ['Goal', 'Target', 'Measured', 'Result'],
      goalRows.map((row) => row.map((cell) => cell.replaceAll('**', ''))),
    ),
    textTable(['RSS', 'Relay'], rssRows),
    textTable(['GET /health', 'Requests', 'p50', 'p99', 'p50 / idle', 'p99 / idle'], healthRows),
    textTable(['Stored', 'Before', 'After'], storedRows),
  ].join('\n\n')
  const when = figures.startedAt.toISOString().slice(0, 16).replace('T', ' ')
  const markdown = `Last run: ${when} UTC, commit ${figures.commit}, \`npm run bench -- relay-soak\` (${(figures.served.ms / 1000).toFixed(0)} s serving).
Machine: ${figures.machine}. One-minute load average ${figures.loadStart.toFixed(1)} at the start and ${figures.loadEnd.toFixed(1)} at the end (other work was running on the machine).

Load: the relay as its own process (\`node --import tsx relay/src/server.ts\`, NODE_ENV=production, SQLite in a temporary directory) with \`INKMARK_DOC_CACHE_MB=${shape.cacheMb}\` and \`INKMARK_DOC_IDLE_MS=${shape.idleMs}\`. ${formatCount(shape.users)} users, one after the other, each push ${shape.pagesPerUser} page contents of ${formatBytes(shape.pageBytes)} of HTML (POST /sync in batches of 20) and read every one back (GET /page-contents/html): ${formatCount(pages)} page contents, ${formatCount(figures.served.requests)} requests. Then half of the users delete all theirs (DELETE /sync). Then one more account floods its library room from a separate process (a y-protocols client on \`ws\`): ${formatCount(flood.updates)} updates, each rewriting one of ${shape.floodKeys} bookmarks, sent as fast as the socket takes them (${formatMs(flood.ms)}; the per-account room message limit of ADR 030 is lifted for the soak, which would otherwise close the socket after 3,000), while GET /health is timed one request at a time; the same requests were timed on the idle relay at the start of the run. The budget is the doc cache's plus a fixed allowance of ${shape.allowanceMb} MiB for the runtime (tsx, Fastify, SQLite's cache, sockets, scrypt's memory while registering, GC slack); the relay runs with \`--max-old-space-size=${shape.heapMb}\` and \`MALLOC_ARENA_MAX=2\` (so that scrypt's memory in the thread pool is not kept in per-thread arenas), so a relay that kept every doc it served (${formatBytes(shape.users * shape.pagesPerUser * shape.pageBytes)} of page HTML) would run out of heap.

### Goals

${markdownTable(['Goal', 'Target', 'Measured', 'Result'], goalRows)}

### Memory

Resident memory of the relay process (VmRSS from /proc/<pid>/status, sampled every ${100} ms, and VmHWM).

${markdownTable(['RSS', 'Relay'], rssRows)}

### /health during a room flood

${markdownTable(['GET /health', 'Requests', 'p50', 'p99', 'p50 / idle', 'p99 / idle'], healthRows)}

### Storage

${markdownTable(['Stored', 'Before', 'After'], storedRows)}

The flood's doc held at most ${formatCount(flood.peakRows)} rows while it was written (compaction runs in the background once a doc's log passes 200 updates or 1 MiB added).`
  return { table, markdown, failedGoals }
}
